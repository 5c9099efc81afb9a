import { signal } from '@preact/signals'
import { type ApiClient, unwrap } from '../api/client'
import type { LiveFeed } from '../live/types'

/**
 * The agent's unread notification count for the bell: read once, then kept by the feed's
 * `notification.created` frames (sent to this agent only), re-read after a reconnect and
 * whenever the panel marks some read. `changes` counts arrivals, so an open panel reloads.
 */
export function createNotificationCounter(api: ApiClient, accountId: number, feed: LiveFeed) {
  const unread = signal(0)
  const changes = signal(0)
  const path = { account_id: accountId }

  async function refresh() {
    try {
      unread.value = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/notifications/unread_count', { params: { path } }),
      )
    } catch {
      // The badge keeps its last count; the next frame or reconnect corrects it.
    }
  }

  function start() {
    void refresh()
    const stopFrames = feed.subscribe((frame) => {
      if (frame.event !== 'notification.created') return
      unread.value = frame.data.unread_count
      changes.value++
    })
    const stopResync = feed.onResync(() => void refresh())
    return () => {
      stopFrames()
      stopResync()
    }
  }

  return { unread, changes, refresh, start }
}

export type NotificationCounter = ReturnType<typeof createNotificationCounter>
