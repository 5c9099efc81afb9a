import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import type { Inbox } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { useSubmission } from '../shared/useSubmission'
import { BusinessHours } from './BusinessHours'
import { GreetingSetting } from './GreetingSetting'
import { draftOf, updateBody, type WidgetDraft } from './widget-draft'

export interface AutomaticMessagesFormProps {
  inbox: Inbox
  onSaved(inbox: Inbox): void
}

/**
 * The greeting and business hours of an inbox without a widget (API inboxes, whose clients get
 * both as messages), saved with one PATCH of what changed. A website inbox has them in its widget
 * form instead, beside the preview.
 */
export function AutomaticMessagesForm({ inbox, onSaved }: AutomaticMessagesFormProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const saved = useSignal(draftOf(inbox))
  const draft = useSignal(saved.value)
  const submission = useSubmission<'saved'>()
  const update = (patch: Partial<WidgetDraft>) => {
    draft.value = { ...draft.value, ...patch }
    submission.done.value = null
  }
  const submit = async (event: Event) => {
    event.preventDefault()
    await submission.run(async () => {
      const body = updateBody(saved.value, draft.value)
      if (Object.keys(body).length === 0) return
      const next = await unwrap(
        api.PATCH('/api/v1/accounts/{account_id}/inboxes/{id}', {
          params: { path: { account_id: accountId, id: inbox.id } },
          body,
        }),
      )
      saved.value = draftOf(next)
      draft.value = saved.value
      onSaved(next)
    }, 'saved')
  }
  return (
    <section class="inbox-section" aria-labelledby="automatic-messages-heading">
      <h2 id="automatic-messages-heading">{t.automaticHeading}</h2>
      <form class="inbox-form widget-form" onSubmit={submit} noValidate>
        <GreetingSetting draft={draft.value} update={update} />
        <BusinessHours draft={draft.value} update={update} />
        <FormStatus error={submission.error.value} success={submission.done.value && t.saved} />
        <button type="submit" class="button button-primary" disabled={submission.busy.value}>
          {submission.busy.value ? t.saving : t.automaticSave}
        </button>
      </form>
    </section>
  )
}
