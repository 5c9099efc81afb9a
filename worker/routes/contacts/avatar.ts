import { deleteStored, MAX_AVATAR_BYTES, storeUpload } from '../../lib/files'
import { guardedFetch } from '../../lib/ssrf'

const DOWNLOAD_TIMEOUT_MS = 5000
/** Avatar hosts often answer with a redirect to their CDN; each hop is checked again. */
const MAX_AVATAR_REDIRECTS = 3

async function readLimited(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return chunks
    total += value.byteLength
    if (total > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
}

/**
 * Downloads `avatar_url` into R2 as the contact's avatar and returns its key. Only images up to
 * 2 MB that the outbound guard lets us fetch (public https, see lib/ssrf.ts) are taken; anything
 * else, or any failure, yields null and the contact is saved without it (Chatwoot does the same,
 * in the background).
 */
export async function downloadAvatar(env: Env, accountId: number, url: string) {
  try {
    const res = await guardedFetch(
      url,
      { headers: { accept: 'image/*' } },
      {
        allowedHosts: env.WEBHOOK_ALLOWED_HOSTS ?? '',
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        maxRedirects: MAX_AVATAR_REDIRECTS,
      },
    )
    if (!res.ok || !res.body) return null
    if (Number(res.headers.get('content-length') ?? 0) > MAX_AVATAR_BYTES) return null
    const chunks = await readLimited(res.body, MAX_AVATAR_BYTES)
    if (!chunks) return null
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'avatar')
    const file = new File(chunks, name, { type: res.headers.get('content-type') ?? '' })
    return (await storeUpload(env, accountId, 'avatar', file, 'avatar_url')).key
  } catch {
    return null
  }
}

/** The avatar key for a request: the uploaded file (validated, may 413/422) or the URL's image. */
export async function storeAvatar(
  env: Env,
  accountId: number,
  file: File | null,
  url: string | null | undefined,
) {
  if (file) return (await storeUpload(env, accountId, 'avatar', file, 'avatar')).key
  if (url) return downloadAvatar(env, accountId, url)
  return null
}

/** Runs the write; if it fails, the avatar stored for it is removed again. */
export async function withStoredAvatar<T>(env: Env, key: string | null, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (key) await deleteStored(env, [key])
    throw error
  }
}
