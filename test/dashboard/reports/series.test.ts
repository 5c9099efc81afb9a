import { describe, expect, it } from 'vitest'
import { reportsEn as t } from '../../../dashboard/src/i18n/reports.en'
import { changeText } from '../../../dashboard/src/reports/figures'
import {
  chartSummary,
  periodName,
  seriesAverage,
  seriesPeak,
  seriesTotal,
} from '../../../dashboard/src/reports/series'
import { smallReport } from './fixtures'

describe('what a chart says about its series', () => {
  const report = smallReport()

  it('totals a count series and finds its peak', () => {
    const points = report.series.conversations_count
    expect(seriesTotal(points)).toBe(12)
    expect(seriesPeak(points)?.value).toBe(7)
    expect(chartSummary(points, 'count', report.query, t)).toBe(
      'per day, 1 Nov – 3 Nov: total 12, peak 7 on 3 Nov.',
    )
  })

  it('averages a series of averages weighted by how many each period averaged', () => {
    const points = report.series.avg_first_response_time
    expect(seriesAverage(points)).toBeCloseTo((60 + 3 * 120.6) / 4)
    expect(chartSummary(points, 'duration', report.query, t)).toBe(
      'per day, 1 Nov – 3 Nov: average 1 m 45 s, longest 2 m 1 s on 3 Nov.',
    )
  })

  it('averages a reply in the same second as 0 s rather than nothing', () => {
    const points = report.series.avg_first_response_time.map((p) => ({ ...p, value: 0 }))
    expect(chartSummary(points, 'duration', report.query, t)).toBe(
      'per day, 1 Nov – 3 Nov: average 0 s, longest 0 s on 1 Nov.',
    )
  })

  it('says so when there is nothing to count or average', () => {
    const zeros = report.series.conversations_count.map((p) => ({ ...p, value: 0, count: 0 }))
    expect(seriesPeak(zeros)).toBeNull()
    expect(seriesAverage(zeros)).toBeNull()
    expect(chartSummary(zeros, 'count', report.query, t)).toBe('per day, 1 Nov – 3 Nov: none.')
    expect(chartSummary(zeros, 'duration', report.query, t)).toBe(
      'per day, 1 Nov – 3 Nov: nothing to average.',
    )
  })

  it('names periods by day, week and month in the offset', () => {
    const { query } = report
    const first = query.since
    expect(periodName(first, query, t)).toBe('1 Nov 2026')
    expect(periodName(first, { ...query, groupBy: 'week' }, t)).toBe('Week of 1 Nov 2026')
    expect(periodName(first, { ...query, groupBy: 'month' }, t)).toBe('Nov 2026')
  })
})

describe('the change against the previous period', () => {
  it('is a signed whole percentage, or says there was nothing before', () => {
    expect(changeText(112, 100, t)).toBe('+12% vs previous period')
    expect(changeText(95, 100, t)).toBe('−5% vs previous period')
    expect(changeText(3, 3, t)).toBe('No change from previous period')
    expect(changeText(0, 0, t)).toBe('No change from previous period')
    expect(changeText(4, 0, t)).toBe('Up from none in previous period')
  })
})
