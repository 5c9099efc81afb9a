import { describe, expect, it } from 'vitest'
import { createAccountList } from '../../../dashboard/src/live/cache-keys'
import { FakeFeed } from '../fake-api'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const invalidated = (keys: Record<string, number>) => ({
  event: 'account.cache_invalidated',
  data: { account_id: 1, cache_keys: keys },
})

describe('an account list', () => {
  it('loads once, then again when the feed invalidates its key or reconnects, never for another key', async () => {
    const feed = new FakeFeed()
    const answers = [['a'], ['a', 'b'], ['a', 'b', 'c']]
    let loads = 0
    const list = createAccountList(feed, 'label', async () => answers[loads++] ?? [])
    await settle()
    expect(list.items.value).toEqual(['a'])

    feed.push(invalidated({ team: 1 }))
    feed.push({ event: 'conversation.updated', data: {} })
    await settle()
    expect(loads).toBe(1)

    feed.push(invalidated({ label: 2 }))
    await settle()
    expect(list.items.value).toEqual(['a', 'b'])

    feed.resync()
    await settle()
    expect(list.items.value).toEqual(['a', 'b', 'c'])

    list.stop()
    feed.push(invalidated({ label: 3 }))
    feed.resync()
    await settle()
    expect(loads).toBe(3)
  })

  it('keeps what it shows when a reload fails, and only the newest answer counts', async () => {
    const feed = new FakeFeed()
    const pending: ((items: string[]) => void)[] = []
    let fail = false
    const list = createAccountList(feed, 'team', () =>
      fail
        ? Promise.reject(new Error('offline'))
        : new Promise<string[]>((resolve) => pending.push(resolve)),
    )
    pending[0]?.(['first'])
    await settle()
    feed.push(invalidated({ team: 1 }))
    feed.push(invalidated({ team: 2 }))
    pending[2]?.(['newest'])
    pending[1]?.(['older'])
    await settle()
    expect(list.items.value).toEqual(['newest'])
    fail = true
    feed.push(invalidated({ team: 3 }))
    await settle()
    expect(list.items.value).toEqual(['newest'])
  })
})
