/**
 * Twilio's webhook signature (https://www.twilio.com/docs/usage/security#validating-requests):
 * base64 HMAC-SHA1, keyed with the account's auth token, over the full URL Twilio called followed
 * by every POST parameter's name and value, sorted by name. test/compat checks it against the
 * signatures Twilio's own helper library makes, so the two cannot drift.
 */
import { timingSafeEqualStrings } from './crypto'

const encoder = new TextEncoder()

/** The signed text: the URL, then each name+value in name order (a repeated name, each value). */
export function twilioSignedText(url: string, params: [string, string][]): string {
  const sorted = [...params].sort(([a, av], [b, bv]) =>
    a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  )
  return url + sorted.map(([name, value]) => name + value).join('')
}

export async function twilioSignature(
  authToken: string,
  url: string,
  params: [string, string][],
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(authToken),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(twilioSignedText(url, params)))
  let binary = ''
  for (const byte of new Uint8Array(mac)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Whether `signature` (the X-Twilio-Signature header) signs this URL and these parameters. */
export async function isTwilioSignatureValid(
  authToken: string,
  url: string,
  params: [string, string][],
  signature: string | null | undefined,
): Promise<boolean> {
  if (!signature) return false
  return timingSafeEqualStrings(await twilioSignature(authToken, url, params), signature)
}
