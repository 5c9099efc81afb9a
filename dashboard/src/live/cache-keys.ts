import { type Signal, signal } from '@preact/signals'
import type { FeedFrame, LiveFeed } from './types'

/** The account's lists the server names in `account.cache_invalidated` (Chatwoot's cache keys). */
export type CacheKey = 'label' | 'team' | 'canned_response'

/**
 * Calls `reload` whenever the feed says the account's `key` list changed (a label, team or canned
 * response created, changed or deleted in Settings, in any tab), and after every reconnect, since
 * the feed does not replay such frames. The returned function stops listening.
 */
export function onCacheInvalidated(feed: LiveFeed, key: CacheKey, reload: () => void) {
  const stopFrames = feed.subscribe((frame: FeedFrame) => {
    if (frame.event !== 'account.cache_invalidated') return
    if (key in frame.data.cache_keys) reload()
  })
  const stopResync = feed.onResync(reload)
  return () => {
    stopFrames()
    stopResync()
  }
}

/** One of the account's lists, loaded once and again on each invalidation of its key. */
export interface AccountList<T> {
  items: Signal<T[]>
  reload(): void
  stop(): void
}

/**
 * The account's `key` list as a signal: loaded now, reloaded when it changes. Only the newest
 * load's answer counts, and a failed load keeps what was shown.
 */
export function createAccountList<T>(
  feed: LiveFeed,
  key: CacheKey,
  load: () => Promise<T[]>,
): AccountList<T> {
  const items = signal<T[]>([])
  let latest = 0
  const reload = () => {
    const call = ++latest
    load()
      .then((found) => {
        if (call === latest) items.value = found
      })
      .catch(() => {})
  }
  reload()
  return { items, reload, stop: onCacheInvalidated(feed, key, reload) }
}
