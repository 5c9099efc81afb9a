import { isOpen, refuse } from './access'
import { CLOSE } from './frames'
import type { FrameWindow } from './sockets'

/**
 * What one socket may cost a Durable Object (DESIGN §4: a socket that has not authenticated gets
 * nothing and is closed after a short deadline; what one socket may send is bounded). Shared by
 * the conversation rooms and the account feeds; the state lives in each socket's attachment, so
 * it survives hibernation, and the deadlines are kept by the object's alarm.
 */

/** A socket that has not sent a valid auth frame this long after it opened is closed (4408). */
export const AUTH_DEADLINE_MS = 10_000
/** At most this many sockets of one object wait for their auth frame; another is closed 4429. */
export const PENDING_SOCKETS_MAX = 20
/** A socket may send this many frames in each window of `FRAME_WINDOW_MS`; more close it (4429). */
export const FRAME_BUDGET = 60
export const FRAME_WINDOW_MS = 10_000

type Guarded = { authed: boolean; deadline?: number; frames?: FrameWindow }

const stateOf = (ws: WebSocket) => ws.deserializeAttachment() as Guarded | null

/** Open sockets of the object still waiting for their auth frame. */
export function pendingSockets(ctx: DurableObjectState): WebSocket[] {
  return ctx.getWebSockets().filter((ws) => isOpen(ws) && stateOf(ws)?.authed === false)
}

/**
 * The deadline a new unauthenticated socket gets, or null when the object already has its share
 * of them waiting (the caller then closes it with `refuseBusy`).
 */
export function pendingDeadline(ctx: DurableObjectState, now = Date.now()): number | null {
  return pendingSockets(ctx).length >= PENDING_SOCKETS_MAX ? null : now + AUTH_DEADLINE_MS
}

export function refuseBusy(ws: WebSocket) {
  refuse(ws, {
    code: 'rate_limited',
    closeCode: CLOSE.tooManyFrames,
    message: 'Too many sockets are waiting to authenticate; try again shortly',
  })
}

/** The earliest deadline of a waiting socket (Infinity when none waits), for the alarm. */
export function nextDeadline(ctx: DurableObjectState): number {
  return Math.min(...pendingSockets(ctx).map((ws) => stateOf(ws)?.deadline ?? Infinity))
}

/** Closes (4408) every socket whose deadline has passed without an auth frame. */
export function closeOverdue(ctx: DurableObjectState, now = Date.now()) {
  for (const ws of pendingSockets(ctx)) {
    const deadline = stateOf(ws)?.deadline
    if (deadline === undefined || deadline > now) continue
    refuse(ws, {
      code: 'auth_timeout',
      closeCode: CLOSE.authTimeout,
      message: `No auth frame within ${AUTH_DEADLINE_MS / 1000} s`,
    })
  }
}

/**
 * Counts one frame against the socket's budget, in its attachment (`state` is what was just
 * read from it, and gets the new count too); false, after closing it 4429, when over budget.
 * Synchronous, so no other handler's write to the attachment can fall between read and write.
 */
export function spendFrame<S extends Guarded>(ws: WebSocket, state: S, now = Date.now()): boolean {
  const current = state.frames
  const frames =
    current && now - current.since < FRAME_WINDOW_MS
      ? { since: current.since, count: current.count + 1 }
      : { since: now, count: 1 }
  state.frames = frames
  if (frames.count > FRAME_BUDGET) {
    refuse(ws, {
      code: 'rate_limited',
      closeCode: CLOSE.tooManyFrames,
      message: `More than ${FRAME_BUDGET} frames in ${FRAME_WINDOW_MS / 1000} s`,
    })
    return false
  }
  ws.serializeAttachment(state)
  return true
}
