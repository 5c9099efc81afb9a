import { SELF } from 'cloudflare:test'
import type { Body } from './bodies'
import type { RequestPlan } from './generate'
import type { Operation } from './operations'

export type Sent = { url: string; method: string; bodyText: string }
export type Received = { status: number; headers: Headers; text: string; json: unknown }

function segment(value: string) {
  try {
    const encoded = encodeURIComponent(value)
    // "." and ".." would be resolved away by URL parsing and name another route.
    return encoded === '.' || encoded === '..' ? `${encoded}x` : encoded
  } catch {
    return 'x' // a lone surrogate cannot be put in a URL at all
  }
}

export function urlOf(op: Operation, plan: RequestPlan) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    segment(plan.params[name] ?? '1'),
  )
  const search = plan.query
    .map(([k, v]) => {
      try {
        return `${encodeURIComponent(k)}=${encodeURIComponent(v)}`
      } catch {
        return 'x=x'
      }
    })
    .join('&')
  return `http://parley.test${path}${search ? `?${search}` : ''}`
}

function encodeBody(body: Body | undefined): { body?: BodyInit; type?: string; text: string } {
  if (!body) return { text: '' }
  if (body.type === 'json') {
    const text = JSON.stringify(body.value) ?? 'null'
    return { body: text, type: 'application/json', text }
  }
  if (body.type === 'raw') {
    // Bytes, so that no content type is added when the plan names none.
    return { body: new TextEncoder().encode(body.text), type: body.contentType, text: body.text }
  }
  const form = new FormData()
  for (const [key, value] of body.fields) form.append(key, value)
  if (body.file) {
    form.append(
      body.file,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'f.png', { type: 'image/png' }),
    )
  }
  return { body: form, text: body.fields.map(([k, v]) => `${k}=${v}`).join('&') }
}

export async function send(op: Operation, plan: RequestPlan, token: string | undefined) {
  const url = urlOf(op, plan)
  const { body, type, text: bodyText } = encodeBody(plan.body)
  const headers: Record<string, string> = {}
  if (token !== undefined) headers.api_access_token = token
  if (type) headers['content-type'] = type
  const res = await SELF.fetch(url, { method: op.method, headers, body })
  const text = await res.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  const sent: Sent = { url, method: op.method, bodyText }
  const received: Received = { status: res.status, headers: res.headers, text, json }
  return { sent, received }
}
