import type { Context } from 'hono'
import { botServesInbox } from '../db/queries/agent-bots'
import { findVisibleContact } from '../db/queries/contacts'
import { findConversationByDisplayId } from '../db/queries/conversations'
import type { AppEnv } from '../env'
import { apiError } from '../errors'

/**
 * The id of the agent whose inbox memberships limit what the caller sees, or null when the caller
 * sees the whole account (administrators, and agent bots of the account).
 */
export function restrictedAgentId(c: Context<AppEnv>): number | null {
  const principal = c.var.principal
  return c.var.role === 'agent' && principal.type === 'user' ? principal.id : null
}

/**
 * An agent bot acts only in the inboxes it is the active bot of (users pass): 403 otherwise, as
 * an agent outside an inbox. A bot of the account with no inbox reaches no conversation.
 */
export async function requireBotInbox(c: Context<AppEnv>, inboxId: number) {
  const principal = c.var.principal
  if (principal.type !== 'agent_bot') return
  if (!(await botServesInbox(c.var.db, c.var.accountId, principal.id, inboxId))) {
    throw apiError('forbidden', 'This agent bot is not connected to this inbox')
  }
}

/**
 * The conversation with this display id in the caller's account: 404 when there is none, 403
 * when the caller is an agent outside its inbox, or an agent bot not connected to it.
 */
export async function visibleConversation(c: Context<AppEnv>, displayId: number) {
  const found = await findConversationByDisplayId(
    c.var.db,
    c.var.accountId,
    displayId,
    restrictedAgentId(c),
  )
  if (!found) throw apiError('not_found', `Conversation ${displayId} not found`)
  if (!found.visible) throw apiError('forbidden', 'You are not a member of this inbox')
  await requireBotInbox(c, found.conversation.inboxId)
  return found.conversation
}

/**
 * The contact with this id in the caller's account, with the contact inboxes the caller may
 * see: 404 when there is none or the caller is an agent it is hidden from (`contactVisibleTo`:
 * no contact inbox and no conversation in the agent's inboxes). Every route that takes a
 * contact id loads it through here, so an agent gets the same answer from each.
 */
export async function visibleContact(c: Context<AppEnv>, id: number) {
  const found = await findVisibleContact(c.var.db, c.var.accountId, id, restrictedAgentId(c))
  if (!found) throw apiError('not_found', `Contact ${id} not found`)
  return found
}
