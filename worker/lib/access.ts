import type { Context } from 'hono'
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
 * The conversation with this display id in the caller's account: 404 when there is none, 403
 * when the caller is an agent outside its inbox.
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
  return found.conversation
}
