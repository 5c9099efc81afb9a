/**
 * The launcher's name before the app loads, in the page's language. Only "open": the launcher
 * is never open, and never counts unread messages, until the app (with the full translations)
 * drives it.
 */
const OPEN: Record<string, string> = {
  en: 'Open chat',
  es: 'Abrir chat',
  pt: 'Abrir chat',
  ar: 'فتح المحادثة',
}

export function launcherLabel(locale: string, title?: string): string {
  return title || OPEN[locale.slice(0, 2).toLowerCase()] || (OPEN.en as string)
}
