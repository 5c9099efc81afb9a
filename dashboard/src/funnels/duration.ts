import { type FunnelsStrings, format } from '../i18n'

/** Time in a stage as a person says it: "under 1 min", "12 min", "3 h", "2 d". */
export function humanDuration(seconds: number, t: FunnelsStrings): string {
  if (seconds < 60) return t.justNow
  if (seconds < 3600) return format(t.minutes, { n: Math.floor(seconds / 60) })
  if (seconds < 86_400) return format(t.hours, { n: Math.floor(seconds / 3600) })
  return format(t.days, { n: Math.floor(seconds / 86_400) })
}
