import { useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { unwrap } from '../api/client'
import { useAccount } from '../app/context'
import { type MentionOption, matchAgents, mentionQuery } from './mention-query'

/**
 * The agents a private note may mention while `@query` is being typed: the members of the
 * conversation's inbox (only they can see it, so only they are notified), fetched on the first @.
 */
export function useMentions(text: string, enabled: boolean, inboxId: number | undefined) {
  const { api, accountId } = useAccount()
  const query = enabled && inboxId !== undefined ? mentionQuery(text) : null
  const agents = useSignal<MentionOption[] | null>(null)
  const active = useSignal(0)
  const dismissed = useSignal<string | null>(null)

  useEffect(() => {
    if (query === null || agents.value !== null || inboxId === undefined) return
    agents.value = []
    unwrap(
      api.GET('/api/v1/accounts/{account_id}/inbox_members/{inbox_id}', {
        params: { path: { account_id: accountId, inbox_id: inboxId } },
      }),
    ).then(
      (list) => {
        agents.value = list.payload.map((a) => ({ id: a.id, name: a.available_name || a.name }))
      },
      () => {
        agents.value = null
      },
    )
  }, [query !== null, inboxId])

  const options = query === null ? [] : matchAgents(agents.value ?? [], query)
  const open = query !== null && dismissed.value !== text && options.length > 0
  return {
    open,
    options,
    active: Math.min(active.value, Math.max(0, options.length - 1)),
    move(delta: number) {
      if (options.length) active.value = (active.value + delta + options.length) % options.length
    },
    close() {
      dismissed.value = text
    },
  }
}
