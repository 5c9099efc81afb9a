import { createDb } from '../db/client'
import { disableWebhook, loadDelivery, recordAttempt } from '../db/queries/webhook-deliveries'
import { guardedFetch, RefusedUrl } from '../lib/ssrf'
import { nowSeconds } from '../lib/time'
import { MAX_DELIVERY_ATTEMPTS, retryAfterSeconds, retryDelaySeconds } from './backoff'
import { signWebhook } from './signature'

export const DEFAULT_TIMEOUT_MS = 15_000

export type AttemptOutcome = { kind: 'done' } | { kind: 'retry'; delaySeconds: number }

export type DeliveryOptions = {
  /** 1-based number of this attempt (the queue message's `attempts`). */
  attempt: number
  timeoutMs?: number
  random?: () => number
}

/**
 * One POST of one delivery. Only a 2xx is success; a redirect is not followed and counts as a
 * failure; 410 Gone disables the webhook; anything else is retried on the backoff schedule.
 * The body is the event's frozen payload, so every attempt sends the same bytes under the same
 * `webhook-id`.
 */
export async function attemptDelivery(env: Env, deliveryId: number, options: DeliveryOptions) {
  const db = createDb(env.DB)
  const row = await loadDelivery(db, deliveryId)
  if (!row?.payload) return { kind: 'done' } satisfies AttemptOutcome
  const { delivery } = row
  if (delivery.status === 'succeeded' || delivery.status === 'dead') {
    return { kind: 'done' } satisfies AttemptOutcome
  }
  const secret = delivery.webhookId ? row.webhookSecret : row.inboxSecret
  const currentUrl = delivery.webhookId ? row.webhookUrl : row.inboxUrl
  const attempts = delivery.attempts + 1
  const fail = async (
    lastError: string,
    lastResponseCode: number | null,
    delay?: number | null,
  ) => {
    const finalAttempt = options.attempt >= MAX_DELIVERY_ATTEMPTS
    const delaySeconds = delay ?? retryDelaySeconds(options.attempt, options.random)
    await recordAttempt(db, deliveryId, {
      status: 'failed',
      attempts,
      url,
      lastError,
      lastResponseCode,
      nextAttemptAt: finalAttempt ? null : nowSeconds() + delaySeconds,
    })
    // After the last attempt the retry call hands the message to the dead-letter queue.
    return { kind: 'retry', delaySeconds } satisfies AttemptOutcome
  }

  // The webhook was deleted or disabled since the event: nothing to send.
  if (!secret || !currentUrl || row.webhookDisabledAt) {
    await recordAttempt(db, deliveryId, {
      status: 'failed',
      attempts: delivery.attempts,
      lastError: 'webhook removed or disabled before delivery',
      lastResponseCode: null,
      nextAttemptAt: null,
    })
    return { kind: 'done' } satisfies AttemptOutcome
  }
  // A corrected URL takes effect for pending retries and redeliveries too.
  const url = currentUrl

  const body = JSON.stringify(row.payload)
  const timestamp = nowSeconds()
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let response: Response
  try {
    // The guard checks the URL again at send time (one that passed when saved may not pass now)
    // and hands a redirect back unfollowed.
    response = await guardedFetch(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Parley-Webhooks/1.0',
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': await signWebhook(secret, delivery.messageId, timestamp, body),
        },
        body,
      },
      { allowedHosts: env.WEBHOOK_ALLOWED_HOSTS ?? '', timeoutMs, maxRedirects: 0 },
    )
  } catch (error) {
    if (error instanceof RefusedUrl) return fail(`refused: ${error.reason}`, null)
    const name = error instanceof Error ? error.name : ''
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `timeout after ${timeoutMs} ms`
        : `connection failed: ${error instanceof Error ? error.message : String(error)}`
    return fail(message.slice(0, 500), null)
  }
  // The receiver's body is never stored or echoed; only its status matters.
  await response.body?.cancel()
  const status = response.status
  if (status >= 200 && status < 300) {
    await recordAttempt(db, deliveryId, {
      status: 'succeeded',
      attempts,
      lastError: null,
      lastResponseCode: status,
      nextAttemptAt: null,
      deliveredAt: nowSeconds(),
    })
    return { kind: 'done' } satisfies AttemptOutcome
  }
  if (status === 410 && delivery.webhookId) {
    await db.batch([
      disableWebhook(db, delivery.webhookId),
      recordAttempt(db, deliveryId, {
        status: 'failed',
        attempts,
        lastError: 'receiver answered 410 Gone: webhook disabled',
        lastResponseCode: status,
        nextAttemptAt: null,
      }),
    ])
    return { kind: 'done' } satisfies AttemptOutcome
  }
  const reason =
    status >= 300 && status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}`
  const throttled = status === 429 || status === 503
  return fail(
    reason,
    status,
    throttled ? retryAfterSeconds(response.headers.get('retry-after')) : null,
  )
}
