import { z } from '@hono/zod-openapi'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type FieldError, FieldErrorSchema } from './field-errors'

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

export const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
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
