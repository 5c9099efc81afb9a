import { describe, expect, it } from 'vitest'
import { addDecimal, formatDecimal } from '../../../dashboard/src/funnels/decimal'
import { humanDuration } from '../../../dashboard/src/funnels/duration'
import { en } from '../../../dashboard/src/i18n'

describe('exact decimals', () => {
  it('adds and subtracts without float error', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.30')
    expect(addDecimal('1234.60', '0.10', -1)).toBe('1234.50')
    expect(addDecimal('9007199254740993.0001', '1')).toBe('9007199254740994.0001')
  })

  it('groups the whole part of amounts past a float’s precision', () => {
    expect(formatDecimal('9007199254740993.5')).toBe('9,007,199,254,740,993.50')
    expect(formatDecimal('0')).toBe('0.00')
  })
})

describe('time in stage', () => {
  it('says it the way a person would', () => {
    expect(humanDuration(30, en.funnels)).toBe('under 1 min')
    expect(humanDuration(12 * 60 + 5, en.funnels)).toBe('12 min')
    expect(humanDuration(3 * 3600 + 59, en.funnels)).toBe('3 h')
    expect(humanDuration(2 * 86_400 + 10, en.funnels)).toBe('2 d')
  })
})
