import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { type CannedResponse, cannedQuery, searchCanned } from './canned'

/**
 * The canned responses offered for the composer's text (when it is `/query`): the matches, the
 * active option, and whether the agent closed the list with Escape.
 */
export function useCanned(text: string) {
  const { api, accountId } = useAccount()
  const query = cannedQuery(text)
  const options = useSignal<CannedResponse[]>([])
  const active = useSignal(0)
  const dismissed = useSignal<string | null>(null)
  const latest = useRef(0)

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
  }, [query, api, accountId])

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
