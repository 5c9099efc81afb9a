import { useSignal } from '@preact/signals'
import type { Agent } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { TextField } from '../../workspace/ui/TextField'
import { useLoad } from '../../workspace/ui/useLoad'
import { CheckboxField } from '../shared/CheckboxField'
import { SelectField } from '../shared/SelectField'
import { useSubmission } from '../shared/useSubmission'
import type { AgentCalls, AgentRole } from './agents-api'

export interface InviteAgentFormProps {
  calls: AgentCalls
  onInvited(agent: Agent): void
}

/**
 * Name, email, role and inboxes of a new agent; the API's field errors show under their fields.
 * The inboxes are added with the invitation (the API's `inbox_ids`), so the agent's first
 * sign-in already has conversations to see.
 */
export function InviteAgentForm({ calls, onInvited }: InviteAgentFormProps) {
  const t = useStrings().agents
  const name = useSignal('')
  const email = useSignal('')
  const role = useSignal<AgentRole>('agent')
  const chosen = useSignal<ReadonlySet<number>>(new Set())
  const inboxes = useLoad(() => calls.inboxes(), [calls])
  const text = { name, email }
  const submission = useSubmission<'invited'>()

  async function send(event: Event) {
    event.preventDefault()
    if (submission.busy.value) return
    let invited: Agent | undefined
    const ok = await submission.run(async () => {
      invited = await calls.invite({
        name: name.value.trim(),
        email: email.value.trim(),
        role: role.value,
        ...(chosen.value.size > 0 ? { inbox_ids: [...chosen.value] } : {}),
      })
    }, 'invited')
    if (!ok || !invited) return
    name.value = ''
    email.value = ''
    role.value = 'agent'
    chosen.value = new Set()
    onInvited(invited)
  }

  return (
    <form class="invite-agent" onSubmit={send} aria-labelledby="invite-agent-heading" noValidate>
      <h2 id="invite-agent-heading">{t.inviteHeading}</h2>
      <div class="invite-agent-fields">
        {(['name', 'email'] as const).map((field) => (
          <TextField
            key={field}
            label={t[field]}
            type={field === 'email' ? 'email' : 'text'}
            value={text[field].value}
            required
            autoComplete="off"
            error={submission.fieldError(field, t[field])}
            onInput={(value) => {
              text[field].value = value
            }}
          />
        ))}
        <SelectField
          label={t.role}
          value={role.value}
          options={[
            { value: 'agent', label: t.agent },
            { value: 'administrator', label: t.administrator },
          ]}
          onChange={(value) => {
            role.value = value as AgentRole
          }}
        />
      </div>
      {(inboxes.data.value?.length ?? 0) > 0 && (
        <fieldset class="invite-agent-inboxes">
          <legend>{t.inviteInboxes}</legend>
          {inboxes.data.value?.map((inbox) => (
            <CheckboxField
              key={inbox.id}
              label={inbox.name}
              checked={chosen.value.has(inbox.id)}
              onChange={(checked) => {
                const next = new Set(chosen.value)
                if (checked) next.add(inbox.id)
                else next.delete(inbox.id)
                chosen.value = next
              }}
            />
          ))}
          <p class="form-hint">{t.inviteInboxesHint}</p>
          {submission.fieldError('inbox_ids', t.inviteInboxes) && (
            <p class="field-error">{submission.fieldError('inbox_ids', t.inviteInboxes)}</p>
          )}
        </fieldset>
      )}
      <FormStatus error={submission.error.value} />
      <button type="submit" class="button button-primary" disabled={submission.busy.value}>
        {submission.busy.value ? t.inviting : t.invite}
      </button>
    </form>
  )
}
