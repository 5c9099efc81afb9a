import type { ErrorFrameData, ServerEvent } from '../../protocol/realtime'
import { ClientFrameSchema } from '../schemas/realtime'

export function frame(event: ServerEvent, data: Record<string, unknown>): string {
  return JSON.stringify({ event, data })
}

export function errorFrame(code: ErrorFrameData['code'], message: string): string {
  return frame('error', { code, message } satisfies ErrorFrameData)
}

/** Parses a client frame; anything that is not one of the schema's frames is null. */
export function parseClientFrame(raw: string | ArrayBuffer) {
  if (typeof raw !== 'string' || raw.length > 4096) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return null
  }
  const parsed = ClientFrameSchema.safeParse(json)
  return parsed.success ? parsed.data : null
}

/**
 * Close codes the clients understand (4000–4999 are the application's), each after an `error`
 * frame. Sent on a refused first frame and when rights are taken away from an open socket
 * (`./access.ts`), the first three final; and by the guards on what a socket may cost
 * (`./guard.ts`), after which a client may connect again (with its backoff).
 */
export const CLOSE = {
  /** The credential is not (or no longer) valid for the account: rotated, revoked, deleted. */
  unauthorized: 4401,
  /** Valid, but not for this conversation's inbox (an agent outside it). */
  forbidden: 4403,
  /** The conversation, or its inbox, was deleted (or, told only after authentication, never was). */
  gone: 4410,
  /** No auth frame came within the deadline (`auth_timeout` error frame). */
  authTimeout: 4408,
  /** The socket sent more frames than its budget, or too many sockets wait for their auth frame. */
  tooManyFrames: 4429,
} as const

/** Typing stops on its own when not refreshed for this long. */
export const TYPING_TTL_MS = 30_000
