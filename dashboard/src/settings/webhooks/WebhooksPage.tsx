import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import type { Webhook, WebhookDelivery } from '../../api/schema'
import { useAccount } from '../../app/context'
import { settingsPath } from '../../app/router'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { AppLink } from '../../workspace/ui/AppLink'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { messageOf, useLoad } from '../../workspace/ui/useLoad'
import { CrudPage } from '../shared/CrudPage'
import { submit } from '../shared/submit'
import { useCrud } from '../shared/useCrud'
import { webhookColumns } from './columns'
import { WEBHOOK_EVENTS } from './events'
import { selectedWebhookId, webhookDetailsPath, webhookName } from './selection'
import { WebhookDetails } from './WebhookDetails'
import { type WebhookDraft, WebhookForm } from './WebhookForm'
import '../../styles/webhooks.css'

/**
 * Settings › Webhooks: the account's webhooks, and for the one named by `?webhook=ID` its signing
 * secret and delivery log, with a test event to see the whole path work.
 */
export default function WebhooksPage(_props: SettingsPageProps) {
  const strings = useStrings()
  const t = strings.webhooks
  const { api, accountId, navigate } = useAccount()
  const account = { account_id: accountId }
  const one = (id: number) => ({ params: { path: { ...account, id } } })
  const body = (draft: WebhookDraft) => ({
    url: draft.url.trim(),
    name: draft.name.trim() || null,
    inbox_id: draft.inboxId ? Number(draft.inboxId) : null,
    subscriptions: draft.subscriptions,
  })
  const selectedId = selectedWebhookId(location.search)
  /** A test delivery being watched until it settles. */
  const watching = useSignal<{ webhookId: number; deliveryId: number } | null>(null)
  const testNote = useSignal<string | null>(null)
  const testError = useSignal<string | null>(null)
  /** The details were opened from this page (so they take focus), not by a deep link. */
  const openedHere = useSignal(false)

  const inboxes = useLoad(
    async () =>
      (
        await unwrap(
          api.GET('/api/v1/accounts/{account_id}/inboxes', { params: { path: account } }),
        )
      ).payload,
  )
  const crud = useCrud<Webhook, WebhookDraft>({
    load: async () =>
      (
        await unwrap(
          api.GET('/api/v1/accounts/{account_id}/webhooks', { params: { path: account } }),
        )
      ).payload.webhooks,
    blank: () => ({ url: '', name: '', inboxId: '', subscriptions: [...WEBHOOK_EVENTS] }),
    draftOf: (webhook) => ({
      url: webhook.url,
      name: webhook.name ?? '',
      inboxId: webhook.inbox ? String(webhook.inbox.id) : '',
      subscriptions: WEBHOOK_EVENTS.filter((event) => webhook.subscriptions.includes(event)),
    }),
    create: (draft) =>
      submit(
        api.POST('/api/v1/accounts/{account_id}/webhooks', {
          params: { path: account },
          body: body(draft),
        }),
      ),
    update: (webhook, draft) =>
      submit(
        api.PATCH('/api/v1/accounts/{account_id}/webhooks/{id}', {
          ...one(webhook.id),
          body: body(draft),
        }),
      ),
    remove: async (webhook) => {
      await unwrap(api.DELETE('/api/v1/accounts/{account_id}/webhooks/{id}', one(webhook.id)))
      if (webhook.id === selectedId) navigate(settingsPath(accountId, 'webhooks'))
    },
  })

  const openDetails = (webhook: Webhook) => {
    openedHere.value = true
    navigate(webhookDetailsPath(accountId, webhook.id))
  }
  const sendTest = async (webhook: Webhook) => {
    testError.value = null
    testNote.value = null
    try {
      const answer = await unwrap(
        api.POST('/api/v1/accounts/{account_id}/webhooks/{id}/test', one(webhook.id)),
      )
      watching.value = { webhookId: webhook.id, deliveryId: answer.payload.id }
      testNote.value = format(t.testQueued, { name: webhookName(webhook) })
      if (webhook.id !== selectedId) openDetails(webhook)
    } catch (failure) {
      testError.value = messageOf(failure)
    }
  }
  const testSettled = (delivery: WebhookDelivery) => {
    watching.value = null
    if (delivery.status === 'pending') {
      testNote.value = t.testStillPending
      return
    }
    testNote.value = format(t.testSettled, {
      status: t.statuses[delivery.status].toLowerCase(),
      outcome:
        delivery.last_response_code !== null
          ? `HTTP ${delivery.last_response_code}`
          : (delivery.last_error ?? t.none),
    })
  }

  const list = crud.list.data.value
  const selected = list?.find((webhook) => webhook.id === selectedId)
  const watchId =
    selected && watching.value?.webhookId === selected.id ? watching.value.deliveryId : null
  return (
    <CrudPage<Webhook, WebhookDraft>
      text={t}
      crud={crud}
      nameOf={webhookName}
      columns={webhookColumns(strings)}
      rowActions={(webhook) => (
        <>
          <AppLink
            class="button"
            href={webhookDetailsPath(accountId, webhook.id)}
            current={webhook.id === selectedId ? 'true' : undefined}
            onNavigate={() => openDetails(webhook)}
          >
            {format(t.details, { name: webhookName(webhook) })}
          </AppLink>
          <button type="button" class="button" onClick={() => void sendTest(webhook)}>
            {format(t.sendTest, { name: webhookName(webhook) })}
          </button>
        </>
      )}
      form={(kit) => <WebhookForm kit={kit} inboxes={inboxes.data.value ?? []} />}
    >
      <FormStatus error={testError.value} success={testNote.value} />
      {selectedId !== null && list !== undefined && !selected && (
        <p class="empty-state">{format(t.notFound, { id: selectedId })}</p>
      )}
      {selected && (
        <WebhookDetails
          key={selected.id}
          webhook={selected}
          watchId={watchId}
          focusOnOpen={openedHere.value}
          onRotate={async () => {
            await unwrap(
              api.POST(
                '/api/v1/accounts/{account_id}/webhooks/{id}/rotate_secret',
                one(selected.id),
              ),
            )
            await crud.list.reload()
          }}
          onTestSettled={testSettled}
          onClose={() => {
            openedHere.value = false
            navigate(settingsPath(accountId, 'webhooks'))
          }}
        />
      )}
    </CrudPage>
  )
}
