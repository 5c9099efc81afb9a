import { useSignal } from '@preact/signals'
import { useId } from 'preact/hooks'
import type { WebhookDelivery } from '../../api/schema'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { messageOf } from '../../workspace/ui/useLoad'
import type { Deliveries } from './useDeliveries'

export interface DeliveryLogProps {
  name: string
  deliveries: Deliveries
}

const timeOf = (seconds: number) => new Date(seconds * 1000).toLocaleString()

/** A webhook's deliveries: what was sent, how it went, and Redeliver for each. */
export function DeliveryLog({ name, deliveries }: DeliveryLogProps) {
  const t = useStrings().webhooks
  const id = useId()
  const done = useSignal<string | null>(null)
  const failed = useSignal<string | null>(null)
  const rows = deliveries.rows.value
  const columns = [t.event, t.status, t.attempts, t.responseCode, t.time, t.lastError]
  return (
    <section class="webhook-panel delivery-log" aria-labelledby={`${id}-heading`}>
      <div class="delivery-log-header">
        <h3 id={`${id}-heading`}>{t.logHeading}</h3>
        <button
          type="button"
          class="button"
          disabled={deliveries.loading.value}
          onClick={() => {
            done.value = null
            void deliveries.refresh()
          }}
        >
          {t.refresh}
        </button>
      </div>
      <FormStatus error={failed.value ?? deliveries.error.value} success={done.value} />
      {rows === undefined ? null : rows.length === 0 ? (
        <p class="empty-state">{t.noDeliveries}</p>
      ) : (
        <table class="table resource-table">
          <caption class="visually-hidden">{format(t.logTable, { name })}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((delivery: WebhookDelivery) => (
              <tr key={delivery.id}>
                <td data-label={t.event}>
                  <code>{delivery.event}</code>
                </td>
                <td data-label={t.status}>
                  <span class={`delivery-status delivery-${delivery.status}`}>
                    {t.statuses[delivery.status]}
                  </span>
                </td>
                <td data-label={t.attempts}>{delivery.attempts}</td>
                <td data-label={t.responseCode}>{delivery.last_response_code ?? t.none}</td>
                <td data-label={t.time}>
                  <time dateTime={new Date(delivery.created_at * 1000).toISOString()}>
                    {timeOf(delivery.created_at)}
                  </time>
                </td>
                <td data-label={t.lastError}>{delivery.last_error ?? t.none}</td>
                <td data-label={t.actions}>
                  <button
                    type="button"
                    class="button"
                    aria-label={format(t.redeliverName, { event: delivery.event, id: delivery.id })}
                    onClick={async () => {
                      done.value = null
                      failed.value = null
                      try {
                        await deliveries.redeliver(delivery)
                        done.value = format(t.redelivered, { id: delivery.id })
                      } catch (failure) {
                        failed.value = messageOf(failure)
                      }
                    }}
                  >
                    {t.redeliver}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deliveries.nextBefore.value !== null && (
        <button
          type="button"
          class="button"
          disabled={deliveries.loading.value}
          onClick={() => void deliveries.loadOlder()}
        >
          {t.loadOlder}
        </button>
      )}
    </section>
  )
}
