/** A message time: the clock time today, the date and time before. */
export function messageTime(seconds: number, now = new Date()): string {
  const at = new Date(seconds * 1000)
  const today = at.toDateString() === now.toDateString()
  return today
    ? at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })
}

export function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString()
}
