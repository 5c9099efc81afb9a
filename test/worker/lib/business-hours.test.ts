import { describe, expect, it } from 'vitest'
import {
  businessSecondsBetween,
  inboxBusinessHours,
  isKnownTimeZone,
  isOpen,
  nextOpening,
  type WorkingHour,
} from '../../../worker/lib/business-hours'

const at = (iso: string) => Date.parse(iso) / 1000
const HOUR = 3600

const nineToFive = (day: number): WorkingHour => ({
  day_of_week: day,
  open_hour: 9,
  open_minutes: 0,
  close_hour: 17,
  close_minutes: 0,
})
const closed = (day: number): WorkingHour => ({ day_of_week: day, closed_all_day: true })
const allDay = (day: number): WorkingHour => ({ day_of_week: day, open_all_day: true })

/** Monday to Friday 9:00–17:00, weekends closed. */
const weekdays = [closed(0), ...[1, 2, 3, 4, 5].map(nineToFive), closed(6)]
const hours = (timezone: string, workingHours = weekdays) =>
  inboxBusinessHours({ working_hours: workingHours, timezone })

describe('isOpen', () => {
  it('is open inside the hours on the inbox clock and closed outside them', () => {
    const berlin = hours('Europe/Berlin')
    // Wednesday 2026-01-14: CET is UTC+1.
    expect(isOpen(berlin, at('2026-01-14T08:00:00Z'))).toBe(true) // 9:00 local
    expect(isOpen(berlin, at('2026-01-14T07:59:59Z'))).toBe(false) // 8:59:59
    expect(isOpen(berlin, at('2026-01-14T15:59:59Z'))).toBe(true) // 16:59:59
    expect(isOpen(berlin, at('2026-01-14T16:00:00Z'))).toBe(false) // 17:00, closing time
  })

  it('counts a closed_all_day day as closed and an open_all_day day as open round the clock', () => {
    const h = hours('UTC', [allDay(0), closed(1)])
    expect(isOpen(h, at('2026-01-11T00:00:00Z'))).toBe(true) // Sunday midnight
    expect(isOpen(h, at('2026-01-11T23:59:59Z'))).toBe(true)
    expect(isOpen(h, at('2026-01-12T12:00:00Z'))).toBe(false) // Monday
    expect(isOpen(h, at('2026-01-13T12:00:00Z'))).toBe(false) // Tuesday: no entry
  })

  it('treats close_hour 24 as the end of the day, open right up to midnight', () => {
    const h = hours('America/New_York', [{ ...nineToFive(3), close_hour: 24 }])
    // Wednesday 2026-01-14 23:59 EST = Thursday 04:59 UTC
    expect(isOpen(h, at('2026-01-15T04:59:00Z'))).toBe(true)
    expect(isOpen(h, at('2026-01-15T05:00:00Z'))).toBe(false)
  })

  it('falls back to UTC for an unknown time zone', () => {
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true)
    const h = hours('Mars/Olympus_Mons')
    expect(h.timezone).toBe('UTC')
    expect(isOpen(h, at('2026-01-14T09:00:00Z'))).toBe(true)
    expect(isOpen(h, at('2026-01-14T08:59:00Z'))).toBe(false)
  })
})

describe('nextOpening', () => {
  it('is the same instant while open', () => {
    const h = hours('UTC')
    expect(nextOpening(h, at('2026-01-14T10:00:00Z'))?.at).toBe(at('2026-01-14T10:00:00Z'))
  })

  it('crosses midnight to the next morning', () => {
    const h = hours('Europe/Berlin')
    // Tuesday 2026-01-13 23:30 CET → Wednesday 9:00 CET
    expect(nextOpening(h, at('2026-01-13T22:30:00Z'))).toEqual({
      at: at('2026-01-14T08:00:00Z'),
      dayOfWeek: 3,
      hour: 9,
      minute: 0,
    })
  })

  it('crosses the weekend from Friday evening to Monday morning', () => {
    const h = hours('America/New_York')
    // Friday 2026-01-16 18:00 EST → Monday 2026-01-19 9:00 EST (14:00 UTC)
    expect(nextOpening(h, at('2026-01-16T23:00:00Z'))).toEqual({
      at: at('2026-01-19T14:00:00Z'),
      dayOfWeek: 1,
      hour: 9,
      minute: 0,
    })
    // Saturday afternoon too
    expect(nextOpening(h, at('2026-01-17T18:00:00Z'))?.at).toBe(at('2026-01-19T14:00:00Z'))
  })

  it('uses the new offset after a spring-forward change', () => {
    // Berlin moves to CEST (UTC+2) on Sunday 2026-03-29; Monday 9:00 is 07:00 UTC.
    const h = hours('Europe/Berlin')
    expect(nextOpening(h, at('2026-03-27T17:00:00Z'))?.at).toBe(at('2026-03-30T07:00:00Z'))
    // New York moved on 2026-03-08: Monday 9:00 EDT is 13:00 UTC.
    const ny = hours('America/New_York')
    expect(nextOpening(ny, at('2026-03-06T23:00:00Z'))?.at).toBe(at('2026-03-09T13:00:00Z'))
  })

  it('uses the old offset again after a fall-back change', () => {
    // Berlin returns to CET on Sunday 2026-10-25: Monday 9:00 is 08:00 UTC.
    const h = hours('Europe/Berlin')
    expect(nextOpening(h, at('2026-10-23T16:00:00Z'))?.at).toBe(at('2026-10-26T08:00:00Z'))
    // New York on 2026-11-01: Monday 9:00 EST is 14:00 UTC.
    const ny = hours('America/New_York')
    expect(nextOpening(ny, at('2026-10-30T22:00:00Z'))?.at).toBe(at('2026-11-02T14:00:00Z'))
  })

  it('is null when no day is ever open', () => {
    expect(nextOpening(hours('UTC', [0, 1, 2, 3, 4, 5, 6].map(closed)), 0)).toBeNull()
    expect(nextOpening(hours('UTC', []), 0)).toBeNull()
  })
})

