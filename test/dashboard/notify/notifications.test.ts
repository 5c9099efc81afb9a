import { describe, expect, it } from 'vitest'
import { createNotificationCounter } from '../../../dashboard/src/notify/notifications'
import { FakeFeed, fakeApi } from '../fake-api'

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('the notification counter', () => {
  it("reads the unread count, follows the feed's notification.created frames and re-reads after a reconnect", async () => {
    let serverCount = 3
    const { api, requests } = fakeApi((url) =>
      url.pathname === '/api/v1/accounts/1/notifications/unread_count'
        ? Response.json(serverCount)
        : undefined,
    )
    const feed = new FakeFeed()
    const counter = createNotificationCounter(api, 1, feed)
    const stop = counter.start()
    await settle()
    expect(counter.unread.value).toBe(3)
    feed.push({ event: 'conversation.updated', data: {} })
    feed.push({
      event: 'notification.created',
      data: { notification: {}, unread_count: 4, count: 9 },
    })
    expect(counter.unread.value).toBe(4)
    expect(counter.changes.value).toBe(1)
    serverCount = 0
    feed.resync()
    await settle()
    expect(counter.unread.value).toBe(0)
    expect(requests.filter((u) => u.pathname.endsWith('/unread_count'))).toHaveLength(2)
    stop()
    feed.push({
      event: 'notification.created',
      data: { notification: {}, unread_count: 7, count: 9 },
    })
    expect(counter.unread.value).toBe(0)
  })
})
