import { hmacSha256Hex, timingSafeEqualStrings } from './crypto'

/**
 * Signed, time-limited links to an attachment on the file route (`/files/attachment/…`), for a
 * third party that fetches it once: Twilio downloads a text's MediaUrl when it sends the text.
 * HMAC-SHA256 over the object key and the expiry, keyed by a key derived from the
 * PLATFORM_API_TOKEN secret for this purpose only (as download-links.ts does for exports).
 */

export const MEDIA_LINK_SECONDS = 60 * 60
const PURPOSE = 'parley outbound media link v1'

async function signingKey(secret: string | undefined) {
  // Without the secret anyone could sign: no link is made or accepted.
  if (!secret) return null
  return hmacSha256Hex(secret, PURPOSE)
}

/** An absolute signed link to the stored object `key`, valid MEDIA_LINK_SECONDS from `now`. */
export async function signedMediaUrl(
  secret: string | undefined,
  origin: string,
  key: string,
  now: number,
): Promise<string | null> {
  const signing = await signingKey(secret)
  if (!signing) return null
  const expires = now + MEDIA_LINK_SECONDS
  const signature = await hmacSha256Hex(signing, `${key}.${expires}`)
  const query = new URLSearchParams({ expires: String(expires), signature })
  const path = key.split('/').map(encodeURIComponent).join('/')
  return `${origin.replace(/\/+$/, '')}/files/${path}?${query}`
}

/** Whether a media link's parts are ones this server signed for `key`, and still in time. */
export async function checkMediaLink(
  secret: string | undefined,
  key: string,
  parts: { expires?: string; signature?: string },
  now: number,
): Promise<'valid' | 'expired' | 'invalid'> {
  const signing = await signingKey(secret)
  if (
    !signing ||
    !/^\d{1,15}$/.test(parts.expires ?? '') ||
    !/^[0-9a-f]{64}$/.test(parts.signature ?? '')
  ) {
    return 'invalid'
  }
  const expected = await hmacSha256Hex(signing, `${key}.${parts.expires}`)
  if (!timingSafeEqualStrings(expected, parts.signature ?? '')) return 'invalid'
  return Number(parts.expires) < now ? 'expired' : 'valid'
}
