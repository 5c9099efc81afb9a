/**
 * Exact decimal strings as the API sends them ("59.97"): added and subtracted as integers of
 * 1/10,000 (the API's money scale), never through a float.
 */
const SCALE = 4
const UNIT = 10n ** BigInt(SCALE)
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** The amount in 1/10,000 units, or null when the text is not a plain decimal. */
export function toMinor(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim())
  if (!match) return null
  const fraction = (match[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0')
  const minor = BigInt(match[2] ?? '0') * UNIT + BigInt(fraction)
  return match[1] ? -minor : minor
}

/** Back to the API's form: at least two decimals, no trailing zeros past them. */
export function fromMinor(minor: bigint): string {
  const negative = minor < 0n
  const magnitude = negative ? -minor : minor
  const fraction = (magnitude % UNIT)
    .toString()
    .padStart(SCALE, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0')
  return `${negative ? '-' : ''}${magnitude / UNIT}.${fraction}`
}

/** a + b (or a − b with `sign` -1); a text that is not a decimal counts as zero. */
export function addDecimal(a: string, b: string, sign: 1 | -1 = 1): string {
  const sum = (toMinor(a) ?? 0n) + BigInt(sign) * (toMinor(b) ?? 0n)
  return fromMinor(sum)
}

const grouping = new Intl.NumberFormat('en', { useGrouping: true })

/** For reading: "1234567.5" → "1,234,567.50"; the whole part grouped as a BigInt, exactly. */
export function formatDecimal(text: string): string {
  const minor = toMinor(text)
  if (minor === null) return text
  const [whole = '0', fraction = '00'] = fromMinor(minor).replace('-', '').split('.')
  return `${minor < 0n ? '-' : ''}${grouping.format(BigInt(whole))}.${fraction}`
}
