import type { Db } from '../db/client'
import { assignedConversation } from '../db/queries/assignment-mail'
import { accountFeed } from '../live/stubs'
import { escapeHtml, readMailFrom } from './agent-mail'
import type { Mailer } from './mailer'

/**
 * A mail to an agent a conversation was just assigned to, when they have no dashboard open on
 * the account (the account feed holds no socket of theirs): otherwise the dashboard shows it.
 * Their assignment notification queues the job on the continuity queue when they chose it by
 * email (notification-mail.ts), as Chatwoot's default for a new agent does.
 */

export type AssignmentJob = {
  type: 'assignment'
  accountId: number
  conversationId: number
  userId: number
}

/** The link to the conversation in the dashboard, on the deployment's public origin. */
const conversationLink = (origin: string, accountId: number, displayId: number) =>
  new URL(`/app/accounts/${accountId}/conversations/${displayId}`, origin).toString()

/** Sends the mail when the conversation is still theirs and they are not connected. */
export async function sendAssignmentMail(
  env: Env,
  db: Db,
  job: AssignmentJob,
  mailer: Mailer | null,
): Promise<'sent' | 'connected' | 'not_assigned' | 'no_mailer'> {
  const from = readMailFrom(env.MAIL_FROM)
  if (!mailer || !from) return 'no_mailer'
  const row = await assignedConversation(db, job)
  if (!row) return 'not_assigned'
  if (await accountFeed(env, job.accountId).userConnected(job.userId)) return 'connected'
  const origin = env.PUBLIC_BASE_URL || 'http://localhost:8787'
  const link = conversationLink(origin, job.accountId, row.displayId)
  const lead = `Conversation #${row.displayId} in ${row.inboxName} (${row.accountName}) was assigned to you.`
  await mailer.send({
    from,
    to: [{ address: row.userEmail, name: row.userName }],
    subject: `Conversation #${row.displayId} was assigned to you`,
    text: `${lead}\n\nOpen it: ${link}\n`,
    html: `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">Open the conversation</a></p>`,
  })
  return 'sent'
}
