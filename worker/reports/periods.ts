import type { GroupBy } from '../schemas/reports'

const HOUR = 3600
const DAY = 86400

/** A stretch of time `[since, until)` whose figures are summed together, named by `index`. */
export type Window = { index: number; since: number; until: number }

/** A period of a series: its start, and the part of it inside the asked range. */
export type Period = Window & { start: number }

/** Periods in a series at most: a year of days, a month of hours. */
export const MAX_PERIODS = 800

/** The start of the period holding `t`, in a time zone `offset` seconds east of UTC. */
export function periodStart(t: number, groupBy: GroupBy, offset: number): number {
  const local = t + offset
  switch (groupBy) {
    case 'hour':
      return Math.floor(local / HOUR) * HOUR - offset
    case 'day':
      return Math.floor(local / DAY) * DAY - offset
    case 'week': {
      const day = Math.floor(local / DAY)
      // 1970-01-01 was a Thursday: (day + 3) mod 7 counts the days since Monday.
      const sinceMonday = (((day + 3) % 7) + 7) % 7
      return (day - sinceMonday) * DAY - offset
    }
    case 'month': {
      const d = new Date(local * 1000)
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000 - offset
    }
    case 'year': {
      const d = new Date(local * 1000)
      return Date.UTC(d.getUTCFullYear(), 0, 1) / 1000 - offset
    }
  }
}

/** The start of the period after the one starting at `start`. */
function nextStart(start: number, groupBy: GroupBy, offset: number): number {
  switch (groupBy) {
    case 'hour':
      return start + HOUR
    case 'day':
      return start + DAY
    case 'week':
      return start + 7 * DAY
    case 'month': {
      const d = new Date((start + offset) * 1000)
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000 - offset
    }
    case 'year': {
      const d = new Date((start + offset) * 1000)
      return Date.UTC(d.getUTCFullYear() + 1, 0, 1) / 1000 - offset
    }
  }
}

/**
 * The periods from the one holding `since` to the one holding the range's last second, each
 * cut to the range, as Chatwoot's series are. Null when there would be more than `MAX_PERIODS`.
 */
export function periodsOf(
  since: number,
  until: number,
  groupBy: GroupBy,
  offset: number,
): Period[] | null {
  const periods: Period[] = []
  for (let start = periodStart(since, groupBy, offset); start < until; ) {
    if (periods.length === MAX_PERIODS) return null
    const next = nextStart(start, groupBy, offset)
    periods.push({
      index: periods.length,
      start,
      since: Math.max(start, since),
      until: Math.min(next, until),
    })
    start = next
  }
  return periods
}

const MINUTE = 60

/**
 * The range a report sums: `since` down and `until` up to whole minutes, the finest buckets the
 * report sums keep. A report's edges then read minutes, never the events themselves.
 */
export function toMinutes(since: number, until: number) {
  return {
    since: Math.floor(since / MINUTE) * MINUTE,
    until: Math.ceil(until / MINUTE) * MINUTE,
  }
}

/** The buckets of one span in `[lo, hi)`, read from the report sums. */
export type Piece = { span: typeof MINUTE | typeof HOUR | typeof DAY; lo: number; hi: number }
type Term = Piece & { sign: number }

/** What a report reads: pieces, each read once, and each window as pieces added or taken away. */
export type SumPlan = {
  pieces: Piece[]
  windows: { index: number; terms: { piece: number; sign: number }[] }[]
}

const floorTo = (t: number, span: number) => Math.floor(t / span) * span
const negated = (terms: Term[]) => terms.map((t) => ({ ...t, sign: -t.sign }))
const piece = (span: Piece['span'], lo: number, hi: number, sign = 1): Term[] =>
  lo < hi ? [{ span, lo, hi, sign }] : []

/**
 * `[hour start, t)`: its minutes, or the whole hour less the minutes after `t`, whichever reads
 * fewer rows (at most 30 and one hour).
 */
function hourPrefix(t: number): Term[] {
  const hour = floorTo(t, HOUR)
  const minutes = (t - hour) / MINUTE
  return minutes <= 30
    ? piece(MINUTE, hour, t)
    : [...piece(HOUR, hour, hour + HOUR), ...piece(MINUTE, t, hour + HOUR, -1)]
}

/** `[day start, t)`: whole hours read forward or taken from the day, then `hourPrefix`. */
function dayPrefix(t: number): Term[] {
  const day = floorTo(t, DAY)
  const hour = floorTo(t, HOUR)
  const hours = (hour - day) / HOUR
  const whole =
    hours <= 12
      ? piece(HOUR, day, hour)
      : [...piece(DAY, day, day + DAY), ...piece(HOUR, hour, day + DAY, -1)]
  return [...whole, ...hourPrefix(t)]
}

/** `[lo, hi)` inside one hour: its minutes, or the hour less the minutes around it. */
function withinHour(lo: number, hi: number): Term[] {
  const hour = floorTo(lo, HOUR)
  const inside = (hi - lo) / MINUTE
  const around = (lo - hour + (hour + HOUR - hi)) / MINUTE
  if (inside <= 1 + around) return piece(MINUTE, lo, hi)
  return [
    ...piece(HOUR, hour, hour + HOUR),
    ...piece(MINUTE, hour, lo, -1),
    ...piece(MINUTE, hi, hour + HOUR, -1),
  ]
}

/**
 * The signed pieces that sum to `[lo, hi)` (whole minutes): whole days between the days of its
 * ends, less what of the first day comes before `lo`, plus what of the last day comes before
 * `hi`. A window's edges cost at most 12 hours and 30 minutes and a row or two each, and two
 * windows that meet read their shared edge's pieces once.
 */
function termsOf(lo: number, hi: number): Term[] {
  if (lo >= hi) return []
  if (floorTo(lo, DAY) < floorTo(hi, DAY)) {
    return [
      ...negated(dayPrefix(lo)),
      ...piece(DAY, floorTo(lo, DAY), floorTo(hi, DAY)),
      ...dayPrefix(hi),
    ]
  }
  if (floorTo(lo, HOUR) < floorTo(hi, HOUR)) {
    return [
      ...negated(hourPrefix(lo)),
      ...piece(HOUR, floorTo(lo, HOUR), floorTo(hi, HOUR)),
      ...hourPrefix(hi),
    ]
  }
  return withinHour(lo, hi)
}

/**
 * What the windows (whole minutes) read: each distinct piece once, so the read costs a number of
 * rows bounded by the windows' length and count, never by the volume in them.
 */
export function planOf(windows: Window[]): SumPlan {
  const pieces: Piece[] = []
  const seen = new Map<string, number>()
  const planned = windows.map(({ index, since, until }) => {
    const signs = new Map<string, Term>()
    for (const term of termsOf(since, until)) {
      const key = `${term.span}:${term.lo}:${term.hi}`
      const sum = signs.get(key)
      signs.set(key, sum ? { ...sum, sign: sum.sign + term.sign } : term)
    }
    const terms = [...signs]
      .filter(([, term]) => term.sign !== 0)
      .map(([key, { span, lo, hi, sign }]) => {
        let at = seen.get(key)
        if (at === undefined) {
          at = pieces.push({ span, lo, hi }) - 1
          seen.set(key, at)
        }
        return { piece: at, sign }
      })
    return { index, terms }
  })
  return { pieces, windows: planned }
}
