import { format, type Strings } from '../i18n'

/** A short age ("5m", "3h", "2d", then the date) for a Unix-seconds time. */
export function relativeTime(seconds: number, nowMs: number, t: Strings['shell']): string {
  const age = Math.max(0, Math.floor(nowMs / 1000) - seconds)
  if (age < 60) return t.justNow
  if (age < 3600) return format(t.minutesAgo, { n: Math.floor(age / 60) })
  if (age < 86400) return format(t.hoursAgo, { n: Math.floor(age / 3600) })
  if (age < 7 * 86400) return format(t.daysAgo, { n: Math.floor(age / 86400) })
  return new Date(seconds * 1000).toLocaleDateString()
}
