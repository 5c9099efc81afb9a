// One formatter of each kind for the page: `toLocaleString` with options builds a new
// Intl.DateTimeFormat on every call, which made the times most of a long history's render.
let clockFormat: Intl.DateTimeFormat | undefined
let dateTimeFormat: Intl.DateTimeFormat | undefined

/** A message time: the clock time today, the date and time before. */
export function messageTime(seconds: number, now = new Date()): string {
  const at = new Date(seconds * 1000)
  if (at.toDateString() === now.toDateString()) {
    clockFormat ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })
    return clockFormat.format(at)
  }
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  return dateTimeFormat.format(at)
}

/**
 * Builds the formatters ahead of need, when the page is idle: a first Intl.DateTimeFormat loads
 * the locale's date patterns, about 50 ms on a slow machine, which would otherwise fall inside
 * the click that opens a conversation.
 */
export function prepareTimeFormats() {
  const past = Date.now() / 1000 - 3 * 86_400
  messageTime(past)
  messageTime(Date.now() / 1000)
}

export function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString()
}
