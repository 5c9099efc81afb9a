import { settingsPath } from '../../app/router'

/** The query parameter naming the webhook whose secret and deliveries are open. */
const PARAM = 'webhook'

/** The deep link to one webhook's details: settings/webhooks?webhook=7. */
export const webhookDetailsPath = (accountId: number, webhookId: number) =>
  `${settingsPath(accountId, 'webhooks')}?${PARAM}=${webhookId}`

/** The webhook a query string names, or null. */
export function selectedWebhookId(search: string): number | null {
  const value = new URLSearchParams(search).get(PARAM)
  return value && /^\d+$/.test(value) ? Number(value) : null
}

/** A webhook's name in labels: its own, else its URL. */
export const webhookName = (webhook: { name: string | null; url: string }) =>
  webhook.name?.trim() || webhook.url
