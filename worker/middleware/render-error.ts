import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ACCOUNT_READ_ONLY } from '../db/queries/account-move'
import {
  ApiError,
  apiError,
  DEFAULT_MESSAGE,
  ERROR_STATUS,
  type ErrorCode,
  errorBody,
  fieldError,
  StaleCredential,
  validationError,
} from '../errors'
import { requestIdOf } from './request-id'
import { requestLog } from './request-log'

/**
 * Turning a thrown error into a response is the HTTP adapter's job: errors.ts, which every layer
 * throws through, stays free of the request (its id, its log) and of the queries whose failures
 * are recognised here.
 */

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
