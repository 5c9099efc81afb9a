import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contacts, conversations, csatSurveyResponses, messages } from '../schema'
import { MESSAGE_TYPE } from './messages'

/** What decides whether a resolved conversation gets a survey, besides its inbox's setting. */
export async function csatSurveyEligibility(db: Db, conversationId: number) {
  const [row] = await db
    .select({
      contactBlocked: contacts.blocked,
      hasIncoming: sql<number>`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id}
        and ${messages.messageType} = ${MESSAGE_TYPE.incoming} and ${messages.deletedAt} is null)`,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(eq(conversations.id, conversationId))
    .limit(1)
  return row ? { contactBlocked: row.contactBlocked, hasIncoming: Boolean(row.hasIncoming) } : null
}

export type CsatAnswer = {
  accountId: number
  conversationId: number
  messageId: number
  contactId: number
  assignedAgentId: number | null
  rating: number
  feedbackMessage: string | null
  now: number
}

/**
 * Records a survey's answer: one row per survey message, rewritten (rating, comment, the agent
 * holding the conversation now) when the visitor answers again.
 */
export function upsertCsatResponseStatement(db: Db, answer: CsatAnswer) {
  return db
    .insert(csatSurveyResponses)
    .values({
      accountId: answer.accountId,
      conversationId: answer.conversationId,
      messageId: answer.messageId,
      contactId: answer.contactId,
      assignedAgentId: answer.assignedAgentId,
      rating: answer.rating,
      feedbackMessage: answer.feedbackMessage,
      createdAt: answer.now,
      updatedAt: answer.now,
    })
    .onConflictDoUpdate({
      target: csatSurveyResponses.messageId,
      set: {
        rating: answer.rating,
        feedbackMessage: answer.feedbackMessage,
        assignedAgentId: answer.assignedAgentId,
        updatedAt: answer.now,
      },
    })
}

/** A conversation's CSAT survey message, by the conversation's uuid (the public rating page). */
export async function findCsatSurvey(db: Db, uuid: string) {
  const [row] = await db
    .select({ conversation: conversations, message: messages })
    .from(conversations)
    .innerJoin(
      messages,
      and(
        eq(messages.conversationId, conversations.id),
        eq(messages.contentType, 'input_csat'),
        sql`${messages.deletedAt} is null`,
      ),
    )
    .where(eq(conversations.uuid, uuid))
    .orderBy(messages.id)
    .limit(1)
  return row
}
