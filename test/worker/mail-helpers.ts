import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import worker from '../../worker/index'
import type { ApiOptions } from './helpers'

/**
 * Email Service is an external provider: tests swap only its binding (`EMAIL`) for one that
 * records what would have been sent, and keep everything else real (D1, Durable Objects,
 * Queues). miniflare's simulated binding keeps sent mail in a store its dev explorer reads,
 * which a test in workerd cannot reach.
 */
export type SentMail = EmailMessageBuilder

export function recordingEmail() {
  const sent: SentMail[] = []
  let failing: string | null = null
  const binding = {
    async send(message: EmailMessageBuilder) {
      if (failing) throw new Error(failing)
      sent.push(message)
      return { messageId: `<${crypto.randomUUID()}@mail.test>` }
    },
  } as unknown as SendEmail
  return {
    sent,
    binding,
    /** Every later send throws `reason`, as the binding does for a refused mail. */
    failWith(reason: string) {
      failing = reason
    },
  }
}

export const MAIL_FROM = 'Parley <no-reply@parley.test>'

/** The worker's env with the recording binding and a sender (and any other var overridden). */
export function envWithMail(email: SendEmail, vars: Partial<Env> = {}): Env {
  return { ...env, EMAIL: email, MAIL_FROM, ...vars } as Env
}

/**
 * `api` (helpers.ts) through the worker's fetch handler with `mailEnv`, waiting for what the
 * request left running after its answer (the mail it sends).
 */
export async function apiWithEnv(mailEnv: Env, path: string, options: ApiOptions = {}) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.api_access_token = options.token
  let body: string | undefined
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const request = new Request(`http://parley.test${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  })
  const ctx = createExecutionContext()
  const res = await worker.fetch(request, mailEnv, ctx)
  const text = await res.text()
  await waitOnExecutionContext(ctx)
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return { status: res.status, headers: res.headers, json, text }
}
