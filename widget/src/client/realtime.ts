/** The live socket's frames, typed from the server's own schema file (types only, no code). */
export type {
  ClientFrame,
  ErrorFrameData,
  ServerEvent,
  ServerFrame,
} from '../../../worker/schemas/realtime'

import type { ServerFrame } from '../../../worker/schemas/realtime'

export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null
  try {
    const frame = JSON.parse(raw) as Partial<ServerFrame>
    if (typeof frame?.event !== 'string') return null
    const data = frame.data && typeof frame.data === 'object' ? frame.data : {}
    return { event: frame.event, data } as ServerFrame
  } catch {
    return null
  }
}
