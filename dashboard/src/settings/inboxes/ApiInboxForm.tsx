import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import type { Inbox } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import { CodeBlock } from '../../workspace/ui/CodeBlock'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { TextField } from '../../workspace/ui/TextField'
import { useSubmission } from '../shared/useSubmission'
import { WebhookUrlField } from './WebhookUrlField'

export interface ApiInboxFormProps {
  inbox: Inbox
  onSaved(inbox: Inbox): void
}

/** An API inbox's name and webhook URL, and the secret its webhook deliveries are signed with. */
export function ApiInboxForm({ inbox, onSaved }: ApiInboxFormProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const name = useSignal(inbox.name)
  const webhookUrl = useSignal(inbox.webhook_url ?? '')
  const submission = useSubmission<'saved'>()
  const busy = submission.busy

  const submit = async (event: Event) => {
    event.preventDefault()
    const url = webhookUrl.value.trim()
    await submission.run(async () => {
      onSaved(
        await unwrap(
          api.PATCH('/api/v1/accounts/{account_id}/inboxes/{id}', {
            params: { path: { account_id: accountId, id: inbox.id } },
            body: { name: name.value.trim(), channel: { webhook_url: url === '' ? null : url } },
          }),
        ),
      )
    }, 'saved')
  }

  return (
    <section class="inbox-section" aria-labelledby="api-inbox-heading">
      <h2 id="api-inbox-heading">{t.apiInboxHeading}</h2>
      <form class="inbox-form" onSubmit={submit} noValidate>
        <TextField
          label={t.name}
          value={name.value}
          required
          onInput={(value) => {
            name.value = value
          }}
        />
        <WebhookUrlField url={webhookUrl} />
        <FormStatus error={submission.error.value} success={submission.done.value && t.saved} />
        <button type="submit" class="button button-primary" disabled={busy.value}>
          {busy.value ? t.saving : t.save}
        </button>
      </form>
      {inbox.webhook_secret && <CodeBlock label={t.webhookSecret} code={inbox.webhook_secret} />}
    </section>
  )
}
