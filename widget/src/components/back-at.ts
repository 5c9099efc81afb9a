import { businessHours, isOpen, nextOpening } from '../../../protocol/shared/business-hours'
import type { InboxConfig } from '../client/types'
// Through the app's i18n module, which the part chunk takes from the app (part-modules.ts).
import { format, type Locale } from '../i18n'
import { BACK_AT } from '../i18n/back-at'

const DAY_MS = 86_400_000
const startOfLocalDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()

/**
 * The header's line while the inbox's working hours are on and the team is closed at `now`: when
 * it is back; null while open or when no day is ever open. The hour is the inbox's (its
 * `timezone`: the team opens at 9:00 on its own clock); "today", "tomorrow" and the weekday are
 * the visitor's, from their own clock, so a visitor far from the team is never told "tomorrow"
 * for what is, for them, later today.
 */
export function backAtLine(
  lang: Locale,
  inbox: Pick<InboxConfig, 'working_hours_enabled' | 'working_hours' | 'timezone'> | null,
  now: Date,
): string | null {
  if (!inbox?.working_hours_enabled) return null
  const hours = businessHours(inbox.working_hours, inbox.timezone)
  const at = Math.floor(now.getTime() / 1000)
  if (isOpen(hours, at)) return null
  const next = nextOpening(hours, at)
  // No day open at all: no promise to make, so the usual reply-time line stays.
  if (!next) return null
  const t = BACK_AT[lang]
  const time = `${next.hour}:${String(next.minute).padStart(2, '0')}`
  const opening = new Date(next.at * 1000)
  const days = Math.round((startOfLocalDay(opening) - startOfLocalDay(now)) / DAY_MS)
  if (days <= 0) return format(t.today, { time })
  if (days === 1) return format(t.tomorrow, { time })
  const day = new Intl.DateTimeFormat(lang, { weekday: 'long' }).format(opening)
  return format(t.day, { day, time })
}
