import { hmacSha256Hex, timingSafeEqualStrings } from './crypto'
import { parseId } from './ids'

/**
 * Signed, time-limited links to a contacts export: the link is the credential, so a browser
 * downloads the file without the API token. The signature is HMAC-SHA256 over the export id,
 * its account and the expiry, keyed by a key derived from the PLATFORM_API_TOKEN secret (the
 * one server secret every deployment has; Parley has no other signing secret). The derivation
 * keeps the two uses apart: a link's signature says nothing about the token.
 */

export const DOWNLOAD_LINK_SECONDS = 15 * 60
const PURPOSE = 'parley contact export download v1'

async function signingKey(env: Env) {
  const secret = env.PLATFORM_API_TOKEN
  // Without the secret anyone could sign: no link is made or accepted.
  if (!secret) return null
  return hmacSha256Hex(secret, PURPOSE)
}

const message = (exportId: number, accountId: number, expires: number) =>
  `${exportId}.${accountId}.${expires}`

export const downloadPath = (exportId: number) => `/downloads/contact_exports/${exportId}`

/** An absolute link to the export's file, valid DOWNLOAD_LINK_SECONDS from `now`. */
export async function signedDownloadUrl(
  env: Env,
  origin: string,
  exportId: number,
  accountId: number,
  now: number,
): Promise<string | undefined> {
  const key = await signingKey(env)
  if (!key) return undefined
  const expires = now + DOWNLOAD_LINK_SECONDS
  const signature = await hmacSha256Hex(key, message(exportId, accountId, expires))
  const query = new URLSearchParams({
    account_id: String(accountId),
    expires: String(expires),
    signature,
  })
  return `${origin}${downloadPath(exportId)}?${query}`
}

export type LinkCheck = 'valid' | 'expired' | 'invalid'

/** Whether a link's parts are ones this server signed, and still in time. */
export async function checkDownloadLink(
  env: Env,
  exportId: number,
  parts: { accountId?: string; expires?: string; signature?: string },
  now: number,
): Promise<LinkCheck> {
  const key = await signingKey(env)
  const accountId = parseId(parts.accountId)
  const expires = Number(parts.expires)
  if (
    !key ||
    accountId === null ||
    !/^\d{1,15}$/.test(parts.expires ?? '') ||
    !/^[0-9a-f]{64}$/.test(parts.signature ?? '')
  ) {
    return 'invalid'
  }
  const expected = await hmacSha256Hex(key, message(exportId, accountId, expires))
  if (!timingSafeEqualStrings(expected, parts.signature ?? '')) return 'invalid'
  return expires < now ? 'expired' : 'valid'
}
