import type { WebhookEvent } from '../../api/schema'
import { en } from '../../i18n'

/** Every event a webhook can subscribe to, in the API's order (the type keeps it complete). */
export const WEBHOOK_EVENTS = Object.keys(en.webhookEvents) as WebhookEvent[]

// A compile-time check that the words cover exactly the API's enum.
const _covered: Record<WebhookEvent, string> = en.webhookEvents
void _covered

/** Whether a subscription list is every event (the API's default). */
export const subscribesToAll = (subscriptions: readonly string[]) =>
  WEBHOOK_EVENTS.every((event) => subscriptions.includes(event))
