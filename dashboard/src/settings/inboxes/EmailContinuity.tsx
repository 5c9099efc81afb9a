import { useId } from 'preact/hooks'
import { unwrap } from '../../api/client'
import type { Inbox } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { useSubmission } from '../shared/useSubmission'
import { Checkbox } from './Checkbox'

export interface EmailContinuityProps {
  inbox: Inbox
  onSaved(inbox: Inbox): void
}

/**
 * Chatwoot's continuity_via_email for a website inbox (on unless turned off): whether agents'
 * replies reach a visitor who has left by email. Saved as soon as it is flipped.
 */
export function EmailContinuity({ inbox, onSaved }: EmailContinuityProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const hintId = useId()
  const submission = useSubmission<'saved'>()

  const save = (continuity_via_email: boolean) =>
    submission.run(async () => {
      onSaved(
        await unwrap(
          api.PATCH('/api/v1/accounts/{account_id}/inboxes/{id}', {
            params: { path: { account_id: accountId, id: inbox.id } },
            body: { channel: { continuity_via_email } },
          }),
        ),
      )
    }, 'saved')

  return (
    <section class="inbox-section" aria-labelledby="continuity-heading">
      <h2 id="continuity-heading">{t.continuityHeading}</h2>
      <Checkbox
        label={t.continuityLabel}
        checked={inbox.continuity_via_email !== false}
        disabled={submission.busy.value}
        describedBy={hintId}
        onChange={(checked) => void save(checked)}
      />
      <p class="form-hint" id={hintId}>
        {t.continuityHint}
      </p>
      <FormStatus
        error={submission.error.value}
        success={submission.done.value && t.continuitySaved}
      />
    </section>
  )
}
