/**
 * Exact money: amounts travel as decimal strings and are stored as integer units of 1/10,000
 * (`MONEY_SCALE` decimal places). Nothing here goes through a float sum.
 */
export const MONEY_SCALE = 4
export const MINOR_PER_UNIT = 10n ** BigInt(MONEY_SCALE)
/** The largest accepted amount, 1e12, in minor units. */
export const MAX_MONEY_MINOR = 10n ** 12n * MINOR_PER_UNIT

export type MoneyParse = { ok: true; minor: bigint } | { ok: false; reason: string }

const DECIMAL = /^(\d+)(?:\.(\d+))?$/
const SCIENTIFIC = /^(\d+)(?:\.(\d+))?e([+-]?\d+)$/i

/**
 * Parses a non-negative decimal given as a string ("19.99") or a JSON number (read through its
 * shortest string form, so 0.1 is "0.1", not 0.1000000000000000055…).
 */
export function parseMoney(value: unknown): MoneyParse {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('must be a finite number')
    text = expandExponent(String(value))
  } else if (typeof value === 'string') {
    text = value.trim()
  } else {
    return fail('must be a decimal number or a decimal string')
  }
  if (text.startsWith('-')) return fail('must not be negative')
  const match = DECIMAL.exec(text)
  if (!match) return fail('must be a decimal number such as 19.99')
  const whole = match[1] ?? '0'
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > MONEY_SCALE) return fail(`must have at most ${MONEY_SCALE} decimal places`)
  const minor = BigInt(whole) * MINOR_PER_UNIT + BigInt(fraction.padEnd(MONEY_SCALE, '0'))
  if (minor > MAX_MONEY_MINOR) return fail('must be at most 1000000000000')
  return { ok: true, minor }
}

const fail = (reason: string): MoneyParse => ({ ok: false, reason })

/** "1e-7" → "0.0000001", "1.5e+21" → "1500000000000000000000": String(number) may use either. */
function expandExponent(text: string): string {
  const negative = text.startsWith('-')
  const unsigned = negative ? text.slice(1) : text
  const match = SCIENTIFIC.exec(unsigned)
  if (!match) return text
  const digits = `${match[1]}${match[2] ?? ''}`
  const point = (match[1]?.length ?? 0) + Number(match[3])
  let expanded: string
  if (point <= 0) expanded = `0.${'0'.repeat(-point)}${digits}`
  else if (point >= digits.length) expanded = digits + '0'.repeat(point - digits.length)
  else expanded = `${digits.slice(0, point)}.${digits.slice(point)}`
  return negative ? `-${expanded}` : expanded
}

/** Minor units → decimal string with trailing zeros trimmed to at least two places ("0.30"). */
export function formatMoney(minor: bigint | number | string): string {
  const value = BigInt(minor)
  const negative = value < 0n
  const magnitude = negative ? -value : value
  const whole = magnitude / MINOR_PER_UNIT
  const fraction = (magnitude % MINOR_PER_UNIT)
    .toString()
    .padStart(MONEY_SCALE, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0')
  return `${negative ? '-' : ''}${whole}.${fraction}`
}
