import { describe, expect, it } from 'vitest'
import { titleWithCount } from '../../../dashboard/src/notify/title'

describe('the tab title', () => {
  it('puts the unread count in front', () => {
    expect(titleWithCount('Parley', 3)).toBe('(3) Parley')
  })

  it('is the plain name with nothing unread', () => {
    expect(titleWithCount('Parley', 0)).toBe('Parley')
  })
})
