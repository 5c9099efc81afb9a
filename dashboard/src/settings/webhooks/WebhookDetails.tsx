import { useEffect, useRef } from 'preact/hooks'
import type { Webhook, WebhookDelivery } from '../../api/schema'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { DeliveryLog } from './DeliveryLog'
import { SignatureHelp } from './SignatureHelp'
import { SigningSecret } from './SigningSecret'
import { webhookName } from './selection'
import { useDeliveries } from './useDeliveries'

export interface WebhookDetailsProps {
  webhook: Webhook
  /** A test delivery just queued for this webhook: the log watches it until it settles. */
  watchId: number | null
  onRotate(): Promise<void>
  onTestSettled(delivery: WebhookDelivery): void
  onClose(): void
  /** Take focus when shown (it was opened from the list, not by loading the page). */
  focusOnOpen: boolean
}

/** One webhook's signing secret, how to verify it, and its delivery log. */
export function WebhookDetails(props: WebhookDetailsProps) {
  const t = useStrings().webhooks
  const { webhook } = props
  const name = webhookName(webhook)
  const heading = useRef<HTMLHeadingElement>(null)
  const deliveries = useDeliveries(webhook.id, props.watchId, props.onTestSettled)
  useEffect(() => {
    // After the layout has put focus on the page's main region for the navigation.
    if (props.focusOnOpen) requestAnimationFrame(() => heading.current?.focus())
  }, [webhook.id])
  return (
    <section class="webhook-details" aria-labelledby="webhook-details-heading">
      <div class="delivery-log-header">
        <h2 id="webhook-details-heading" tabIndex={-1} ref={heading}>
          {format(t.details, { name })}
        </h2>
        <button type="button" class="button" onClick={props.onClose}>
          {t.closeDetails}
        </button>
      </div>
      <SigningSecret name={name} secret={webhook.secret} onRotate={props.onRotate} />
      <SignatureHelp />
      <DeliveryLog name={name} deliveries={deliveries} />
    </section>
  )
}
