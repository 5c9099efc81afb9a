import { ar } from './ar'
import { en, type Strings } from './en'
import { es } from './es'
import { pt } from './pt'

export type { Strings }
export const LOCALES = { en, es, pt, ar } as const
export type Locale = keyof typeof LOCALES

/** 'pt_BR', 'pt-BR' and 'pt' all give 'pt'; anything unknown gives undefined. */
export function matchLocale(requested: string | null | undefined): Locale | undefined {
  const base = requested?.trim().slice(0, 2).toLowerCase()
  return base && base in LOCALES ? (base as Locale) : undefined
}

export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}
