import { messages } from '../db/schema'
import { failReply } from '../email/outbound'
import { nowSeconds } from '../lib/time'
import { type PhoneQueueMessage, sendPhoneReply } from '../phone/outbound'
import { carriedAccountId, messageDatabase } from './locate'
import { settleMessage } from './settle'

/** The phone sends' queue and its dead letters (wrangler.toml). */
export const PHONE_QUEUE = 'parley-phone'
/** Sends of one text before it is marked failed: the queue's `max_retries` + 1. */
export const PHONE_ATTEMPTS = 6

export const isPhoneQueue = (queue: string) =>
  queue === PHONE_QUEUE || queue === `${PHONE_QUEUE}-dlq`

function parse(body: unknown): PhoneQueueMessage | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  const accountId = carriedAccountId(b)
  if (b.type !== 'phone' || accountId === undefined || !Number.isSafeInteger(b.messageId)) {
    return null
  }
  return { type: 'phone', accountId, messageId: b.messageId as number }
}

/** Backoff for a retry Twilio gave no Retry-After for: 10 s, 20 s, 40 s, then a minute. */
const backoffSeconds = (attempts: number) => Math.min(10 * 2 ** (attempts - 1), 60)

/**
 * The phone queue's consumer, an adapter: each message sends one text (worker/phone/outbound.ts).
 * A 429 or 5xx comes back through the queue's retries, after Twilio's Retry-After or the backoff;
 * the last attempt marks the message failed. A message that reaches the dead letters (its handler
 * kept throwing) marks its text failed, unless it went out meanwhile. `fetcher` is Twilio's way in.
 */
export async function handlePhoneQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  await Promise.all(
    batch.messages.map((message) =>
      settleMessage(message, batch.queue, {
        parse,
        failure: 'phone send failed',
        work: async (body) => {
          const db = await messageDatabase(env, messages, body.accountId, body.messageId)
          if (!db) return undefined
          const target = { accountId: body.accountId, messageId: body.messageId }
          if (deadLetters) {
            await failReply(env, db, { ...target, claim: null }, 'retries exhausted', nowSeconds())
            return undefined
          }
          const outcome = await sendPhoneReply(env, db, target, {
            lastAttempt: message.attempts >= PHONE_ATTEMPTS,
            now: nowSeconds(),
            fetcher,
          })
          if (typeof outcome === 'object') {
            return {
              retryAfterSeconds: outcome.retryAfterSeconds ?? backoffSeconds(message.attempts),
            }
          }
          return undefined
        },
      }),
    ),
  )
}
