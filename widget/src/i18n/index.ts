import { en, type Strings } from '../../../protocol/i18n/widget.en'

export type { Strings }
/** English ships in the app; the others are chunks fetched when a visitor needs them. */
export const LOCALE_CODES = ['en', 'es', 'pt', 'ar'] as const
export type Locale = (typeof LOCALE_CODES)[number]
// The part chunks take the strings' helpers from this module, the one copy in the app
// (PART_SHARED in widget/build/config.ts), so `format` is handed on from here.
export { format } from '../../../protocol/i18n/format'
export { en }

/** 'pt_BR', 'pt-BR' and 'pt' all give 'pt'; anything unknown gives undefined. */
export function matchLocale(requested: string | null | undefined): Locale | undefined {
  const base = requested?.trim().slice(0, 2).toLowerCase()
  return LOCALE_CODES.find((code) => code === base)
}
