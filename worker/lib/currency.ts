/** The ISO 4217 codes the runtime's Intl formats (workerd and browsers share the list). */
const CODES = new Set(Intl.supportedValuesOf('currency'))

/** Whether the text is an upper-case ISO 4217 code Intl can format ("EUR", not "eur" or "EURO"). */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && CODES.has(code)
}

/** What an account without a chosen currency shows its money in. */
export const DEFAULT_CURRENCY = 'USD'
