/**
 * An inbox's working hours (Chatwoot's `working_hours`, in the inbox's IANA `timezone`): whether
 * the team is open at an instant, when it is next open, and how many seconds of two instants'
 * span fall inside working hours. Pure and dependency-free, so the worker (automations, reports)
 * and the widget (its "back at" line) share one copy. Instants are Unix seconds.
 *
 * Local times are turned into instants through `Intl.DateTimeFormat` (workerd and browsers carry
 * the tz database), so a day that daylight saving shortens or lengthens has its real length.
 */

/** One day of Chatwoot's `working_hours`: day_of_week 0 = Sunday … 6 = Saturday. */
export type WorkingHour = {
  day_of_week: number
  closed_all_day?: boolean | null
  open_all_day?: boolean | null
  open_hour?: number | null
  open_minutes?: number | null
  /** 24 means the end of the day (midnight of the next one). */
  close_hour?: number | null
  close_minutes?: number | null
}

export type BusinessHours = {
  workingHours: readonly WorkingHour[]
  /** A valid IANA zone (see `businessHours`, which falls back to UTC). */
  timezone: string
}

/** When the team is next open, with its local weekday and time in the inbox's zone. */
export type Opening = { at: number; dayOfWeek: number; hour: number; minute: number }

const DAY_MS = 86_400_000
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timezone: string) {
  let f = formatters.get(timezone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timezone, f)
  }
  return f
}

/** Whether `timezone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timezone: string) {
  try {
    formatter(timezone)
    return true
  } catch {
    return false
  }
}

/** The schedule of an inbox; an unknown time zone falls back to UTC rather than failing. */
export function businessHours(
  workingHours: readonly WorkingHour[] | null | undefined,
  timezone: string | null | undefined,
): BusinessHours {
  return {
    workingHours: workingHours ?? [],
    timezone: timezone && isKnownTimeZone(timezone) ? timezone : 'UTC',
  }
}

/** The wall clock of `timezone` at instant `ms`, written as if it were a UTC instant. */
function wallClock(timezone: string, ms: number) {
  const p: Record<string, number> = {}
  for (const part of formatter(timezone).formatToParts(ms)) p[part.type] = Number(part.value)
  const hour = p.hour === 24 ? 0 : (p.hour ?? 0)
  const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, hour, p.minute, p.second)
  return wall + (((ms % 1000) + 1000) % 1000)
}

const offsetAt = (timezone: string, ms: number) => wallClock(timezone, ms) - ms

/**
 * The instant whose wall clock in `timezone` reads `wall`. As Temporal's "compatible" choice: a
 * time repeated by a fall-back change is its first occurrence, a time skipped by a spring-forward
 * change is moved forward by the gap (02:30 on Berlin's spring day is 03:30 CEST).
 */
function instantOf(timezone: string, wall: number) {
  const before = wall - offsetAt(timezone, wall - DAY_MS)
  const after = wall - offsetAt(timezone, wall + DAY_MS)
  const fits = (t: number) => wallClock(timezone, t) === wall
  if (fits(before) && fits(after)) return Math.min(before, after)
  if (fits(before)) return before
  if (fits(after)) return after
  return before
}

/** The local day (days since 1970-01-01 on the zone's calendar) holding instant `ms`. */
const localDay = (timezone: string, ms: number) => Math.floor(wallClock(timezone, ms) / DAY_MS)

/** 1970-01-01 was a Thursday (4). */
const weekday = (day: number) => (((day + 4) % 7) + 7) % 7

/** The open span [start, end) in ms of local `day`, or null when closed that day. */
function openSpan(hours: BusinessHours, day: number): [number, number] | null {
  const entry = hours.workingHours.find((h) => h.day_of_week === weekday(day))
  if (!entry || entry.closed_all_day) return null
  const minutes = (h: number | null | undefined, m: number | null | undefined) =>
    (h ?? 0) * 60 + (m ?? 0)
  const open = entry.open_all_day ? 0 : minutes(entry.open_hour, entry.open_minutes)
  const close = entry.open_all_day
    ? 24 * 60
    : Math.min(24 * 60, minutes(entry.close_hour, entry.close_minutes))
  if (close <= open) return null
  const midnight = day * DAY_MS
  return [
    instantOf(hours.timezone, midnight + open * 60_000),
    instantOf(hours.timezone, midnight + close * 60_000),
  ]
}

/** Whether the team is open at instant `at` (Unix seconds). */
export function isOpen(hours: BusinessHours, at: number) {
  const ms = at * 1000
  const day = localDay(hours.timezone, ms)
  // The day before too: a span may end after a DST change has moved the wall clock.
  for (const d of [day - 1, day]) {
    const span = openSpan(hours, d)
    if (span && span[0] <= ms && ms < span[1]) return true
  }
  return false
}

/**
 * The first instant at or after `at` when the team is open (`at` itself while open), with its
 * weekday and time on the inbox's clock; null when no day of the week is open.
 */
export function nextOpening(hours: BusinessHours, at: number): Opening | null {
  const ms = at * 1000
  const today = localDay(hours.timezone, ms)
  for (let day = today - 1; day <= today + 8; day++) {
    const span = openSpan(hours, day)
    if (!span || span[1] <= ms) continue
    const start = Math.max(span[0], ms)
    const wall = wallClock(hours.timezone, start)
    const clock = new Date(wall)
    return {
      at: Math.ceil(start / 1000),
      dayOfWeek: clock.getUTCDay(),
      hour: clock.getUTCHours(),
      minute: clock.getUTCMinutes(),
    }
  }
  return null
}

/** Seconds between instants `from` and `to` (Unix seconds) that fall inside working hours. */
export function businessSecondsBetween(hours: BusinessHours, from: number, to: number) {
  if (!(to > from)) return 0
  const fromMs = from * 1000
  const toMs = to * 1000
  const first = localDay(hours.timezone, fromMs) - 1
  const last = localDay(hours.timezone, toMs)
  let total = 0
  for (let day = first; day <= last; day++) {
    const span = openSpan(hours, day)
    if (!span) continue
    const start = Math.max(span[0], fromMs)
    const end = Math.min(span[1], toMs)
    if (end > start) total += end - start
  }
  return Math.round(total / 1000)
}
