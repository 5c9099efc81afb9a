import { type ChatMessage, messageKey } from './messages'

/** The most messages the list puts in the DOM at once, and how many it reveals per step. */
export const WINDOW = 60
export const STEP = 20

/**
 * Which messages are rendered: the newest ones while pinned to the bottom, otherwise the WINDOW
 * ending at `endKey`. Keyed by message, not index, so older pages prepended (or a pending message
 * confirmed) never move what the agent is reading.
 */
export interface MessageWindow {
  pinned: boolean
  endKey: string | null
}

export function windowRange(messages: readonly ChatMessage[], view: MessageWindow) {
  let end = messages.length
  if (!view.pinned && view.endKey !== null) {
    const index = messages.findIndex((m) => messageKey(m) === view.endKey)
    if (index >= 0) end = index + 1
  }
  return { start: Math.max(0, end - WINDOW), end }
}

/** The window moved STEP messages towards the oldest (null: nothing older is held). */
export function revealOlder(
  messages: readonly ChatMessage[],
  view: MessageWindow,
): MessageWindow | null {
  const { start, end } = windowRange(messages, view)
  if (start === 0) return null
  const nextEnd = end - Math.min(STEP, start)
  const last = messages[nextEnd - 1]
  return last ? { pinned: false, endKey: messageKey(last) } : null
}

/** The window moved STEP messages towards the newest; pinned again when it reaches the end. */
export function revealNewer(
  messages: readonly ChatMessage[],
  view: MessageWindow,
): MessageWindow | null {
  const { end } = windowRange(messages, view)
  if (view.pinned) return null
  if (end >= messages.length) return { pinned: true, endKey: null }
  const nextEnd = Math.min(messages.length, end + STEP)
  if (nextEnd === messages.length) return { pinned: true, endKey: null }
  const last = messages[nextEnd - 1]
  return last ? { pinned: false, endKey: messageKey(last) } : null
}
