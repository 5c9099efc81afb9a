import { describe, expect, it, vi } from 'vitest'
import { messageTime, prepareTimeFormats } from '../../../dashboard/src/conversation/format'

describe('message times', () => {
  it('shows the clock time today and the date before, with one formatter of each kind', () => {
    const construct = vi.spyOn(Intl, 'DateTimeFormat')
    // Each of these builds a formatter per call, behind the spy's back.
    const perCall = [
      vi.spyOn(Date.prototype, 'toLocaleString'),
      vi.spyOn(Date.prototype, 'toLocaleTimeString'),
      vi.spyOn(Date.prototype, 'toLocaleDateString'),
    ]
    prepareTimeFormats()
    const made = construct.mock.calls.length
    const now = new Date(2026, 10, 24, 15, 0)
    const today = new Date(2026, 10, 24, 9, 5).getTime() / 1000
    const before = new Date(2026, 9, 2, 9, 5).getTime() / 1000
    for (let i = 0; i < 50; i++) {
      expect(messageTime(today, now)).toMatch(/09:05|9:05/)
      expect(messageTime(before, now)).toMatch(/2026/)
    }
    // Building a formatter per message made the times most of a long history's render.
    expect(made).toBeGreaterThan(0)
    expect(made).toBeLessThanOrEqual(2)
    expect(construct.mock.calls.length).toBe(made)
    for (const spy of perCall) expect(spy).not.toHaveBeenCalled()
  })
})
