import { describe, expect, it } from 'vitest'
import { customSnoozeUntil, snoozeUntil } from '../../../dashboard/src/conversation/snooze'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

describe('snooze times', () => {
  // A Wednesday afternoon, local time.
  const now = new Date(2026, 10, 25, 15, 20)

  it('until the next reply has no time', () => {
    expect(snoozeUntil('nextReply', now)).toBeNull()
  })

  it('one hour is an hour from now', () => {
    expect(snoozeUntil('hour', now)).toBe(seconds(now) + 3600)
  })

  it('tomorrow is 9:00 the next day', () => {
    expect(snoozeUntil('tomorrow', now)).toBe(seconds(new Date(2026, 10, 26, 9, 0)))
  })

  it('next week is Monday 9:00, a full week ahead when today is Monday', () => {
    expect(snoozeUntil('nextWeek', now)).toBe(seconds(new Date(2026, 10, 30, 9, 0)))
    const monday = new Date(2026, 10, 30, 8, 0)
    expect(snoozeUntil('nextWeek', monday)).toBe(seconds(new Date(2026, 11, 7, 9, 0)))
  })

  it('a custom time must be in the future', () => {
    expect(customSnoozeUntil('2026-11-25T10:00', now)).toBeNull()
    expect(customSnoozeUntil('2026-11-27T10:00', now)).toBe(seconds(new Date(2026, 10, 27, 10)))
    expect(customSnoozeUntil('', now)).toBeNull()
  })
})
