/**
 * Ranges and periods in a fixed UTC offset (hours east, as Chatwoot's `timezone_offset`): the
 * reports API counts days from midnight in that offset, so the page computes its ranges the same
 * way. Times are unix seconds throughout; a range's `until` is exclusive.
 */

export type GroupBy = 'day' | 'week' | 'month'
export type RangePreset = 'last7' | 'last30' | 'last90'

export interface Range {
  since: number
  until: number
}

const DAY = 86_400

/** The browser's offset in hours east of UTC, as Chatwoot's dashboard sends it (5.5, -5). */
export function browserOffsetHours(at = new Date()): number {
  // `|| 0` turns -0 (UTC) into 0, so the query says timezone_offset=0.
  return -at.getTimezoneOffset() / 60 || 0
}

const shift = (offsetHours: number) => Math.round(offsetHours * 3600)

/** The start of the day holding `time`, in the offset. */
export function dayStart(time: number, offsetHours: number): number {
  const local = time + shift(offsetHours)
  return local - (((local % DAY) + DAY) % DAY) - shift(offsetHours)
}

/** The last `days` days up to and including today, in the offset. */
export function lastDays(days: number, now: number, offsetHours: number): Range {
  const until = dayStart(now, offsetHours) + DAY
  return { since: until - days * DAY, until }
}

export const PRESET_DAYS: Record<RangePreset, number> = { last7: 7, last30: 30, last90: 90 }

/** The days `from` to `to` (YYYY-MM-DD, both included) in the offset; null when not a range. */
export function customRange(from: string, to: string, offsetHours: number): Range | null {
  const start = Date.parse(`${from}T00:00:00Z`)
  const end = Date.parse(`${to}T00:00:00Z`)
  if (Number.isNaN(start) || Number.isNaN(end) || start > end) return null
  return {
    since: start / 1000 - shift(offsetHours),
    until: end / 1000 + DAY - shift(offsetHours),
  }
}

/** The calendar date (YYYY-MM-DD) of `time` in the offset. */
export function isoDate(time: number, offsetHours: number): string {
  return new Date((time + shift(offsetHours)) * 1000).toISOString().slice(0, 10)
}

/** The first and last days a range covers (the last is the day before `until`). */
export function rangeDates(range: Range, offsetHours: number) {
  return { from: isoDate(range.since, offsetHours), to: isoDate(range.until - 1, offsetHours) }
}

/** The offset as people read it: "UTC", "UTC+5:30", "UTC−5". */
export function offsetName(offsetHours: number): string {
  if (offsetHours === 0) return 'UTC'
  const minutes = Math.round(Math.abs(offsetHours) * 60)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return `UTC${offsetHours > 0 ? '+' : '−'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`
}

/** The parts of `time`'s date in the offset. */
function dateParts(time: number, offsetHours: number) {
  const date = new Date((time + shift(offsetHours)) * 1000)
  return { day: date.getUTCDate(), month: date.getUTCMonth(), year: date.getUTCFullYear() }
}

/** "2 Nov", or "2 Nov 2026" with the year. */
export function dayLabel(time: number, offsetHours: number, months: string[], withYear = false) {
  const { day, month, year } = dateParts(time, offsetHours)
  return `${day} ${months[month]}${withYear ? ` ${year}` : ''}`
}

/** "Nov 2026". */
export function monthLabel(time: number, offsetHours: number, months: string[]) {
  const { month, year } = dateParts(time, offsetHours)
  return `${months[month]} ${year}`
}

/** A range as a heading reads it: "24 Oct – 23 Nov" (years shown when they differ from each other). */
export function rangeLabel(range: Range, offsetHours: number, months: string[]) {
  const first = dateParts(range.since, offsetHours)
  const last = dateParts(range.until - 1, offsetHours)
  const withYear = first.year !== last.year
  const from = dayLabel(range.since, offsetHours, months, withYear)
  const to = dayLabel(range.until - 1, offsetHours, months, withYear)
  return from === to ? from : `${from} – ${to}`
}
