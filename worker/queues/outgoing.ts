import type { Db } from '../db/client'
import { messages } from '../db/schema'
import { failReply } from '../email/outbound'
import { nowSeconds } from '../lib/time'
import { carriedAccountId, messageDatabase } from './locate'
import { type Settlement, settleMessage } from './settle'

/** Sends of one reply before it is marked failed: a reply queue's `max_retries` + 1. */
export const OUTGOING_ATTEMPTS = 6

/** What a reply queue carries: the message to send, located through its account. */
export type OutgoingQueueMessage<Type extends string> = {
  type: Type
  accountId: number
  messageId: number
}

/**
 * A channel whose replies leave one queue message each (mail, texts): the body type it carries,
 * what its failures are logged as, and its send, which claims the reply in D1 first and answers
 * a retry (with its delay) or nothing.
 */
export type OutgoingQueueChannel<Type extends string> = {
  type: Type
  failure: string
  send: (
    db: Db,
    target: { accountId: number; messageId: number },
    options: { lastAttempt: boolean; attempts: number; now: number },
  ) => Promise<Settlement>
}

/** Backoff for a retry the service gave no delay for: 10 s, 20 s, 40 s, then a minute. */
export const backoffSeconds = (attempts: number) => Math.min(10 * 2 ** (attempts - 1), 60)

function parser<Type extends string>(type: Type) {
  return (body: unknown): OutgoingQueueMessage<Type> | null => {
    if (typeof body !== 'object' || body === null) return null
    const b = body as Record<string, unknown>
    const accountId = carriedAccountId(b)
    if (b.type !== type || accountId === undefined || !Number.isSafeInteger(b.messageId)) {
      return null
    }
    return { type, accountId, messageId: b.messageId as number }
  }
}

/**
 * A reply queue's consumer, an adapter: each message sends one reply through `channel`. A
 * retryable failure comes back through the queue's retries; the last attempt marks the reply
 * failed. A message that reaches the dead letters (its handler kept throwing) marks its reply
 * failed, unless it went out meanwhile.
 */
export async function handleOutgoingQueue<Type extends string>(
  batch: MessageBatch<unknown>,
  env: Env,
  channel: OutgoingQueueChannel<Type>,
): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  const parse = parser(channel.type)
  await Promise.all(
    batch.messages.map((message) =>
      settleMessage(message, batch.queue, {
        parse,
        failure: channel.failure,
        work: async (body) => {
          const db = await messageDatabase(env, messages, body.accountId, body.messageId)
          if (!db) return undefined
          const target = { accountId: body.accountId, messageId: body.messageId }
          if (deadLetters) {
            await failReply(env, db, { ...target, claim: null }, 'retries exhausted', nowSeconds())
            return undefined
          }
          return channel.send(db, target, {
            lastAttempt: message.attempts >= OUTGOING_ATTEMPTS,
            attempts: message.attempts,
            now: nowSeconds(),
          })
        },
      }),
    ),
  )
}
