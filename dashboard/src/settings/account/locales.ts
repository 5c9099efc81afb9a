/** The languages offered for an account (Chatwoot's locale codes), each named in itself. */
export const LOCALES: { value: string; label: string }[] = [
  { value: 'en', label: 'English (en)' },
  { value: 'ar', label: 'العربية (ar)' },
  { value: 'de', label: 'Deutsch (de)' },
  { value: 'es', label: 'Español (es)' },
  { value: 'fr', label: 'Français (fr)' },
  { value: 'it', label: 'Italiano (it)' },
  { value: 'ja', label: '日本語 (ja)' },
  { value: 'nl', label: 'Nederlands (nl)' },
  { value: 'pl', label: 'Polski (pl)' },
  { value: 'pt', label: 'Português (pt)' },
  { value: 'pt_BR', label: 'Português do Brasil (pt_BR)' },
  { value: 'ru', label: 'Русский (ru)' },
  { value: 'sv', label: 'Svenska (sv)' },
  { value: 'tr', label: 'Türkçe (tr)' },
  { value: 'uk', label: 'Українська (uk)' },
  { value: 'zh_CN', label: '简体中文 (zh_CN)' },
]

/** The offered languages, with the account's own first added when it is not among them. */
export function localeOptions(current: string) {
  return LOCALES.some((locale) => locale.value === current)
    ? LOCALES
    : [{ value: current, label: current }, ...LOCALES]
}

const MINUTES_A_DAY = 1440

/** The stored minutes as the days the form shows ("" when never). */
export function daysOf(minutes: unknown): string {
  return typeof minutes === 'number' && minutes > 0
    ? String(Math.round(minutes / MINUTES_A_DAY))
    : ''
}

/** The days typed, as minutes for the API: null for "never", undefined when not 1–999 days. */
export function minutesOf(days: string): number | null | undefined {
  const text = days.trim()
  if (text === '') return null
  if (!/^\d+$/.test(text)) return undefined
  const count = Number(text)
  return count >= 1 && count <= 999 ? count * MINUTES_A_DAY : undefined
}
