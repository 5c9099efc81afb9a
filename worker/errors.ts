import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
} as const satisfies Record<string, ContentfulStatusCode>

export type ErrorCode = keyof typeof ERROR_STATUS

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  bad_request: 'The request could not be read',
  unauthorized: 'You need to sign in or sign up before continuing.',
  forbidden: 'You are not authorized to do this action',
  not_found: 'Resource could not be found',
  conflict: 'The request conflicts with the current state',
  payload_too_large: 'The request body is too large',
  unsupported_media_type: 'The request body must be JSON (Content-Type: application/json)',
  validation_failed: 'The request failed validation',
  rate_limited: 'Too many requests',
  internal_error: 'Something went wrong on our side',
}

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string(),
})
export type FieldError = z.infer<typeof FieldErrorSchema>

export const ErrorBodySchema = z
  .object({
    error: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    description: z.string(),
    errors: z.array(FieldErrorSchema),
  })
  .openapi('Error')
export type ErrorBody = z.infer<typeof ErrorBodySchema>

export class ApiError extends HTTPException {
  constructor(
    readonly code: ErrorCode,
    message: string = DEFAULT_MESSAGE[code],
    readonly fieldErrors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(ERROR_STATUS[code], { message })
  }
}

/** The one way to fail a request: `throw apiError('not_found', 'conversation 4 not found')`. */
export const apiError = (
  code: ErrorCode,
  message?: string,
  fieldErrors?: FieldError[],
  headers?: Record<string, string>,
) => new ApiError(code, message, fieldErrors, headers)

/** A 422 that names the fields at fault. */
export const validationError = (fieldErrors: FieldError[]) =>
  apiError(
    'validation_failed',
    fieldErrors.map((e) => `${e.field} ${e.message}`).join(', '),
    fieldErrors,
  )

export const fieldError = (field: string, message: string, code = 'invalid'): FieldError => ({
  field,
  message,
  code,
})

export function errorBody(code: ErrorCode, message: string, errors: FieldError[] = []): ErrorBody {
  return { error: code, message, description: message, errors }
}

/** OpenAPI `responses` entries for the error statuses an operation can return. */
export function errorResponses(...codes: ErrorCode[]) {
  const all: ErrorCode[] = [
    ...new Set<ErrorCode>([...codes, 'bad_request', 'payload_too_large', 'internal_error']),
  ]
  return Object.fromEntries(
    all.map((code) => [
      ERROR_STATUS[code],
      {
        description: DEFAULT_MESSAGE[code],
        content: { 'application/json': { schema: ErrorBodySchema } },
      },
    ]),
  )
}

type ZodIssueLike = { path: PropertyKey[]; message: string; code: string }

export function issuesToFieldErrors(issues: readonly ZodIssueLike[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
    code: issue.code,
  }))
}

/** The only renderer of errors: every failure leaves the worker in the same envelope. */
/**
 * A remembered credential turned out to have changed while the request ran. The request is then
 * answered again from the start (middleware/token-owner.ts), so this answer is never seen.
 */
export class StaleCredential extends Error {
  constructor() {
    super('the access token changed while the request ran')
  }
}

export function renderError(err: Error, c: Context): Response {
  // Drizzle wraps what the D1 binding throws, so the marker may be the cause.
  if (err instanceof StaleCredential || err.cause instanceof StaleCredential) {
    return c.json(errorBody('unauthorized', DEFAULT_MESSAGE.unauthorized), 401)
  }
  if (err instanceof ApiError) {
    return c.json(errorBody(err.code, err.message, err.fieldErrors), err.status, err.headers)
  }
  if (err instanceof HTTPException) {
    const code = codeForStatus(err.status)
    return c.json(errorBody(code, err.message || DEFAULT_MESSAGE[code]), ERROR_STATUS[code])
  }
  const constraint = constraintError(err)
  if (constraint) return renderError(constraint, c)
  console.error(
    JSON.stringify({ level: 'error', requestId: c.get('requestId'), error: describeError(err) }),
  )
  return c.json(
    errorBody('internal_error', DEFAULT_MESSAGE.internal_error),
    ERROR_STATUS.internal_error,
  )
}

function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(ERROR_STATUS).find(([, s]) => s === status)
  return entry ? (entry[0] as ErrorCode) : status >= 500 ? 'internal_error' : 'bad_request'
}

export const notFound = (c: Context) =>
  c.json(errorBody('not_found', DEFAULT_MESSAGE.not_found), ERROR_STATUS.not_found)

/**
 * A write that lost a race to a unique index (two creates with the same email at once) is the
 * client's conflict, not our failure: 422 naming the column, as the check before it would have.
 */
function constraintError(err: Error): ApiError | null {
  const text = `${err.message} ${err.cause instanceof Error ? err.cause.message : ''}`
  // "UNIQUE constraint failed: contacts.account_id, contacts.email": the last column is the field.
  const unique = text.match(/UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/)
  const column = unique?.[1]?.split(', ').at(-1)?.split('.').at(-1)
  if (column) return validationError([fieldError(column, 'has already been taken', 'taken')])
  if (text.includes('FOREIGN KEY constraint failed')) {
    return apiError('validation_failed', 'A referenced record does not exist')
  }
  return null
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
    .replace(TOKEN_LIKE, (run) => (looksRandom(run) ? '[redacted]' : run))
}

/** What to log about an unexpected error: its text, without secrets. */
export const describeError = (error: unknown) => redactSecrets(String(error))
