const encoder = new TextEncoder()

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** An unguessable token of `bytes` random bytes, URL-safe. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)))
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(value)))
}

const tokenHashes = new Map<string, string>()
const MAX_TOKEN_HASHES = 1000

/**
 * sha256Hex of an API token, remembered per isolate: every authenticated request needs it (the
 * rate limiter's key, the owner lookup) and a digest costs more than the map.
 */
export async function tokenHashOf(token: string): Promise<string> {
  let hash = tokenHashes.get(token)
  if (hash === undefined) {
    hash = await sha256Hex(token)
    if (tokenHashes.size >= MAX_TOKEN_HASHES)
      tokenHashes.delete(tokenHashes.keys().next().value ?? '')
    tokenHashes.set(token, hash)
  }
  return hash
}

export async function hmacSha256Hex(key: string, value: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return toHex(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(value)))
}

/** Compares two strings in time that does not depend on where they differ. */
export function timingSafeEqualStrings(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  if (left.byteLength !== right.byteLength) {
    // Still spend the comparison so length is the only thing timing reveals.
    crypto.subtle.timingSafeEqual(left, left)
    return false
  }
  return crypto.subtle.timingSafeEqual(left, right)
}
