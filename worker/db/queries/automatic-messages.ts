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

/**
 * A conversation as a delayed email-collection ask needs it, in one read: its row, its inbox's
 * channel and settings, and its contact's email and blocked flag; reached through its account.
 */
export async function emailCollectSubject(db: Db, accountId: number, conversationId: number) {
  const [row] = await db
    .select({
      conversation: conversations,
      inbox: { channelType: inboxes.channelType, settings: inboxes.settings },
      contact: { email: contacts.email, blocked: contacts.blocked },
    })
    .from(conversations)
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
    .limit(1)
  return row ?? null
}
