export type SnoozeOption = 'nextReply' | 'hour' | 'tomorrow' | 'nextWeek'

/** At 9:00 local time, `days` days after `from`. */
function nineOClock(from: Date, days: number): Date {
  const at = new Date(from)
  at.setDate(at.getDate() + days)
  at.setHours(9, 0, 0, 0)
  return at
}

/**
 * When a snooze ends, in unix seconds; null means "until the visitor replies" (snoozed with no
 * time: the next incoming message reopens it). Tomorrow and next week start at 9:00 local time,
 * next week on Monday.
 */
export function snoozeUntil(option: SnoozeOption, now: Date): number | null {
  switch (option) {
    case 'nextReply':
      return null
    case 'hour':
      return Math.floor(now.getTime() / 1000) + 3600
    case 'tomorrow':
      return Math.floor(nineOClock(now, 1).getTime() / 1000)
    case 'nextWeek': {
      const daysToMonday = (8 - now.getDay()) % 7 || 7
      return Math.floor(nineOClock(now, daysToMonday).getTime() / 1000)
    }
  }
}

/** The value of a `datetime-local` input as unix seconds, or null when it is not a future time. */
export function customSnoozeUntil(value: string, now: Date): number | null {
  const at = new Date(value)
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return null
  return Math.floor(at.getTime() / 1000)
}
