import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { onCacheInvalidated } from '../live/cache-keys'
import { type CannedResponse, cannedQuery, searchCanned } from './canned'

/**
 * The canned responses offered for the composer's text (when it is `/query`): the matches, the
 * active option, and whether the agent closed the list with Escape.
 */
export function useCanned(text: string) {
  const { api, accountId, feed } = useAccount()
  const query = cannedQuery(text)
  const options = useSignal<CannedResponse[]>([])
  const active = useSignal(0)
  const dismissed = useSignal<string | null>(null)
  const latest = useRef(0)
  // Bumped when Settings changes the canned responses: an open list asks again.
  const version = useSignal(0)
  useEffect(
    () =>
      onCacheInvalidated(feed, 'canned_response', () => {
        version.value++
      }),
    [feed],
  )

  useEffect(() => {
    if (query === null) {
      options.value = []
      dismissed.value = null
      return
    }
    const call = ++latest.current
    searchCanned(api, accountId, query)
      .then((found) => {
        // Only the answer to the newest query counts.
        if (call !== latest.current) return
        options.value = found
        active.value = 0
      })
      .catch(() => {
        if (call === latest.current) options.value = []
      })
  }, [query, api, accountId, version.value])

  const open = query !== null && dismissed.value !== text && options.value.length > 0
  return {
    open,
    options: options.value,
    active: Math.min(active.value, Math.max(0, options.value.length - 1)),
    move(delta: number) {
      const count = options.value.length
      if (count) active.value = (active.value + delta + count) % count
    },
    close() {
      dismissed.value = text
    },
  }
}
