import { and, eq, gte } from 'drizzle-orm'
import type { Db } from '../client'
import { contacts, conversations, inboxes, messages } from '../schema'
import { MESSAGE_TYPE } from './messages'

/**
 * Whether the conversation has a reply someone wrote to the contact (an agent's or a bot's
 * outgoing, non-private message; automatic template messages do not count), at or after `since`.
 */
export async function hasReplySince(db: Db, conversationId: number, since = 0) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.messageType, MESSAGE_TYPE.outgoing),
        eq(messages.private, false),
        gte(messages.createdAt, since),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** The conversation's contact as the automatic messages need it: blocked, and its email. */
export async function conversationContact(db: Db, accountId: number, conversationId: number) {
  const [row] = await db
    .select({ contactId: contacts.id, email: contacts.email, blocked: contacts.blocked })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
    .limit(1)
  return row ?? null
}

/** A conversation's row, reached through its account. */
export async function conversationRow(db: Db, accountId: number, conversationId: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
    .limit(1)
  return row ?? null
}

/** The conversation's inbox channel and settings. */
export async function conversationInbox(db: Db, accountId: number, conversationId: number) {
  const [row] = await db
    .select({ channelType: inboxes.channelType, settings: inboxes.settings })
    .from(conversations)
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
    .limit(1)
  return row ?? null
}
