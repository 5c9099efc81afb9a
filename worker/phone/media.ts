/**
 * An MMS's or WhatsApp message's media, copied from Twilio into R2 under the upload rules (types,
 * sizes). Twilio's media URLs take the account's basic auth when the account requires it; it is
 * sent only to Twilio's API origin, and a redirect (to Twilio's CDN) is followed without it. Any
 * file refused refuses the whole text, and what was stored already is removed again.
 */
import { apiError } from '../errors'
import { deleteStored, MAX_ATTACHMENT_BYTES, type StoredFile, storeUpload } from '../lib/files'
import { guardedFetch } from '../lib/ssrf'
import { readAtMost } from '../lib/streams'
import { basicAuth, twilioApiBase } from './credentials'
import type { InboundMedia } from './inbound-params'

const MEDIA_TIMEOUT_MS = 15_000

async function fetchMedia(
  env: Env,
  media: InboundMedia,
  credentials: { accountSid: string; authToken: string },
) {
  let res: Response
  try {
    const onTwilio = new URL(media.url).origin === new URL(twilioApiBase(env)).origin
    const options = { allowedHosts: env.WEBHOOK_ALLOWED_HOSTS, timeoutMs: MEDIA_TIMEOUT_MS }
    const auth = basicAuth(credentials.accountSid, credentials.authToken)
    res = await guardedFetch(
      media.url,
      onTwilio ? { headers: { authorization: auth } } : {},
      options,
    )
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel()
      const next = new URL(location, media.url).href
      res = await guardedFetch(next, {}, { ...options, maxRedirects: 2 })
    }
  } catch {
    // A URL the allow-list refuses, no answer in time, or no connection.
    throw apiError('validation_failed', 'A media file could not be fetched')
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel()
    throw apiError('validation_failed', `A media file could not be fetched (${res.status})`)
  }
  const bytes = await readAtMost(res.body, MAX_ATTACHMENT_BYTES, () =>
    apiError(
      'payload_too_large',
      `A media file is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`,
    ),
  )
  const type = media.contentType ?? res.headers.get('content-type') ?? 'application/octet-stream'
  return { bytes, type }
}

export async function storeInboundMedia(
  env: Env,
  accountId: number,
  media: InboundMedia[],
  credentials: { accountSid: string; authToken: string },
): Promise<StoredFile[]> {
  const stored: StoredFile[] = []
  try {
    for (const [index, item] of media.entries()) {
      const { bytes, type } = await fetchMedia(env, item, credentials)
      const extension = type.split('/')[1]?.split(/[;+]/)[0] ?? 'bin'
      const file = new File([bytes], `media-${index + 1}.${extension}`, { type })
      stored.push(await storeUpload(env, accountId, 'attachment', file, `MediaUrl${index}`))
    }
  } catch (error) {
    await deleteStored(
      env,
      stored.map((s) => s.key),
    )
    throw error
  }
  return stored
}
