/**
 * Secrets kept in D1 only encrypted (a phone inbox's Twilio auth token): AES-GCM with a key
 * derived (SHA-256) from a deployment secret, stored as `v1.<iv>.<ciphertext>` in base64url. A
 * database copy alone does not give the tokens away.
 */
const encoder = new TextEncoder()
const decoder = new TextDecoder()

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

async function keyOf(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.digest('SHA-256', encoder.encode(secret))
  return crypto.subtle.importKey('raw', material, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

export async function sealSecret(secret: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyOf(secret),
    encoder.encode(plaintext),
  )
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`
}

/** The plaintext, or null when the box was sealed with another key or is not a box. */
export async function openSecret(secret: string, box: string): Promise<string | null> {
  const [version, iv, data] = box.split('.')
  if (version !== 'v1' || !iv || !data) return null
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(iv) },
      await keyOf(secret),
      fromBase64Url(data),
    )
    return decoder.decode(plain)
  } catch {
    return null
  }
}
