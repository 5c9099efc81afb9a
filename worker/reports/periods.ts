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

/** Where a segment's figures come from: the day or hour rollups, or the events themselves. */
export type Source = typeof DAY | typeof HOUR | 0
export type Segment = { index: number; span: Source; lo: number; hi: number }

/** Splits `[lo, hi)` into whole hours, and events at the ragged ends. */
function hourSegments(index: number, lo: number, hi: number): Segment[] {
  const first = Math.ceil(lo / HOUR) * HOUR
  const last = Math.floor(hi / HOUR) * HOUR
  if (first >= last) return [{ index, span: 0, lo, hi }]
  return [
    { index, span: 0, lo, hi: first },
    { index, span: HOUR, lo: first, hi: last },
    { index, span: 0, lo: last, hi },
  ]
}

/**
 * Splits a window into whole UTC days, whole hours around them and single events at the edges,
 * so a report reads a number of rows bounded by the window's length, never by the volume in it.
 */
export function segmentsOf(window: Window): Segment[] {
  const { index, since, until } = window
  const firstDay = Math.ceil(since / DAY) * DAY
  const lastDay = Math.floor(until / DAY) * DAY
  const segments =
    firstDay < lastDay
      ? [
          ...hourSegments(index, since, firstDay),
          { index, span: DAY, lo: firstDay, hi: lastDay } as Segment,
          ...hourSegments(index, lastDay, until),
        ]
      : hourSegments(index, since, until)
  return segments.filter((s) => s.lo < s.hi)
}
