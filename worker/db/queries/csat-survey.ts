import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { accounts, conversations, csatSurveyResponses, inboxes, messages } from '../schema'

/**
 * A conversation's CSAT survey as the public rating page shows it, by the conversation's uuid
 * (the page's capability): the survey message (the first input_csat one), the inbox's name, the
 * account's locale and the stored answer, if any. Undefined for an unknown uuid or a
 * conversation never surveyed.
 */
export async function findCsatSurveyPage(db: Db, uuid: string) {
  const [row] = await db
    .select({
      conversation: conversations,
      message: messages,
      inboxName: inboxes.name,
      locale: accounts.locale,
      response: {
        id: csatSurveyResponses.id,
        rating: csatSurveyResponses.rating,
        feedbackMessage: csatSurveyResponses.feedbackMessage,
      },
    })
    .from(conversations)
    .innerJoin(
      messages,
      and(
        eq(messages.conversationId, conversations.id),
        eq(messages.contentType, 'input_csat'),
        sql`${messages.deletedAt} is null`,
      ),
    )
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .innerJoin(accounts, eq(accounts.id, conversations.accountId))
    .leftJoin(csatSurveyResponses, eq(csatSurveyResponses.messageId, messages.id))
    .where(eq(conversations.uuid, uuid))
    .orderBy(messages.id)
    .limit(1)
  return row
}

export type CsatSurveyPage = NonNullable<Awaited<ReturnType<typeof findCsatSurveyPage>>>
