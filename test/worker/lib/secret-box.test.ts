import { describe, expect, it } from 'vitest'
import { openSecret, sealSecret } from '../../../worker/lib/secret-box'

describe('secret box', () => {
  it('opens what it sealed with the same key, and the box does not show the plaintext', async () => {
    const box = await sealSecret('key one', 'my-auth-token')
    expect(box).not.toContain('my-auth-token')
    expect(box.startsWith('v1.')).toBe(true)
    expect(await openSecret('key one', box)).toBe('my-auth-token')
  })

  it('seals the same text differently each time', async () => {
    expect(await sealSecret('k', 'same')).not.toBe(await sealSecret('k', 'same'))
  })

  it('opens nothing with another key, a changed box or text that is no box', async () => {
    const box = await sealSecret('key one', 'my-auth-token')
    expect(await openSecret('key two', box)).toBeNull()
    const changed = `${box.slice(0, -2)}${box.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await openSecret('key one', changed)).toBeNull()
    expect(await openSecret('key one', 'plain-token')).toBeNull()
  })
})
