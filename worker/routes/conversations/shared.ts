import type { Context } from 'hono'
import { loadConversationViews, loadConversationWithMessages } from '../../db/queries/conversations'
import type { MessageCursor } from '../../db/queries/messages'
import type { AppEnv } from '../../env'
import { apiError } from '../../errors'
import { restrictedAgentId } from '../../middleware/access'
import { AccountIdParamsSchema, IdSchema } from '../../schemas/common'
import { toConversation } from '../../schemas/conversations'

export const tags = ['Conversations']
export const base = '/api/v1/accounts/{account_id}/conversations'
export const one = `${base}/{conversation_id}`

export const ConversationParamsSchema = AccountIdParamsSchema.extend({
  conversation_id: IdSchema.openapi({
    param: { name: 'conversation_id', in: 'path' },
    description: "The conversation's display id",
    example: 1,
  }),
})

/** The conversation's JSON as it is now in D1 (after a write). */
export async function conversationJson(c: Context<AppEnv>, conversationId: number) {
  const [view] = await loadConversationViews(c.var.db, c.var.accountId, [conversationId])
  if (!view) throw apiError('not_found')
  return toConversation(view, c.req.url)
}

/**
 * A conversation the caller may see, its view and its messages (a page by `cursor`, or the
 * details' `'details'`), in one round trip: 404 when there is none, 403 for an agent outside
 * its inbox (as `visibleConversation`).
 */
export async function visibleConversationWithMessages(
  c: Context<AppEnv>,
  displayId: number,
  cursor: MessageCursor | 'details',
) {
  const loaded = await loadConversationWithMessages(
    c.var.db,
    c.var.accountId,
    displayId,
    restrictedAgentId(c),
    cursor,
  )
  if (!loaded.found || !loaded.view) {
    throw apiError('not_found', `Conversation ${displayId} not found`)
  }
  if (!loaded.found.visible) throw apiError('forbidden', 'You are not a member of this inbox')
  return { conversation: loaded.found.conversation, view: loaded.view, messages: loaded.messages }
}
