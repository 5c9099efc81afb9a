import { type Mailer, mailerOf } from '../email/mailer'
import { sendReply } from '../email/outbound'
import { backoffSeconds, handleOutgoingQueue, OUTGOING_ATTEMPTS } from './outgoing'

/** The mail queue and its dead letters (wrangler.toml). */
export const MAIL_QUEUE = 'parley-mail'
/** Sends of one reply before it is marked failed: the queue's `max_retries` + 1. */
export const MAIL_ATTEMPTS = OUTGOING_ATTEMPTS

export const isMailQueue = (queue: string) => queue === MAIL_QUEUE || queue === `${MAIL_QUEUE}-dlq`

/**
 * The mail queue's consumer (queues/outgoing.ts): each message sends one reply
 * (worker/email/outbound.ts); a retryable failure comes back a minute apart at most. `mailer` is
 * the deployment's.
 */
export function handleMailQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  mailer: Mailer | null = mailerOf(env),
): Promise<void> {
  return handleOutgoingQueue(batch, env, {
    type: 'mail',
    failure: 'mail send failed',
    send: async (db, target, { lastAttempt, attempts, now }) => {
      const outcome = await sendReply(env, db, target, mailer, { lastAttempt, now })
      return outcome === 'retry' ? { retryAfterSeconds: backoffSeconds(attempts) } : undefined
    },
  })
}
