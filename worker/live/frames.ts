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

/** Close codes the clients understand (4000–4999 are the application's). */
export const CLOSE = {
  unauthorized: 4401,
  forbidden: 4403,
  gone: 4410,
} as const

/** Typing stops on its own when not refreshed for this long. */
export const TYPING_TTL_MS = 30_000
