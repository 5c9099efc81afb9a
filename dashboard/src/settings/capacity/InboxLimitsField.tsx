import type { Inbox } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { TextField } from '../../workspace/ui/TextField'
import type { FormKit } from '../shared/CrudPage'
import type { PolicyDraft } from './capacity-api'

export interface InboxLimitsFieldProps {
  kit: FormKit<PolicyDraft>
  inboxes: Inbox[]
}

/** One limit field per inbox of the account, blank for no limit there. */
export function InboxLimitsField({ kit, inboxes }: InboxLimitsFieldProps) {
  const t = useStrings().capacity
  return (
    <fieldset class="form-field">
      <legend>{t.inboxLimits}</legend>
      <p class="form-hint">{t.inboxLimitsHint}</p>
      {inboxes.map((inbox) => (
        <TextField
          key={inbox.id}
          label={inbox.name}
          type="number"
          value={kit.draft.limits[inbox.id] ?? ''}
          error={kit.error('conversation_limit', inbox.name)}
          onInput={(value) => kit.set({ limits: { ...kit.draft.limits, [inbox.id]: value } })}
        />
      ))}
    </fieldset>
  )
}
