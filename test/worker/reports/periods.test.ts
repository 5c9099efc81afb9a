import { describe, expect, it } from 'vitest'
import { MAX_PERIODS, periodStart, periodsOf, segmentsOf } from '../../../worker/reports/periods'

const H = 3600
const DAY = 86400
/** Monday 2 March 2026, 00:00 UTC. */
const D = Date.UTC(2026, 2, 2) / 1000

describe('segmentsOf', () => {
  it('covers a window exactly once: whole days, whole hours around them, events at the edges', () => {
    const since = D + 10 * H + 17
    const until = D + 3 * DAY + 5 * H + 1799
    const segments = segmentsOf({ index: 4, since, until })
    expect(segments).toEqual([
      { index: 4, span: 0, lo: since, hi: D + 11 * H },
      { index: 4, span: H, lo: D + 11 * H, hi: D + DAY },
      { index: 4, span: DAY, lo: D + DAY, hi: D + 3 * DAY },
      { index: 4, span: H, lo: D + 3 * DAY, hi: D + 3 * DAY + 5 * H },
      { index: 4, span: 0, lo: D + 3 * DAY + 5 * H, hi: until },
    ])
  })

  it('reads a window inside one hour from the events alone, and an aligned day from one row', () => {
    expect(segmentsOf({ index: 0, since: D + 60, until: D + 120 })).toEqual([
      { index: 0, span: 0, lo: D + 60, hi: D + 120 },
    ])
    expect(segmentsOf({ index: 0, since: D, until: D + DAY })).toEqual([
      { index: 0, span: DAY, lo: D, hi: D + DAY },
    ])
  })
})

describe('periodsOf', () => {
  it('starts weeks on Monday in the offset, and months on the 1st in the offset', () => {
    // Sunday 8 March 23:00 UTC is Monday 9 March at UTC+2.
    expect(periodStart(D + 6 * DAY + 23 * H, 'week', 2 * H)).toBe(D + 7 * DAY - 2 * H)
    expect(periodStart(D + 6 * DAY + 23 * H, 'week', 0)).toBe(D)
    expect(periodStart(Date.UTC(2026, 2, 31, 22) / 1000, 'month', 3 * H)).toBe(
      Date.UTC(2026, 3, 1) / 1000 - 3 * H,
    )
  })

  it('cuts the first and last periods to the range, and refuses more than the maximum', () => {
    expect(periodsOf(D + H, D + DAY + H, 'day', 0)).toEqual([
      { index: 0, start: D, since: D + H, until: D + DAY },
      { index: 1, start: D + DAY, since: D + DAY, until: D + DAY + H },
    ])
    expect(periodsOf(D, D + MAX_PERIODS * H, 'hour', 0)).toHaveLength(MAX_PERIODS)
    expect(periodsOf(D, D + (MAX_PERIODS + 1) * H, 'hour', 0)).toBeNull()
  })
})
