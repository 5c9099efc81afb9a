import type { ReportsStrings } from '../i18n'
import { format } from '../i18n'
import { humanDuration } from './durations'
import { dayLabel, type GroupBy, monthLabel, rangeLabel } from './periods'
import type { ReportPoint, ReportQuery } from './types'

/**
 * What one chart draws: a count per period, an average duration per period, or a percent per
 * period (the CSAT satisfaction score, `count` the answers it is over).
 */
export type SeriesKind = 'count' | 'duration' | 'percent'

/** The sum of a count series. */
export const seriesTotal = (points: ReportPoint[]) => points.reduce((sum, p) => sum + p.value, 0)

/** The period with the highest value (the first of equals), or null when every value is 0. */
export function seriesPeak(points: ReportPoint[]): ReportPoint | null {
  let peak: ReportPoint | null = null
  for (const point of points) if (point.value > (peak?.value ?? 0)) peak = point
  return peak
}

/** How many a period's average is over (a series without counts: 1 where there is a value). */
const weightOf = (point: ReportPoint) => point.count ?? (point.value > 0 ? 1 : 0)

/** The period with the longest average among those that averaged something, or null. */
export function seriesLongest(points: ReportPoint[]): ReportPoint | null {
  let longest: ReportPoint | null = null
  for (const point of points) {
    if (weightOf(point) > 0 && (!longest || point.value > longest.value)) longest = point
  }
  return longest
}

/**
 * The average over the whole range of a series of averages: each period weighs by how many it
 * averaged (`count`); null when nothing was averaged.
 */
export function seriesAverage(points: ReportPoint[]): number | null {
  let weight = 0
  let sum = 0
  for (const point of points) {
    const count = weightOf(point)
    weight += count
    sum += point.value * count
  }
  return weight > 0 ? sum / weight : null
}

/** A period's name in a table row: "2 Nov 2026", "Week of 2 Nov 2026", "Nov 2026". */
export function periodName(time: number, query: ReportQuery, t: ReportsStrings): string {
  return periodLabel(time, query.groupBy, query.offsetHours, t, true)
}

/** A period's short name under its bar: "2 Nov", "Nov 2026". */
export function periodTick(time: number, query: ReportQuery, t: ReportsStrings): string {
  return periodLabel(time, query.groupBy, query.offsetHours, t, false)
}

function periodLabel(
  time: number,
  groupBy: GroupBy,
  offsetHours: number,
  t: ReportsStrings,
  long: boolean,
) {
  if (groupBy === 'month') return monthLabel(time, offsetHours, t.months)
  const day = dayLabel(time, offsetHours, t.months, long)
  return groupBy === 'week' && long ? format(t.weekOf, { day }) : day
}

/** A value as the chart and its table show it: a count, a duration ("1 h 5 m") or "80%". */
export function shownValue(value: number, kind: SeriesKind, t: ReportsStrings): string {
  if (kind === 'percent') return format(t.percentValue, { value: String(value) })
  return kind === 'count' ? String(value) : humanDuration(value, t.durationUnits)
}

/**
 * The chart's description, after its heading: "per day, 24 Oct – 23 Nov: total 412, peak 31 on
 * 2 Nov." for counts, the average and the longest period for durations.
 */
export function chartSummary(
  points: ReportPoint[],
  kind: SeriesKind,
  query: ReportQuery,
  t: ReportsStrings,
): string {
  const per = t.perPeriod[query.groupBy]
  const range = rangeLabel(query, query.offsetHours, t.months)
  if (kind === 'count') {
    const peak = seriesPeak(points)
    if (!peak) return format(t.countSummaryEmpty, { per, range })
    return format(t.countSummary, {
      per,
      range,
      total: String(seriesTotal(points)),
      peak: String(peak.value),
      peakAt: periodTick(peak.timestamp, query, t),
    })
  }
  const average = seriesAverage(points)
  const longest = seriesLongest(points)
  if (kind === 'percent') {
    if (!longest || average === null) return format(t.scoreSummaryEmpty, { per, range })
    return format(t.scoreSummary, {
      per,
      range,
      average: shownValue(Math.round(average * 10) / 10, kind, t),
      peak: shownValue(longest.value, kind, t),
      peakAt: periodTick(longest.timestamp, query, t),
    })
  }
  if (!longest || average === null) return format(t.averageSummaryEmpty, { per, range })
  return format(t.averageSummary, {
    per,
    range,
    average: humanDuration(average, t.durationUnits),
    peak: humanDuration(longest.value, t.durationUnits),
    peakAt: periodTick(longest.timestamp, query, t),
  })
}
