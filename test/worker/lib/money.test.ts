import { describe, expect, it } from 'vitest'
import { formatMoney, MAX_MONEY_MINOR, parseMoney } from '../../../worker/lib/money'

const minorOf = (value: unknown) => {
  const parsed = parseMoney(value)
  if (!parsed.ok) throw new Error(`expected ${String(value)} to parse: ${parsed.reason}`)
  return parsed.minor
}

const reasonFor = (value: unknown) => {
  const parsed = parseMoney(value)
  if (parsed.ok) throw new Error(`expected ${String(value)} to be refused`)
  return parsed.reason
}

describe('parseMoney', () => {
  it('reads decimal strings exactly into units of 1/10,000', () => {
    expect(minorOf('19.99')).toBe(199_900n)
    expect(minorOf('0.1')).toBe(1_000n)
    expect(minorOf('1234.5678')).toBe(12_345_678n)
    expect(minorOf('0')).toBe(0n)
    expect(minorOf(' 7 ')).toBe(70_000n)
    expect(minorOf('007.50')).toBe(75_000n)
  })

  it('reads JSON numbers through their shortest string form, not their binary value', () => {
    expect(minorOf(0.1)).toBe(1_000n)
    expect(minorOf(0.3)).toBe(3_000n)
    expect(minorOf(19.99)).toBe(199_900n)
    expect(minorOf(1e-4)).toBe(1n)
    expect(minorOf(5)).toBe(50_000n)
    expect(minorOf(-0)).toBe(0n)
  })

  it('accepts up to 1e12 and four decimal places, trailing zeros aside', () => {
    expect(minorOf('1000000000000')).toBe(MAX_MONEY_MINOR)
    expect(minorOf(1e12)).toBe(MAX_MONEY_MINOR)
    expect(minorOf('999999999999.9999')).toBe(9_999_999_999_999_999n)
    expect(minorOf('1.23450000')).toBe(12_345n)
  })

  it('refuses negative, too precise, too large and non-decimal values with a reason', () => {
    expect(reasonFor(-1)).toBe('must not be negative')
    expect(reasonFor('-0.01')).toBe('must not be negative')
    expect(reasonFor('1.23456')).toMatch(/at most 4 decimal places/)
    expect(reasonFor(1e-7)).toMatch(/at most 4 decimal places/)
    expect(reasonFor(1e13)).toMatch(/at most 1000000000000/)
    expect(reasonFor('1000000000000.0001')).toMatch(/at most/)
    expect(reasonFor(1e21)).toMatch(/at most/)
    for (const bad of ['abc', '', '1,5', '1.', '.5', '+1', '1e3', '0x10', 'NaN', '1 000']) {
      expect(reasonFor(bad)).toMatch(/decimal/)
    }
    expect(reasonFor(Number.NaN)).toMatch(/finite/)
    expect(reasonFor(Number.POSITIVE_INFINITY)).toMatch(/finite/)
    expect(reasonFor(null)).toMatch(/decimal/)
    expect(reasonFor(true)).toMatch(/decimal/)
  })
})

describe('formatMoney', () => {
  it('keeps at least two decimal places and trims the rest', () => {
    expect(formatMoney(0n)).toBe('0.00')
    expect(formatMoney(3_000n)).toBe('0.30')
    expect(formatMoney(199_900n)).toBe('19.99')
    expect(formatMoney(12_345_678n)).toBe('1234.5678')
    expect(formatMoney(12_345_600n)).toBe('1234.56')
    expect(formatMoney(12_345_670n)).toBe('1234.567')
    expect(formatMoney(1n)).toBe('0.0001')
    expect(formatMoney(50_000n)).toBe('5.00')
  })

  it('formats values beyond 2^53 minor units exactly, from bigint or string', () => {
    expect(formatMoney(9_999_999_999_999_999n)).toBe('999999999999.9999')
    expect(formatMoney('10000000000000000000000')).toBe('1000000000000000000.00')
    expect(formatMoney(-12_345n)).toBe('-1.2345')
  })

  it('round-trips every parsed value', () => {
    for (const text of ['0.30', '19.99', '1234.5678', '1000000000000.00', '0.0001', '42.10']) {
      expect(formatMoney(minorOf(text))).toBe(text)
    }
  })

  it('sums exactly where floats do not: 0.1 + 0.2 is 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(formatMoney(minorOf(0.1) + minorOf(0.2))).toBe('0.30')
    expect(formatMoney(minorOf('19.99') * 3n)).toBe('59.97')
  })
})