describe('businessSecondsBetween', () => {
  it('counts only the open part of a span across midnight', () => {
    const h = hours('Europe/Berlin')
    // Tuesday 16:00 CET → Wednesday 10:00 CET: 1 h Tuesday + 1 h Wednesday
    expect(businessSecondsBetween(h, at('2026-01-13T15:00:00Z'), at('2026-01-14T09:00:00Z'))).toBe(
      2 * HOUR,
    )
  })

  it('skips a closed weekend from Saturday to Monday', () => {
    const h = hours('UTC')
    expect(businessSecondsBetween(h, at('2026-01-17T10:00:00Z'), at('2026-01-19T10:30:00Z'))).toBe(
      1.5 * HOUR,
    )
    // Friday 16:00 → Monday 10:00
    expect(businessSecondsBetween(h, at('2026-01-16T16:00:00Z'), at('2026-01-19T10:00:00Z'))).toBe(
      2 * HOUR,
    )
  })

  it('is zero for an empty or reversed span', () => {
    const h = hours('UTC')
    expect(businessSecondsBetween(h, at('2026-01-14T10:00:00Z'), at('2026-01-14T10:00:00Z'))).toBe(
      0,
    )
    expect(businessSecondsBetween(h, at('2026-01-14T11:00:00Z'), at('2026-01-14T10:00:00Z'))).toBe(
      0,
    )
  })

  it('counts a spring-forward day open all day as 23 hours, and a fall-back one as 25', () => {
    const sundays = hours('Europe/Berlin', [allDay(0)])
    expect(
      businessSecondsBetween(sundays, at('2026-03-27T00:00:00Z'), at('2026-03-31T00:00:00Z')),
    ).toBe(23 * HOUR)
    expect(
      businessSecondsBetween(sundays, at('2026-10-23T00:00:00Z'), at('2026-10-27T00:00:00Z')),
    ).toBe(25 * HOUR)
    const ny = hours('America/New_York', [allDay(0)])
    expect(businessSecondsBetween(ny, at('2026-03-06T00:00:00Z'), at('2026-03-10T00:00:00Z'))).toBe(
      23 * HOUR,
    )
    expect(businessSecondsBetween(ny, at('2026-10-30T00:00:00Z'), at('2026-11-03T00:00:00Z'))).toBe(
      25 * HOUR,
    )
  })

  it('keeps hours across the hour a DST change skips or repeats on the clock of the day', () => {
    // Sunday 01:00–04:00 local: 2 real hours on Berlin's spring day (02:00→03:00 skipped), 4 on
    // its autumn day (02:00–03:00 repeated).
    const h = hours('Europe/Berlin', [{ day_of_week: 0, open_hour: 1, close_hour: 4 }])
    expect(businessSecondsBetween(h, at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'))).toBe(
      2 * HOUR,
    )
    expect(businessSecondsBetween(h, at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z'))).toBe(
      4 * HOUR,
    )
    // On the spring day 03:30 CEST (01:30 UTC) is open, 04:00 CEST is closing time.
    expect(isOpen(h, at('2026-03-29T01:30:00Z'))).toBe(true)
    expect(isOpen(h, at('2026-03-29T02:00:00Z'))).toBe(false) // 04:00 CEST
  })

  it('sums a whole working week to 40 hours, whatever the zone', () => {
    for (const tz of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
      expect(
        businessSecondsBetween(hours(tz), at('2026-01-11T12:00:00Z'), at('2026-01-18T12:00:00Z')),
      ).toBe(40 * HOUR)
    }
  })
})
