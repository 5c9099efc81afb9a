import type { LauncherLabels } from '../shared/protocol'

/** The launcher's own words, until the app (with the full translations) takes over. */
const LABELS: Record<string, LauncherLabels> = {
  en: { open: 'Open chat', close: 'Close chat', unread: '{count} unread' },
  es: { open: 'Abrir chat', close: 'Cerrar chat', unread: '{count} sin leer' },
  pt: { open: 'Abrir chat', close: 'Fechar chat', unread: '{count} não lidas' },
  ar: { open: 'فتح المحادثة', close: 'إغلاق المحادثة', unread: '{count} غير مقروءة' },
}

export function launcherLabels(locale: string, title?: string): LauncherLabels {
  const labels = LABELS[locale.slice(0, 2).toLowerCase()] ?? (LABELS.en as LauncherLabels)
  return title ? { ...labels, open: title } : labels
}
