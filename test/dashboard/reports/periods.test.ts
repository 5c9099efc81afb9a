import { describe, expect, it } from 'vitest'
import { reportsEn } from '../../../dashboard/src/i18n/reports.en'
import {
  customRange,
  dayStart,
  isoDate,
  lastDays,
  offsetName,
  rangeDates,
  rangeLabel,
} from '../../../dashboard/src/reports/periods'

const at = (iso: string) => Date.parse(iso) / 1000
const months = reportsEn.months

describe('report periods in a UTC offset', () => {
  it('starts a day at midnight in the offset, east or west of UTC and on half hours', () => {
    expect(dayStart(at('2026-11-23T15:00:00Z'), 0)).toBe(at('2026-11-23T00:00:00Z'))
    expect(dayStart(at('2026-11-23T02:00:00Z'), -5)).toBe(at('2026-11-22T05:00:00Z'))
    expect(dayStart(at('2026-11-23T20:00:00Z'), 5.5)).toBe(at('2026-11-23T18:30:00Z'))
  })

  it('takes the last N days up to the end of today, until exclusive', () => {
    expect(lastDays(7, at('2026-11-23T15:00:00Z'), 0)).toEqual({
      since: at('2026-11-17T00:00:00Z'),
      until: at('2026-11-24T00:00:00Z'),
    })
    expect(lastDays(30, at('2026-11-23T02:00:00Z'), -5)).toEqual({
      since: at('2026-10-24T05:00:00Z'),
      until: at('2026-11-23T05:00:00Z'),
    })
  })

  it('turns two chosen days into a range that includes both, and refuses them reversed', () => {
    expect(customRange('2026-11-01', '2026-11-03', 2)).toEqual({
      since: at('2026-10-31T22:00:00Z'),
      until: at('2026-11-03T22:00:00Z'),
    })
    expect(customRange('2026-11-05', '2026-11-03', 0)).toBeNull()
    expect(customRange('', '2026-11-03', 0)).toBeNull()
  })

  it('names the first and last days of a range in the offset', () => {
    const range = { since: at('2026-10-24T05:00:00Z'), until: at('2026-11-23T05:00:00Z') }
    expect(rangeDates(range, -5)).toEqual({ from: '2026-10-24', to: '2026-11-22' })
    expect(isoDate(at('2026-11-23T20:00:00Z'), 5.5)).toBe('2026-11-24')
    expect(rangeLabel(range, -5, months)).toBe('24 Oct – 22 Nov')
  })

  it('shows the years of a range only when it crosses one', () => {
    const range = customRange('2025-12-30', '2026-01-02', 0)!
    expect(rangeLabel(range, 0, months)).toBe('30 Dec 2025 – 2 Jan 2026')
    expect(rangeLabel(customRange('2026-01-02', '2026-01-02', 0)!, 0, months)).toBe('2 Jan')
  })

  it('names an offset as people read it', () => {
    expect(offsetName(0)).toBe('UTC')
    expect(offsetName(5.5)).toBe('UTC+5:30')
    expect(offsetName(-5)).toBe('UTC−5')
    expect(offsetName(-3.75)).toBe('UTC−3:45')
  })
})
