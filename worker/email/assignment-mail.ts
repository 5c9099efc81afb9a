import type { Db } from '../db/client'
import { assignedConversation, assignmentsOfEvents } from '../db/queries/assignment-mail'
import { accountFeed } from '../live/stubs'
import { escapeHtml, readMailFrom } from './agent-mail'
import type { Mailer } from './mailer'

/**
 * A mail to an agent a conversation was just assigned to, when they have no dashboard open on
 * the account (the account feed holds no socket of theirs): otherwise the dashboard shows it.
 * Publishing the assignment's `conversation_updated` queues the job on the continuity queue.
 */

export type AssignmentJob = {
  type: 'assignment'
  accountId: number
  conversationId: number
  userId: number
}

/** Queues a job for each user these just-committed events made an assignee. */
export async function queueAssignmentMail(env: Env, db: Db, accountId: number, eventIds: number[]) {
  if (!readMailFrom(env.MAIL_FROM)) return
  const found: AssignmentJob[] = []
  for (let i = 0; i < eventIds.length; i += 90) {
    for (const a of await assignmentsOfEvents(db, eventIds.slice(i, i + 90))) {
      found.push({ type: 'assignment', accountId, ...a })
    }
  }
  if (found.length > 0) await env.CONTINUITY.sendBatch(found.map((body) => ({ body })))
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
