import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ACCOUNT_READ_ONLY } from './db/queries/account-move'
import { type FieldError, FieldErrorSchema, fieldError } from './field-errors'
import { requestIdOf } from './middleware/request-id'
import { requestLog } from './middleware/request-log'

// The field errors' closed list lives beside this file; the one error helper hands it on.
export {
  FIELD_ERROR_CODES,
  type FieldError,
  type FieldErrorCode,
  fieldError,
  issuesToFieldErrors,
} from './field-errors'

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
  unavailable: 503,
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
  unavailable: 'The account is being moved; try again in a moment',
}

export const ErrorBodySchema = z
  .object({
    error: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    description: z.string(),
    errors: z.array(FieldErrorSchema),
    request_id: z.string().openapi({
      description:
        "The request's id, also in the `x-request-id` response header and in the request's " +
        'log lines: quote it when reporting a problem.',
      example: '8f1e2d3c4b5a6978-CDG',
    }),
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

export function errorBody(
  code: ErrorCode,
  message: string,
  errors: FieldError[],
  requestId: string,
): ErrorBody {
  return { error: code, message, description: message, errors, request_id: requestId }
}

/** OpenAPI `responses` entries for the error statuses an operation can return. */
export function errorResponses(...codes: ErrorCode[]) {
  const all: ErrorCode[] = [
    ...new Set<ErrorCode>([
      ...codes,
      'bad_request',
      'payload_too_large',
      'internal_error',
      // Any request on an account may meet it moving between shards (worker/scale).
      'unavailable',
    ]),
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

/**
 * A remembered credential turned out to have changed while the request ran. The request is then
 * answered again from the start (middleware/token-owner.ts), so this answer is never seen.
 */
export class StaleCredential extends Error {
  constructor() {
    super('the access token changed while the request ran')
  }
}

/**
 * The only renderer of errors: every failure leaves the worker in the same envelope, carrying the
 * request's id (lib/request-id.ts) as `request_id`.
 */
export function renderError(err: Error, c: Context): Response {
  const requestId = requestIdOf(c)
  // Drizzle wraps what the D1 binding throws, so the marker may be the cause.
  if (err instanceof StaleCredential || err.cause instanceof StaleCredential) {
    // Never seen: the request is answered again from the start, under the same id.
    const body = errorBody('unauthorized', DEFAULT_MESSAGE.unauthorized, [], requestId)
    return c.json(body, ERROR_STATUS.unauthorized)
  }
  const failure = clientFailure(err)
  if (failure) return renderClientError(c, failure)
  requestLog(c).error('request failed', { error: err })
  return c.json(
    errorBody('internal_error', DEFAULT_MESSAGE.internal_error, [], requestId),
    ERROR_STATUS.internal_error,
  )
}

/** What the client is told for an error it caused, or null for our own failure (a 500). */
function clientFailure(err: Error): ApiError | null {
  if (err instanceof ApiError) return err
  if (err instanceof HTTPException) {
    const code = codeForStatus(err.status)
    return apiError(code, err.message || DEFAULT_MESSAGE[code])
  }
  return constraintError(err)
}

/**
 * Renders an ApiError, after one log line with the request's id, so the id a client quotes from
 * a 4xx finds what was refused. The logger redacts the path and message: a public API path
 * carries the inbox identifier and the contact's source_id.
 */
function renderClientError(c: Context, failure: ApiError): Response {
  const requestId = requestIdOf(c)
  const fields = {
    status: failure.status,
    error: failure.code,
    method: c.req.method,
    path: c.req.path,
    message: failure.message,
  }
  if (failure.status >= 500) requestLog(c).error('request refused', fields)
  else requestLog(c).info('request refused', fields)
  const body = errorBody(failure.code, failure.message, failure.fieldErrors, requestId)
  return c.json(body, failure.status, failure.headers)
}

function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(ERROR_STATUS).find(([, s]) => s === status)
  return entry ? (entry[0] as ErrorCode) : status >= 500 ? 'internal_error' : 'bad_request'
}

export const notFound = (c: Context) => renderClientError(c, apiError('not_found'))

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
  // A write to an account while it moves between shards (db/queries/account-move.ts).
  if (text.includes(ACCOUNT_READ_ONLY)) {
    return apiError('unavailable', undefined, [], { 'retry-after': '1' })
  }
  return null
}
