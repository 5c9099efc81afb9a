import { SELF } from 'cloudflare:test'
import { freshAddress } from '../public-helpers'

const FORM = 'application/x-www-form-urlencoded'

/** How a request carries (or does not carry) its body: the ways clients send "nothing". */
export type Carriage = { name: string; contentType?: string; body?: string }

export const BODILESS: Carriage[] = [
  { name: 'no body and no content type (curl)' },
  { name: 'no body with a form content type (axios)', contentType: FORM },
  { name: 'an empty form body', contentType: FORM, body: '' },
  { name: 'an empty JSON body', contentType: 'application/json', body: '' },
  { name: 'an empty body of another type', contentType: 'text/plain', body: '' },
]

export const form = (body: string): Carriage => ({ name: 'form', contentType: FORM, body })
export const json = (value: unknown): Carriage => ({
  name: 'JSON',
  contentType: 'application/json',
  body: JSON.stringify(value),
})

/** Sends one request through the worker's fetch handler, from a client address of its own. */
export async function send(method: string, path: string, token: string | undefined, how: Carriage) {
  const headers: Record<string, string> = { 'cf-connecting-ip': freshAddress() }
  if (token) headers.api_access_token = token
  if (how.contentType) headers['content-type'] = how.contentType
  // fetch refuses any body, even an empty one, on GET.
  const sent = method === 'GET' ? undefined : how.body
  const res = await SELF.fetch(`http://parley.test${path}`, { method, headers, body: sent })
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {}
  return { status: res.status, json, text }
}
