import { useSignal } from '@preact/signals'
import { useRef } from 'preact/hooks'
import { unwrap } from '../../api/client'
import type { Team } from '../../api/schema'
import { useAccount } from '../../app/context'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { useLoad } from '../../workspace/ui/useLoad'
import { CheckboxField } from '../shared/CheckboxField'
import { inAccount, itemOf } from '../shared/params'
import { submit } from '../shared/submit'
import { useFocusWhileOpen } from '../shared/useFocusWhileOpen'
import { useSubmission } from '../shared/useSubmission'

export interface TeamMembersProps {
  team: Team
  onClose(): void
  /** After a save, so the list's member counts follow. */
  onSaved(): void
}

/** A team's members: every agent of the account with a checkbox, saved as one replacement. */
export function TeamMembers({ team, onClose, onSaved }: TeamMembersProps) {
  const { crud: crudText, teams: t } = useStrings()
  const { api, accountId } = useAccount()
  const heading = useRef<HTMLHeadingElement>(null)
  const chosen = useSignal<Set<number> | null>(null)
  const submission = useSubmission<'saved'>()
  const params = itemOf(accountId, team.id)
  const loaded = useLoad(async () => {
    const [agents, members] = await Promise.all([
      unwrap(api.GET('/api/v1/accounts/{account_id}/agents', inAccount(accountId))),
      unwrap(api.GET('/api/v1/accounts/{account_id}/teams/{id}/team_members', params)),
    ])
    chosen.value = new Set(members.map((member) => member.id))
    return agents
  }, [team.id])
  useFocusWhileOpen(heading)

  const agents = loaded.data.value
  const selected = chosen.value ?? new Set<number>()
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected)
    if (on) next.add(id)
    else next.delete(id)
    chosen.value = next
  }
  const save = async () => {
    const user_ids = [...selected]
    const saved = await submission.run(
      () =>
        submit(
          api.PATCH('/api/v1/accounts/{account_id}/teams/{id}/team_members', {
            ...params,
            body: { user_ids },
          }),
        ),
      'saved',
    )
    if (saved) onSaved()
  }
  return (
    <section class="members-panel" aria-labelledby="team-members-heading">
      <h2 id="team-members-heading" tabIndex={-1} ref={heading}>
        {format(t.membersHeading, { name: team.name })}
      </h2>
      <FormStatus
        error={submission.error.value ?? loaded.error.value}
        success={submission.done.value ? format(t.membersSaved, { name: team.name }) : null}
      />
      {agents === undefined ? (
        <p>{loaded.loading.value ? crudText.loading : ''}</p>
      ) : agents.length === 0 ? (
        <p class="empty-state">{t.noAgents}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <fieldset>
            <legend>{t.membersHint}</legend>
            <ul>
              {agents.map((agent) => (
                <li key={agent.id}>
                  <CheckboxField
                    label={`${agent.available_name || agent.name} (${agent.email})`}
                    checked={selected.has(agent.id)}
                    onChange={(on) => toggle(agent.id, on)}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
          <div class="form-actions">
            <button type="submit" class="button button-primary" disabled={submission.busy.value}>
              {submission.busy.value ? crudText.saving : t.saveMembers}
            </button>
            <button type="button" class="button" onClick={onClose}>
              {t.close}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
