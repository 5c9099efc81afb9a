import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { loadVisitorConversations, visitorConversationIds } from '../../db/queries/public'
import type { AppEnv } from '../../env'
import { apiError } from '../../errors'
import type { Visitor } from '../../middleware/visitor'
import { toPublicContact, toPublicConversation } from '../../schemas/public'

/** The public client API's sections, one tag each (the visitor's live socket is under Live). */
export const publicTags = {
  inboxes: ['Public Inboxes'],
  contacts: ['Public Contacts'],
  conversations: ['Public Conversations'],
  messages: ['Public Messages'],
  live: ['Live'],
}
export const inboxPath = '/public/api/v1/inboxes/{inbox_identifier}'
export const contactPath = `${inboxPath}/contacts/{source_id}`
export const conversationsPath = `${contactPath}/conversations`
export const conversationPath = `${conversationsPath}/{conversation_id}`

/** Said once in every operation's description: how a visitor is named. */
export const capability =
  'No token: the inbox identifier and the contact source_id name the visitor. Unknown or ' +
  "another visitor's identifiers are 404."

/** The visitor's conversations (newest 20, oldest first), or one of them, as it sees them. */
export async function visitorConversationsJson(
  c: Context<AppEnv>,
  visitor: Visitor,
  conversationId?: number,
) {
  const db = c.var.db
  const ids =
    conversationId === undefined
      ? visitorConversationIds(db, visitor.contactInbox)
      : sql`(${conversationId})`
  const contact = toPublicContact(visitor.contactInbox, visitor.contact)
  const loaded = await loadVisitorConversations(db, ids)
  return loaded.map((l) => toPublicConversation(l.conversation, l.messages, contact, c.req.url))
}

export async function visitorConversationJson(
  c: Context<AppEnv>,
  visitor: Visitor,
  conversationId: number,
) {
  const [json] = await visitorConversationsJson(c, visitor, conversationId)
  if (!json) throw apiError('not_found', 'Conversation not found')
  return json
}
