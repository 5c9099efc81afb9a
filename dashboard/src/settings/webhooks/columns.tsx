import type { Webhook } from '../../api/schema'
import type { Strings } from '../../i18n'
import type { Column } from '../shared/ResourceTable'
import { subscribesToAll } from './events'

/** The list's columns: where it posts, what it gets, and from which inbox. */
export const webhookColumns = ({
  webhooks: t,
  webhookEvents: eventNames,
}: Strings): Column<Webhook>[] => [
  {
    header: t.url,
    cell: (webhook) => (
      <>
        {webhook.name && <strong class="webhook-name">{webhook.name}</strong>}
        <code class="webhook-url">{webhook.url}</code>
      </>
    ),
  },
  {
    header: t.events,
    cell: (webhook) =>
      subscribesToAll(webhook.subscriptions) ? (
        t.allEvents
      ) : (
        <ul class="webhook-event-list">
          {webhook.subscriptions.map((event) => (
            <li key={event} title={eventNames[event as keyof typeof eventNames]}>
              <code>{event}</code>
            </li>
          ))}
        </ul>
      ),
  },
  {
    header: t.inbox,
    cell: (webhook) => webhook.inbox?.name ?? t.allInboxes,
  },
]
