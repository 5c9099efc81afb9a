import { messages } from '../db/schema'
import { type Mailer, mailerOf } from '../email/mailer'
import { failReply, type MailQueueMessage, sendReply } from '../email/outbound'
import { nowSeconds } from '../lib/time'
import { carriedAccountId, messageDatabase } from './locate'
import { settleMessage } from './settle'

/** The mail queue and its dead letters (wrangler.toml). */
export const MAIL_QUEUE = 'parley-mail'
/** Sends of one reply before it is marked failed: the queue's `max_retries` + 1. */
export const MAIL_ATTEMPTS = 6

export const isMailQueue = (queue: string) => queue === MAIL_QUEUE || queue === `${MAIL_QUEUE}-dlq`

function parse(body: unknown): MailQueueMessage | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  const accountId = carriedAccountId(b)
  if (b.type !== 'mail' || accountId === undefined || !Number.isSafeInteger(b.messageId)) {
    return null
  }
  return { type: 'mail', accountId, messageId: b.messageId as number }
}

/**
 * The mail queue's consumer, an adapter: each message sends one reply (worker/email/outbound.ts).
 * A retryable failure comes back through the queue's retries, a minute apart at most; the last
 * attempt marks the reply failed. A message that reaches the dead letters (its handler kept
 * throwing) marks its reply failed, unless it went out meanwhile. `mailer` is the deployment's.
 */
export async function handleMailQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  mailer: Mailer | null = mailerOf(env),
): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  await Promise.all(
    batch.messages.map((message) =>
      settleMessage(message, batch.queue, {
        parse,
        failure: 'mail send failed',
        work: async (body) => {
          const db = await messageDatabase(env, messages, body.accountId, body.messageId)
          if (!db) return undefined
          const target = { accountId: body.accountId, messageId: body.messageId }
          if (deadLetters) {
            await failReply(env, db, { ...target, claim: null }, 'retries exhausted', nowSeconds())
            return undefined
          }
          const outcome = await sendReply(env, db, target, mailer, {
            lastAttempt: message.attempts >= MAIL_ATTEMPTS,
            now: nowSeconds(),
          })
          if (outcome === 'retry') {
            return { retryAfterSeconds: Math.min(10 * 2 ** (message.attempts - 1), 60) }
          }
          return undefined
        },
      }),
    ),
  )
}
