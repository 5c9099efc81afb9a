import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import type { Inbox } from '../../api/schema'
import { useAccount } from '../../app/context'
import { settingsPath } from '../../app/router'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { ConfirmButton } from '../../workspace/ui/ConfirmButton'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { messageOf } from '../../workspace/ui/useLoad'

export interface DeleteInboxProps {
  inbox: Pick<Inbox, 'id' | 'name'>
}

/** Deletes the inbox after asking, then goes back to the list. */
export function DeleteInbox({ inbox }: DeleteInboxProps) {
  const t = useStrings().inboxes
  const { api, accountId, navigate } = useAccount()
  const error = useSignal<string | null>(null)
  return (
    <section class="inbox-section inbox-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t.deleteHeading}</h2>
      <p>{t.deleteIntro}</p>
      <ConfirmButton
        label={format(t.delete, { name: inbox.name })}
        question={t.deleteQuestion}
        confirmLabel={t.deleteConfirm}
        onConfirm={async () => {
          error.value = null
          try {
            await unwrap(
              api.DELETE('/api/v1/accounts/{account_id}/inboxes/{id}', {
                params: { path: { account_id: accountId, id: inbox.id } },
              }),
            )
            navigate(settingsPath(accountId, 'inboxes'))
          } catch (failure) {
            error.value = messageOf(failure)
          }
        }}
      />
      <FormStatus error={error.value} />
    </section>
  )
}
