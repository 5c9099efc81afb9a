import { sendPhoneReply } from '../phone/outbound'
import { backoffSeconds, handleOutgoingQueue, OUTGOING_ATTEMPTS } from './outgoing'

/** The phone sends' queue and its dead letters (wrangler.toml). */
export const PHONE_QUEUE = 'parley-phone'
/** Sends of one text before it is marked failed: the queue's `max_retries` + 1. */
export const PHONE_ATTEMPTS = OUTGOING_ATTEMPTS

export const isPhoneQueue = (queue: string) =>
  queue === PHONE_QUEUE || queue === `${PHONE_QUEUE}-dlq`

/**
 * The phone queue's consumer (queues/outgoing.ts): each message sends one text
 * (worker/phone/outbound.ts); a 429 or 5xx comes back after Twilio's Retry-After or the backoff.
 * `fetcher` is Twilio's way in.
 */
export function handlePhoneQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  return handleOutgoingQueue(batch, env, {
    type: 'phone',
    failure: 'phone send failed',
    send: async (db, target, { lastAttempt, attempts, now }) => {
      const outcome = await sendPhoneReply(env, db, target, { lastAttempt, now, fetcher })
      if (typeof outcome !== 'object') return undefined
      return { retryAfterSeconds: outcome.retryAfterSeconds ?? backoffSeconds(attempts) }
    },
  })
}
