import { en, type Strings } from './en'

export type { Strings }
/** English ships in the app; the others are chunks fetched when a visitor needs them. */
export const LOCALE_CODES = ['en', 'es', 'pt', 'ar'] as const
export type Locale = (typeof LOCALE_CODES)[number]
export { en }

/** 'pt_BR', 'pt-BR' and 'pt' all give 'pt'; anything unknown gives undefined. */
export function matchLocale(requested: string | null | undefined): Locale | undefined {
  const base = requested?.trim().slice(0, 2).toLowerCase()
  return LOCALE_CODES.find((code) => code === base)
}

export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}
