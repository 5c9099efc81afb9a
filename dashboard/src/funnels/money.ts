import { fromMinor, toMinor } from './decimal'

/** Formats one of the API's exact decimal strings ("1234.5") as money: "$1,234.50". */
export type MoneyFormat = (text: string) => string

/** What an account that never chose a currency shows (worker/lib/currency.ts says the same). */
export const DEFAULT_CURRENCY = 'USD'

/**
 * The one formatter of every money total and value on the board, in the account's currency
 * (settings.currency). Intl formats the decimal string itself, so no amount goes through a
 * float; a code the browser does not know falls back to the default.
 */
export function moneyFormat(currency: string | null | undefined, locale?: string): MoneyFormat {
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency || DEFAULT_CURRENCY,
    })
  } catch {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: DEFAULT_CURRENCY })
  }
  return (text) => {
    const minor = toMinor(text)
    if (minor === null) return text
    return format.format(fromMinor(minor) as Intl.StringNumericLiteral)
  }
}
