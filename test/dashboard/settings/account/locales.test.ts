import { describe, expect, it } from 'vitest'
import {
  daysOf,
  localeOptions,
  minutesOf,
} from '../../../../dashboard/src/settings/account/locales'

describe('account settings values', () => {
  it('shows stored minutes as days, and nothing for never', () => {
    expect(daysOf(3 * 1440)).toBe('3')
    expect(daysOf(null)).toBe('')
    expect(daysOf(undefined)).toBe('')
  })

  it('turns typed days into minutes, empty into null, and refuses what is not 1 to 999', () => {
    expect(minutesOf('2')).toBe(2880)
    expect(minutesOf(' ')).toBeNull()
    expect(minutesOf('0')).toBeUndefined()
    expect(minutesOf('1000')).toBeUndefined()
    expect(minutesOf('1.5')).toBeUndefined()
  })

  it("offers the account's own locale even when it is not in the list", () => {
    expect(localeOptions('en')[0]?.value).toBe('en')
    expect(localeOptions('ko')[0]).toEqual({ value: 'ko', label: 'ko' })
  })
})
