/**
 * The worker's one logger: each call writes one JSON line, `{"level", "msg", "request_id"?, ...}`,
 * with `level` first (the worker tests filter info lines on that prefix). It is also the one place
 * that redacts: values under secret-named keys, credential-like text in any string, and errors,
 * which it describes as their text. Pure on purpose, so anything may log: the request's id comes
 * in as the `request_id` field (`middleware/request-log.ts` adds it for route code).
 */

export type LogFields = Record<string, unknown>
type Level = 'info' | 'warn' | 'error'

const REDACTED = '[redacted]'

/**
 * Key names whose values are credentials, compared lowercased without `_` and `-`, as parts of
 * the key: `password` covers `current_password`, `token` covers `pubsub_token`, `signature`
 * covers `x-parley-signature`.
 */
const SECRET_KEY_PARTS = [
  'token',
  'password',
  'secret',
  'sourceid',
  'identifierhash',
  'inboxidentifier',
  'authorization',
  'cookie',
  'signature',
  'apikey',
  'credential',
]
const isSecretKey = (key: string) => {
  const squashed = key.toLowerCase().replace(/[-_]/g, '')
  return SECRET_KEY_PARTS.some((part) => squashed.includes(part))
}

/**
 * Runs of token characters (letters, digits, `-`, `_`) at least 16 long that look random: with
 * letters and digits, or both letter cases. That covers access and pubsub tokens, inbox
 * identifiers, HMAC tokens, source_id UUIDs and token hashes, and leaves snake_case names be.
 * A failed query's message carries its bound parameters, so any of them can be in it.
 */
const TOKEN_LIKE = /[A-Za-z0-9_-]{16,}/g
const looksRandom = (run: string) =>
  (/\d/.test(run) && /[A-Za-z]/.test(run)) || (/[a-z]/.test(run) && /[A-Z]/.test(run))

/** The text with anything that could be a credential replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text
    .replace(/whsec_[A-Za-z0-9+/=]+/g, 'whsec_[redacted]')
    .replace(TOKEN_LIKE, (run) => (looksRandom(run) ? REDACTED : run))
}

/** What to log about an unexpected error: its text, without secrets. */
export const describeError = (error: unknown) => redactSecrets(String(error))

/** `value` fit for a log line: secrets cut, errors described, cycles and bigints made text. */
function redact(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactSecrets(value)
  if (typeof value === 'bigint') return String(value)
  if (value instanceof Error) return describeError(value)
  if (typeof value !== 'object' || value === null) return value
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  if (Array.isArray(value)) return value.map((item) => redact(item, seen))
  const out: LogFields = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) ? REDACTED : redact(item, seen)
  }
  return out
}

function write(level: Level, msg: string, fields: LogFields = {}) {
  // The request id is a cf-ray or a UUID: random-looking, and what a bug report quotes.
  const { level: _level, msg: _msg, request_id: requestId, ...rest } = fields
  const line = JSON.stringify({
    level,
    msg,
    ...(typeof requestId === 'string' ? { request_id: requestId } : {}),
    ...(redact(rest, new WeakSet()) as LogFields),
  })
  console[level](line)
}

export const log = {
  info: (msg: string, fields?: LogFields) => write('info', msg, fields),
  warn: (msg: string, fields?: LogFields) => write('warn', msg, fields),
  error: (msg: string, fields?: LogFields) => write('error', msg, fields),
}
