import { ERROR_STATUS, FIELD_ERROR_CODES } from '../../../worker/errors'
import type { Operation } from './operations'
import type { Received, Sent } from './send'
import type { Side } from './world'

const FIELD_CODES: readonly string[] = FIELD_ERROR_CODES

/** Problems with the answer's shape: a 5xx, a status the operation does not document, a bad envelope. */
export function contractProblems(op: Operation, received: Received): string[] {
  const problems: string[] = []
  const { status, json, headers } = received
  if (status >= 500) problems.push(`answered ${status}`)
  if (!op.statuses.has(status)) {
    problems.push(`answered ${status}, which is not among its documented ${[...op.statuses]}`)
  }
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push('no secure headers')
  if (status >= 400) {
    const body = json as Record<string, unknown> | null
    const errorCode = body?.error as keyof typeof ERROR_STATUS | undefined
    const envelope =
      body !== null &&
      typeof body === 'object' &&
      typeof errorCode === 'string' &&
      ERROR_STATUS[errorCode] === status &&
      typeof body.message === 'string' &&
      typeof body.description === 'string' &&
      Array.isArray(body.errors) &&
      body.errors.every(
        (e: Record<string, unknown>) =>
          typeof e?.field === 'string' &&
          typeof e?.message === 'string' &&
          typeof e?.code === 'string',
      )
    if (!envelope) problems.push(`error outside the envelope: ${received.text.slice(0, 300)}`)
    else {
      const unknown = (body.errors as { code: string }[]).filter(
        (e) => !FIELD_CODES.includes(e.code),
      )
      if (unknown.length > 0) {
        problems.push(`field error codes outside the enum: ${unknown.map((e) => e.code)}`)
      }
    }
  }
  return problems
}

/**
 * Marker strings of `sides` found in the answer. A marker the request itself carried (an id or
 * title echoed back in an error message) is the caller's own knowledge, not a leak.
 */
export function leakedMarkers(sides: Side[], sent: Sent, received: Received): string[] {
  const request = `${decodeURIComponentSafe(sent.url)} ${sent.url} ${sent.bodyText}`
  const found: string[] = []
  for (const side of sides) {
    for (const marker of side.markers) {
      if (received.text.includes(marker) && !request.includes(marker)) found.push(marker)
    }
  }
  return found
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
