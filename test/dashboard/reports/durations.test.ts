import { describe, expect, it } from 'vitest'
import { reportsEn } from '../../../dashboard/src/i18n/reports.en'
import { humanDuration } from '../../../dashboard/src/reports/durations'

const human = (seconds: number) => humanDuration(seconds, reportsEn.durationUnits)

describe('durations as people read them', () => {
  it('uses the two largest units and rounds fractional seconds', () => {
    expect(human(45)).toBe('45 s')
    expect(human(44.6)).toBe('45 s')
    expect(human(312)).toBe('5 m 12 s')
    expect(human(3900)).toBe('1 h 5 m')
    expect(human(2 * 86_400 + 3 * 3600 + 59)).toBe('2 d 3 h')
  })

  it('drops a zero unit after the largest instead of showing it', () => {
    expect(human(3600)).toBe('1 h')
    expect(human(3605)).toBe('1 h')
    expect(human(60)).toBe('1 m')
  })

  it('says 0 s for nothing and for a negative value', () => {
    expect(human(0)).toBe('0 s')
    expect(human(-4)).toBe('0 s')
  })
})
