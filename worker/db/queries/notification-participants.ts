import { and, eq, inArray, isNotNull, like, ne } from 'drizzle-orm'
import type { Db } from '../client'
import { messages } from '../schema'
import { MESSAGE_TYPE } from './messages'

/**
 * What makes agents participants of these conversations (Chatwoot's conversation_participants,
 * which Parley derives from the messages rather than storing): the agents who wrote in them,
 * replies and notes alike, and the private notes that mention someone (their content, for the
 * mentions).
 */
export async function participationOf(db: Db, accountId: number, conversationIds: number[]) {
  if (conversationIds.length === 0) return { writers: [], mentioningNotes: [] }
  const ofConversations = and(
    eq(messages.accountId, accountId),
    inArray(messages.conversationId, conversationIds.slice(0, 90)),
  )
  const [writers, mentioningNotes] = await Promise.all([
    db
      .selectDistinct({ conversationId: messages.conversationId, userId: messages.senderId })
      .from(messages)
      .where(
        and(
          ofConversations,
          ne(messages.messageType, MESSAGE_TYPE.activity),
          eq(messages.senderType, 'User'),
          isNotNull(messages.senderId),
        ),
      ),
    db
      .select({ conversationId: messages.conversationId, content: messages.content })
      .from(messages)
      .where(
        and(
          ofConversations,
          eq(messages.private, true),
          like(messages.content, '%](mention://user/%'),
        ),
      ),
  ])
  return { writers, mentioningNotes }
}
