import type { Db } from '../db/client'
import {
  abandonDelivery,
  claimAttempt,
  disableWebhook,
  recordAttempt,
} from '../db/queries/webhook-deliveries'
import { guardedFetch, RefusedUrl } from '../lib/ssrf'
import { nowSeconds } from '../lib/time'
import { MAX_DELIVERY_ATTEMPTS, retryAfterSeconds, retryDelaySeconds } from './backoff'
import { botBody } from './bot-targets'
import { signWebhook } from './signature'

export const DEFAULT_TIMEOUT_MS = 15_000

/** The receiver's time limit: 15 s, unless `WEBHOOK_TIMEOUT_MS` (tests, chaos runs) says less. */
export const deliveryTimeoutMs = (env: Env) => Number(env.WEBHOOK_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS

/**
 * An attempt's claim lasts its timeout plus this: time for the D1 write after the POST, with room
 * for an overloaded runtime (a claim that runs out under a live holder lets the sweep's copy send
 * again, under the same webhook-id). Only a holder that died mid-attempt lets a claim run out
 * otherwise; the sweep then re-queues the delivery.
 */
export const CLAIM_MARGIN_SECONDS = 45

/**
 * A queue message may take its attempt this long before `next_attempt_at`. Queues hands a
 * retry over after its delay, which is never shorter than the one recorded (the record is made
 * first), so this only absorbs clock differences between machines. A copy arriving earlier sends
 * nothing: another copy holds the schedule (or the sweep re-queues the delivery once overdue).
 */
export const EARLY_ARRIVAL_SECONDS = 5

/** `dead`: the last attempt failed and the delivery is given up (its caller may act on that). */
export type AttemptOutcome =
  | { kind: 'done' }
  | { kind: 'dead' }
  | { kind: 'retry'; delaySeconds: number }

export type DeliveryOptions = {
  timeoutMs?: number
  random?: () => number
}

const DONE = { kind: 'done' } as const satisfies AttemptOutcome

type LoadedDelivery = NonNullable<Awaited<ReturnType<typeof claimAttempt>>['row']>

/** Where a delivery goes and what signs it: its webhook, its agent bot, or its API inbox. */
function targetOf(row: LoadedDelivery) {
  if (row.delivery.webhookId) return { url: row.webhookUrl, secret: row.webhookSecret }
  if (row.delivery.agentBotId) return { url: row.botUrl, secret: row.botSecret }
  return { url: row.inboxUrl, secret: row.inboxSecret }
}

/**
 * One POST of one delivery, made only by the queue message that claims the attempt in D1 (see
 * `claimAttempt`); any other copy of the message sends nothing. Only a 2xx is success; a redirect
 * is not followed and counts as a failure; 410 Gone disables the webhook; anything else is
 * retried on the backoff schedule, numbered by the attempts recorded in D1 (not by the queue
 * message's own count, which starts again on a copy the sweep re-queues), and the last failure
 * makes the delivery dead. The body is the event's frozen payload, so every attempt sends the
 * same bytes under the same `webhook-id`. `db` is the delivery's account's shard.
 */
export async function attemptDelivery(
  env: Env,
  db: Db,
  deliveryId: number,
  options: DeliveryOptions = {},
): Promise<AttemptOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const { attempt, row } = await claimAttempt(db, deliveryId, {
    now: nowSeconds(),
    leaseSeconds: Math.ceil(timeoutMs / 1000) + CLAIM_MARGIN_SECONDS,
    earlySeconds: EARLY_ARRIVAL_SECONDS,
  })
  // Another copy made or is making this attempt, it is not due yet, or the delivery is settled:
  // this one sends nothing.
  if (attempt === null) return DONE
  const target = row && targetOf(row)
  const secret = target?.secret
  const currentUrl = target?.url
  // The webhook was deleted or disabled since the event, or the event is gone: nothing to send.
  if (!row?.payload || !secret || !currentUrl || row.webhookDisabledAt) {
    const reason = row?.payload
      ? 'webhook removed or disabled before delivery'
      : 'the event or its payload is gone'
    await abandonDelivery(db, deliveryId, attempt, reason)
    return DONE
  }
  const { delivery } = row

  // A corrected URL takes effect for pending retries and redeliveries too.
  const url = currentUrl

  const fail = async (
    lastError: string,
    lastResponseCode: number | null,
    delay?: number | null,
  ): Promise<AttemptOutcome> => {
    if (attempt >= MAX_DELIVERY_ATTEMPTS) {
      await recordAttempt(db, deliveryId, attempt, {
        status: 'dead',
        url,
        lastError,
        lastResponseCode,
        nextAttemptAt: null,
      })
      return { kind: 'dead' }
    }
    const delaySeconds = delay ?? retryDelaySeconds(attempt, options.random)
    // Recorded before the queue is asked for the retry, so the retry never arrives before it.
    await recordAttempt(db, deliveryId, attempt, {
      status: 'failed',
      url,
      lastError,
      lastResponseCode,
      nextAttemptAt: nowSeconds() + delaySeconds,
    })
    return { kind: 'retry', delaySeconds }
  }

  const body = JSON.stringify(
    delivery.agentBotId
      ? botBody(row.payload as Record<string, unknown>, delivery.event)
      : row.payload,
  )
  const timestamp = nowSeconds()
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
    await recordAttempt(db, deliveryId, attempt, {
      status: 'succeeded',
      lastError: null,
      lastResponseCode: status,
      nextAttemptAt: null,
      deliveredAt: nowSeconds(),
    })
    return DONE
  }
  if (status === 410 && delivery.webhookId) {
    await db.batch([
      disableWebhook(db, delivery.webhookId),
      recordAttempt(db, deliveryId, attempt, {
        status: 'failed',
        lastError: 'receiver answered 410 Gone: webhook disabled',
        lastResponseCode: status,
        nextAttemptAt: null,
      }),
    ])
    return DONE
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
