import type { Inbox, WebhookEvent } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { TextField } from '../../workspace/ui/TextField'
import type { FormKit } from '../shared/CrudPage'
import { SelectField } from '../shared/SelectField'
import { WEBHOOK_EVENTS } from './events'

export interface WebhookDraft {
  url: string
  name: string
  /** '' is every inbox. */
  inboxId: string
  subscriptions: WebhookEvent[]
}

export interface WebhookFormProps {
  kit: FormKit<WebhookDraft>
  inboxes: Pick<Inbox, 'id' | 'name'>[]
}

/** The fields of a webhook: its URL and name, the events it gets, and an optional inbox. */
export function WebhookForm({ kit, inboxes }: WebhookFormProps) {
  const { webhooks: t, webhookEvents: eventNames } = useStrings()
  const { draft, set, error } = kit
  const eventsError = error('subscriptions', t.events)
  const toggle = (event: WebhookEvent, on: boolean) =>
    set({
      subscriptions: WEBHOOK_EVENTS.filter((e) =>
        e === event ? on : draft.subscriptions.includes(e),
      ),
    })
  return (
    <>
      <TextField
        label={t.url}
        type="url"
        value={draft.url}
        required
        hint={t.urlHint}
        error={error('url', t.url)}
        onInput={(url) => set({ url })}
      />
      <TextField
        label={t.name}
        value={draft.name}
        hint={t.nameHint}
        error={error('name', t.name)}
        onInput={(name) => set({ name })}
      />
      <fieldset
        class="webhook-events"
        aria-describedby={
          eventsError ? 'webhook-events-hint webhook-events-error' : 'webhook-events-hint'
        }
        aria-invalid={eventsError ? true : undefined}
      >
        <legend>{t.eventsLegend}</legend>
        <p class="form-hint" id="webhook-events-hint">
          {t.eventsHint}
        </p>
        <ul>
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event}>
              <label class="checkbox-line">
                <input
                  type="checkbox"
                  name="subscriptions"
                  value={event}
                  checked={draft.subscriptions.includes(event)}
                  onChange={(e) => toggle(event, (e.currentTarget as HTMLInputElement).checked)}
                />
                <span>
                  {eventNames[event]} <code>{event}</code>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {eventsError && (
          <p class="form-error" id="webhook-events-error">
            {eventsError}
          </p>
        )}
      </fieldset>
      <SelectField
        label={t.inbox}
        value={draft.inboxId}
        hint={t.inboxHint}
        error={error('inbox_id', t.inbox)}
        options={[
          { value: '', label: t.allInboxes },
          ...inboxes.map((inbox) => ({ value: String(inbox.id), label: inbox.name })),
        ]}
        onChange={(inboxId) => set({ inboxId })}
      />
    </>
  )
}
