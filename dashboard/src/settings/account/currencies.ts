/** What an account that never chose a currency uses (the API's default too). */
export const DEFAULT_CURRENCY = 'USD'

/**
 * The currencies an account may choose: the ISO 4217 codes the browser's Intl formats (the
 * API checks the same list), each with its name in the reader's language ("EUR — Euro").
 */
export function currencyOptions(language?: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(language, { type: 'currency' })
  return Intl.supportedValuesOf('currency').map((code) => {
    const name = names.of(code)
    return { value: code, label: name && name !== code ? `${code} — ${name}` : code }
  })
}
