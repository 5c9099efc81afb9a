import { ClientFrameSchema, type ErrorFrameData, type ServerEvent } from '../schemas/realtime'

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
 * frame with the same name. Sent on a refused first frame and when rights are taken away from an
 * open socket (`./access.ts`).
 */
export const CLOSE = {
  /** The credential is not (or no longer) valid for the account: rotated, revoked, deleted. */
  unauthorized: 4401,
  /** Valid, but not for this conversation's inbox (an agent outside it). */
  forbidden: 4403,
  /** The conversation, or its inbox, was deleted. */
  gone: 4410,
} as const

/** Typing stops on its own when not refreshed for this long. */
export const TYPING_TTL_MS = 30_000
