import {
  type EmailCollectJob,
  parseEmailCollectJob,
  runEmailCollect,
} from '../automation/email-collect'
import { conversations } from '../db/schema'
import { type AssignmentJob, sendAssignmentMail } from '../email/assignment-mail'
import { type ContinuityJob, sendContinuity } from '../email/continuity'
import { type Mailer, mailerOf } from '../email/mailer'
import { type NotificationMailJob, sendNotificationMail } from '../email/notification-mail'
import { publishCommitted } from '../events/outbox'
import { nowSeconds } from '../lib/time'
import { PUBLISH_FOLLOW_UPS } from './follow-ups'
import { carriedAccountId, messageDatabase } from './locate'
import { settleMessage } from './settle'

/**
 * The continuity queue (wrangler.toml): delayed jobs that mail a visitor missed replies, jobs
 * that mail an offline agent a notification they chose by email (an assignment, a mention, …;
 * worker/email/notification-mail.ts), and the delayed ask for a website
 * visitor's email (worker/automation/email-collect.ts).
 */
export const CONTINUITY_QUEUE = 'parley-continuity'

export const isContinuityQueue = (queue: string) => queue === CONTINUITY_QUEUE

type Job = ContinuityJob | AssignmentJob | NotificationMailJob | EmailCollectJob

function parse(body: unknown): Job | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  const accountId = carriedAccountId(b)
  if (accountId === undefined || !Number.isSafeInteger(b.conversationId)) return null
  const conversationId = b.conversationId as number
  if (b.type === 'email_collect') return parseEmailCollectJob(b, accountId)
  if (b.type === 'continuity') return { type: 'continuity', accountId, conversationId }
  if (b.type === 'assignment' && Number.isSafeInteger(b.userId)) {
    return { type: 'assignment', accountId, conversationId, userId: b.userId as number }
  }
  if (
    b.type === 'notification' &&
    Number.isSafeInteger(b.userId) &&
    Number.isSafeInteger(b.notificationId)
  ) {
    const [userId, notificationId] = [b.userId as number, b.notificationId as number]
    return { type: 'notification', accountId, conversationId, userId, notificationId }
  }
  return null
}

/**
 * The continuity queue's consumer, an adapter: each job mails one conversation's unseen replies
 * (worker/email/continuity.ts). A failed send is retried by the queue; the replies it claimed
 * are given back first, so the retry (or a later job) sends them, once. `mailer` is the
 * deployment's.
 */
export async function handleContinuityQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  mailer: Mailer | null = mailerOf(env),
): Promise<void> {
  await Promise.all(
    batch.messages.map((message) =>
      settleMessage(message, batch.queue, {
        parse,
        failure: 'continuity mail failed',
        work: async (job) => {
          const db = await messageDatabase(env, conversations, job.accountId, job.conversationId)
          if (!db) return undefined
          if (job.type === 'email_collect') {
            const { eventIds } = await runEmailCollect(env, db, job, nowSeconds())
            await publishCommitted(
              env,
              job.accountId,
              eventIds,
              undefined,
              undefined,
              PUBLISH_FOLLOW_UPS,
            )
            return undefined
          }
          if (job.type === 'assignment') await sendAssignmentMail(env, db, job, mailer)
          else if (job.type === 'notification') await sendNotificationMail(env, db, job, mailer)
          else await sendContinuity(env, db, job, mailer)
          return undefined
        },
      }),
    ),
  )
}
