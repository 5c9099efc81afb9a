import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MAX_PERIODS,
  type Piece,
  periodStart,
  periodsOf,
  planOf,
  type SumPlan,
  toMinutes,
} from '../../../worker/reports/periods'

const H = 3600
const DAY = 86400
/** Monday 2 March 2026, 00:00 UTC. */
const D = Date.UTC(2026, 2, 2) / 1000

/** Sums a plan's window over buckets whose every minute `m` (from D) holds `weight(m)`. */
function evaluate(plan: SumPlan, index: number, weight: (minute: number) => number) {
  const bucketSum = (lo: number, span: number) => {
    let sum = 0
    for (let t = lo; t < lo + span; t += 60) sum += weight((t - D) / 60)
    return sum
  }
  let total = 0
  for (const { piece, sign } of plan.windows.find((w) => w.index === index)?.terms ?? []) {
    const { span, lo, hi } = plan.pieces[piece] as Piece
    for (let b = lo; b < hi; b += span) total += sign * bucketSum(b, span)
  }
  return total
}

/** Rows a plan reads: one per bucket of each piece. */
const rowsOf = (plan: SumPlan) =>
  plan.pieces.reduce((rows, { span, lo, hi }) => rows + (hi - lo) / span, 0)

describe('toMinutes', () => {
  it('widens a range to the whole minutes it touches', () => {
    expect(toMinutes(D + 61, D + 119)).toEqual({ since: D + 60, until: D + 120 })
    expect(toMinutes(D + 60, D + 120)).toEqual({ since: D + 60, until: D + 120 })
  })
})

describe('planOf', () => {
  it('sums every window to exactly its minutes, with pieces added and taken away', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * 1440 }),
        fc.integer({ min: 1, max: 3 * 1440 }),
        fc.integer({ min: 1, max: 1000 }),
        (start, length, seed) => {
          const weight = (m: number) => ((m * 7919 + seed) % 13) - 3
          const since = D + start * 60
          const until = since + length * 60
          const plan = planOf([{ index: 0, since, until }])
          let direct = 0
          for (let m = start; m < start + length; m++) direct += weight(m)
          expect(evaluate(plan, 0, weight)).toBe(direct)
        },
      ),
      { numRuns: 300 },
    )
  })

  it("reads a 30-day summary and the 30 days before it in at most 192 rows, their shared edge's once", () => {
    let worst = 0
    for (let minute = 0; minute < 1440; minute += 7) {
      const since = D + 40 * DAY + minute * 60
      const until = since + 30 * DAY + 13 * 60 * 60 + 17 * 60
      const plan = planOf([
        { index: 0, since, until },
        { index: 1, since: since - (until - since), until: since },
      ])
      worst = Math.max(worst, rowsOf(plan))
      const shared = plan.windows[0]?.terms.filter((t) =>
        plan.windows[1]?.terms.some((u) => u.piece === t.piece),
      )
      if (since % DAY !== 0) expect(shared?.length).toBeGreaterThan(0)
    }
    expect(worst).toBeLessThanOrEqual(192)
  })

  it('reads an aligned day from one row, and an hour at half past from minutes and one hour', () => {
    expect(planOf([{ index: 0, since: D, until: D + DAY }]).pieces).toEqual([
      { span: DAY, lo: D, hi: D + DAY },
    ])
    const halfPast = planOf([{ index: 0, since: D + 30 * 60, until: D + 90 * 60 }])
    // Less the half hour before it, the hour, and the half hour after.
    expect(rowsOf(halfPast)).toBe(61)
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
