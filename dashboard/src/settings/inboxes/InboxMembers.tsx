import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import type { Agent } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { messageOf, useLoad } from '../../workspace/ui/useLoad'
import { Checkbox } from './Checkbox'

export interface InboxMembersProps {
  inboxId: number
}

interface Membership {
  agents: Agent[]
  members: number[]
}

/** The account's agents with a box each for this inbox; saving replaces the member list. */
export function InboxMembers({ inboxId }: InboxMembersProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const chosen = useSignal<Set<number> | null>(null)
  const busy = useSignal(false)
  const error = useSignal<string | null>(null)
  const success = useSignal<string | null>(null)
  const loaded = useLoad<Membership>(async () => {
    const [agents, members] = await Promise.all([
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/agents', {
          params: { path: { account_id: accountId } },
        }),
      ),
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/inbox_members/{inbox_id}', {
          params: { path: { account_id: accountId, inbox_id: inboxId } },
        }),
      ),
    ])
    const ids = members.payload.map((m) => m.id)
    chosen.value = new Set(ids)
    return { agents, members: ids }
  }, [accountId, inboxId])

  const save = async (event: Event) => {
    event.preventDefault()
    busy.value = true
    error.value = null
    success.value = null
    try {
      const answer = await unwrap(
        api.PATCH('/api/v1/accounts/{account_id}/inbox_members', {
          params: { path: { account_id: accountId } },
          body: { inbox_id: inboxId, user_ids: [...(chosen.value ?? [])] },
        }),
      )
      chosen.value = new Set(answer.payload.map((m) => m.id))
      success.value = t.membersSaved
    } catch (failure) {
      error.value = messageOf(failure)
    } finally {
      busy.value = false
    }
  }

  const agents = loaded.data.value?.agents
  const selected = chosen.value ?? new Set<number>()
  return (
    <section class="inbox-section" aria-labelledby="members-heading">
      <h2 id="members-heading">{t.membersHeading}</h2>
      <p>{t.membersIntro}</p>
      {loaded.error.value && <FormStatus error={loaded.error.value} />}
      {agents && (
        <form onSubmit={save}>
          {agents.length === 0 ? (
            <p>{t.noAgents}</p>
          ) : (
            <fieldset class="members-list">
              <legend>{t.membersLegend}</legend>
              {agents.map((agent) => (
                <Checkbox
                  key={agent.id}
                  label={`${agent.available_name || agent.name} (${agent.email})`}
                  checked={selected.has(agent.id)}
                  onChange={(checked) => {
                    const next = new Set(selected)
                    if (checked) next.add(agent.id)
                    else next.delete(agent.id)
                    chosen.value = next
                    success.value = null
                  }}
                />
              ))}
            </fieldset>
          )}
          <FormStatus error={error.value} success={success.value} />
          <button type="submit" class="button" disabled={busy.value}>
            {t.saveMembers}
          </button>
        </form>
      )}
    </section>
  )
}
