/**
 * Standard Webhooks v1 signing: `webhook-signature: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>`
 * where the key is the base64-decoded part of the `whsec_…` secret.
 */

const encoder = new TextEncoder()

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

function fromBase64(value: string): Uint8Array {
  const binary = atob(value)
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
}

/** A new per-endpoint secret: 24 random bytes, shown as `whsec_<base64>`. */
export function newWebhookSecret(): string {
  return `whsec_${toBase64(crypto.getRandomValues(new Uint8Array(24)))}`
}

export async function signWebhook(
  secret: string,
  webhookId: string,
  timestampSeconds: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64(secret.replace(/^whsec_/, '')),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const signed = await crypto.subtle.sign(
    'HMAC',
    key,
    encoder.encode(`${webhookId}.${timestampSeconds}.${body}`),
  )
  return `v1,${toBase64(new Uint8Array(signed))}`
}
