import { refuse } from './access'
import { CLOSE } from './frames'
import type { FrameWindow } from './sockets'

/**
 * What one socket may cost a Durable Object (DESIGN §4: a socket that has not authenticated gets
 * nothing and is closed after a short deadline; what one socket may send is bounded). The limits
 * and refusals are here; `LiveObject` (`./live-object.ts`) applies them to the sockets of the
 * conversation rooms and the account feeds. The state lives in each socket's attachment, so it
 * survives hibernation, and the deadlines are kept by the object's alarm.
 */

/** A socket that has not sent a valid auth frame this long after it opened is closed (4408). */
export const AUTH_DEADLINE_MS = 10_000
/** At most this many sockets of one object wait for their auth frame; another is closed 4429. */
export const PENDING_SOCKETS_MAX = 20
/** A socket may send this many frames in each window of `FRAME_WINDOW_MS`; more close it (4429). */
export const FRAME_BUDGET = 60
export const FRAME_WINDOW_MS = 10_000

/** Too many sockets of the object wait for their auth frame already. */
export function refuseBusy(ws: WebSocket) {
  refuse(ws, {
    code: 'rate_limited',
    closeCode: CLOSE.tooManyFrames,
    message: 'Too many sockets are waiting to authenticate; try again shortly',
  })
}

/** The socket's deadline passed without an auth frame. */
export function refuseOverdue(ws: WebSocket) {
  refuse(ws, {
    code: 'auth_timeout',
    closeCode: CLOSE.authTimeout,
    message: `No auth frame within ${AUTH_DEADLINE_MS / 1000} s`,
  })
}

/** The socket sent more than its budget of frames in one window. */
export function refuseFlood(ws: WebSocket) {
  refuse(ws, {
    code: 'rate_limited',
    closeCode: CLOSE.tooManyFrames,
    message: `More than ${FRAME_BUDGET} frames in ${FRAME_WINDOW_MS / 1000} s`,
  })
}

/** The socket's frame window with one more frame counted; over budget past `FRAME_BUDGET`. */
export function countFrame(current: FrameWindow | undefined, now = Date.now()): FrameWindow {
  return current && now - current.since < FRAME_WINDOW_MS
    ? { since: current.since, count: current.count + 1 }
    : { since: now, count: 1 }
}
