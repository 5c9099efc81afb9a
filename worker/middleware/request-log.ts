import type { Context } from 'hono'
import { type LogFields, log } from '../lib/log'
import { requestIdOf } from './request-id'

/**
 * The logger for code serving a request: every line carries the request's id as `request_id`,
 * so the id a client quotes from a response finds its lines.
 */
export function requestLog(c: Context) {
  const withId = (fields?: LogFields): LogFields => ({ ...fields, request_id: requestIdOf(c) })
  return {
    info: (msg: string, fields?: LogFields) => log.info(msg, withId(fields)),
    warn: (msg: string, fields?: LogFields) => log.warn(msg, withId(fields)),
    error: (msg: string, fields?: LogFields) => log.error(msg, withId(fields)),
  }
}
