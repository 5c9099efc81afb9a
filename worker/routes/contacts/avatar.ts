import { deleteStored, MAX_AVATAR_BYTES, storeUpload } from '../../lib/files'

const DOWNLOAD_TIMEOUT_MS = 5000

/** Loopback, private, link-local and unspecified addresses, which a download must never reach. */
function isPrivateHost(hostname: string) {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return true
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    )
  }
  return (
    host.includes(':') && (host === '::' || host === '::1' || /^(fc|fd|fe8|::ffff:)/.test(host))
  )
}

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
 * Downloads `avatar_url` into R2 as the contact's avatar and returns its key. Only public https
 * images up to 2 MB are taken; anything else, or any failure, yields null and the contact is
 * saved without it (Chatwoot does the same, in the background).
 */
export async function downloadAvatar(env: Env, accountId: number, url: string) {
  try {
    const target = new URL(url)
    if (target.protocol !== 'https:' || isPrivateHost(target.hostname)) return null
    // Redirects are not followed: one could point at an address the check above refused.
    const res = await fetch(target, {
      redirect: 'manual',
      headers: { accept: 'image/*' },
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    })
    if (!res.ok || !res.body) return null
    if (Number(res.headers.get('content-length') ?? 0) > MAX_AVATAR_BYTES) return null
    const chunks = await readLimited(res.body, MAX_AVATAR_BYTES)
    if (!chunks) return null
    const name = decodeURIComponent(target.pathname.split('/').pop() || 'avatar')
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
