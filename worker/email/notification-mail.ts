import type { Db } from '../db/client'
import { notificationMailTarget, userNames } from '../db/queries/notification-delivery'
import type { NotificationRow } from '../db/queries/notifications'
import { accountFeed } from '../live/stubs'
import { conversationAppPath, notificationBody, notificationTitle } from '../notifications/describe'
import { escapeHtml, readMailFrom } from './agent-mail'
import type { AssignmentJob } from './assignment-mail'
import type { Mailer } from './mailer'

/**
 * The mail of a notification whose agent chose it by email (`selected_email_flags`), queued on
 * the continuity queue when the notification is made (worker/notifications/notify.ts): a
 * re-published event makes no notification, so no mail either. An assignment keeps its own mail
 * (assignment-mail.ts); the other kinds say what the push says, with a link.
 */
export type NotificationMailJob = {
  type: 'notification'
  accountId: number
  conversationId: number
  userId: number
  notificationId: number
}

/** The continuity-queue job that mails this new notification, when the deployment mails. */
export function notificationMailJob(
  env: Env,
  row: NotificationRow,
): NotificationMailJob | AssignmentJob | null {
  if (!readMailFrom(env.MAIL_FROM)) return null
  const ids = { accountId: row.accountId, conversationId: row.primaryActorId, userId: row.userId }
  if (row.notificationType === 'conversation_assignment') return { type: 'assignment', ...ids }
  return { type: 'notification', ...ids, notificationId: row.id }
}

/**
 * Sends the mail unless the agent has read the notification already or has a dashboard open on
 * the account (it showed there), as Chatwoot skips a notification read before its mail.
 */
export async function sendNotificationMail(
  env: Env,
  db: Db,
  job: NotificationMailJob,
  mailer: Mailer | null,
): Promise<'sent' | 'read' | 'connected' | 'gone' | 'no_mailer'> {
  const from = readMailFrom(env.MAIL_FROM)
  if (!mailer || !from) return 'no_mailer'
  const row = await notificationMailTarget(db, job)
  if (!row) return 'gone'
  if (row.readAt !== null) return 'read'
  if (await accountFeed(env, job.accountId).userConnected(job.userId)) return 'connected'
  const senderId = row.senderType === 'User' ? row.senderId : null
  const sender = senderId ? (await userNames(db, [senderId])).get(senderId) : undefined
  const subject = notificationTitle(row.notificationType, row.displayId, sender)
  const body = notificationBody(row.content)
  const origin = env.PUBLIC_BASE_URL || 'http://localhost:8787'
  const link = new URL(conversationAppPath(job.accountId, row.displayId), origin).toString()
  await mailer.send({
    from,
    to: [{ address: row.userEmail, name: row.userName }],
    subject,
    text: `${subject}\n\n${body ? `${body}\n\n` : ''}Open it: ${link}\n`,
    html:
      `<p>${escapeHtml(subject)}</p>` +
      (body ? `<blockquote>${escapeHtml(body)}</blockquote>` : '') +
      `<p><a href="${escapeHtml(link)}">Open the conversation</a></p>`,
  })
  return 'sent'
}
