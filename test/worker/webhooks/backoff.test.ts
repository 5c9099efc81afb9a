import { describe, expect, it } from 'vitest'
import {
  MAX_QUEUE_DELAY_SECONDS,
  RETRY_SCHEDULE_SECONDS,
  retryAfterSeconds,
  retryDelaySeconds,
} from '../../../worker/webhooks/backoff'

describe('the retry schedule', () => {
  it('spans about three days with every step within the 12-hour queue limit', () => {
    const total = RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0)
    expect(total / 3600).toBeGreaterThan(66)
    expect(total / 3600).toBeLessThan(84)
    for (const step of RETRY_SCHEDULE_SECONDS)
      expect(step).toBeLessThanOrEqual(MAX_QUEUE_DELAY_SECONDS)
  })

  it('grows and jitters each delay by at most 20 %, never past 12 hours', () => {
    expect(retryDelaySeconds(1, () => 0)).toBe(24)
    expect(retryDelaySeconds(1, () => 1)).toBe(36)
    expect(retryDelaySeconds(3, () => 0.5)).toBe(600)
    expect(retryDelaySeconds(99, () => 1)).toBe(MAX_QUEUE_DELAY_SECONDS)
  })

  it('reads Retry-After as seconds or a date and clamps it', () => {
    expect(retryAfterSeconds('30')).toBe(30)
    expect(retryAfterSeconds('999999')).toBe(MAX_QUEUE_DELAY_SECONDS)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60)
    expect(retryAfterSeconds('soon')).toBeNull()
    expect(retryAfterSeconds(null)).toBeNull()
  })
})
