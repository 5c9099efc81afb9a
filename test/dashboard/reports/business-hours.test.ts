import { describe, expect, it } from 'vitest'
import { businessHoursIn, withBusinessHours } from '../../../dashboard/src/reports/business-hours'

describe('business hours in the page address', () => {
  it('is on only for business_hours=true, as the API reads it', () => {
    expect(businessHoursIn('?business_hours=true')).toBe(true)
    expect(businessHoursIn('?business_hours=false')).toBe(false)
    expect(businessHoursIn('?business_hours=1')).toBe(false)
    expect(businessHoursIn('')).toBe(false)
  })

  it('is written into the address and taken out again, other parameters and the hash kept', () => {
    const page = 'https://parley.test/app/accounts/1/reports/overview'
    expect(withBusinessHours(`${page}?x=1#top`, true)).toBe(
      '/app/accounts/1/reports/overview?x=1&business_hours=true#top',
    )
    expect(withBusinessHours(`${page}?business_hours=true&x=1`, false)).toBe(
      '/app/accounts/1/reports/overview?x=1',
    )
    expect(withBusinessHours(`${page}?business_hours=true`, false)).toBe(
      '/app/accounts/1/reports/overview',
    )
  })
})
