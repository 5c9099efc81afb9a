import { useSignal } from '@preact/signals'
import type { ComponentChildren } from 'preact'
import { useId } from 'preact/hooks'
import { unwrap } from '../../api/client'
import type { Inbox, InboxUpdate } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { useSubmission } from '../shared/useSubmission'
import { Checkbox } from './Checkbox'

/** The inbox settings that are one switch each (Chatwoot's flat boolean fields). */
export type ToggleField =
  | 'csat_survey_enabled'
  | 'enable_auto_assignment'
  | 'allow_messages_after_resolved'
  | 'lock_to_single_conversation'

export interface SettingToggleProps {
  inbox: Inbox
  field: ToggleField
  label: string
  /** One sentence: what the setting does, and what it needs. */
  hint: string
  onSaved(inbox: Inbox): void
  children?: ComponentChildren
}

/** One inbox switch with what it does, saved with a PATCH of that field as soon as it flips. */
export function SettingToggle({
  inbox,
  field,
  label,
  hint,
  onSaved,
  children,
}: SettingToggleProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const hintId = useId()
  const submission = useSubmission<'saved'>()
  // What the owner chose, shown while it is being saved (then the saved inbox says it, or, when
  // the save failed, the box goes back to the stored value).
  const choosing = useSignal<boolean | null>(null)
  const save = async (checked: boolean) => {
    choosing.value = checked
    await submission.run(async () => {
      const body: InboxUpdate = { [field]: checked }
      onSaved(
        await unwrap(
          api.PATCH('/api/v1/accounts/{account_id}/inboxes/{id}', {
            params: { path: { account_id: accountId, id: inbox.id } },
            body,
          }),
        ),
      )
    }, 'saved')
    choosing.value = null
  }
  return (
    <div class="setting-toggle">
      <Checkbox
        label={label}
        checked={choosing.value ?? inbox[field]}
        disabled={submission.busy.value}
        describedBy={hintId}
        onChange={(checked) => void save(checked)}
      />
      <p class="form-hint" id={hintId}>
        {hint}
      </p>
      {children}
      <FormStatus
        error={submission.error.value}
        success={submission.done.value && t.settingSaved}
      />
    </div>
  )
}
