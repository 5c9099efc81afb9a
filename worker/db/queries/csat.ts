import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contacts, conversations, csatSurveyResponses, messages, users } from '../schema'
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

/** What a CSAT list or metrics request narrows the answers to. */
export type CsatFilter = {
  accountId: number
  since?: number
  until?: number
  userIds: number[]
  inboxId?: number
  teamId?: number
  rating?: number
  /** An agent sees the answers of its inboxes' conversations only (DESIGN §4); null: all. */
  agentId: number | null
}

export const CSAT_PAGE_SIZE = 25

function conversationScope(f: CsatFilter) {
  return [
    f.inboxId === undefined ? undefined : eq(conversations.inboxId, f.inboxId),
    f.teamId === undefined ? undefined : eq(conversations.teamId, f.teamId),
    f.agentId === null
      ? undefined
      : sql`${conversations.inboxId} in (select inbox_id from inbox_members where account_id = ${f.accountId} and user_id = ${f.agentId})`,
  ]
}

function responsesWhere(f: CsatFilter) {
  return and(
    eq(csatSurveyResponses.accountId, f.accountId),
    f.since === undefined ? undefined : gte(csatSurveyResponses.createdAt, f.since),
    f.until === undefined ? undefined : lt(csatSurveyResponses.createdAt, f.until),
    f.userIds.length === 0 ? undefined : inArray(csatSurveyResponses.assignedAgentId, f.userIds),
    f.rating === undefined ? undefined : eq(csatSurveyResponses.rating, f.rating),
    ...conversationScope(f),
  )
}

/** A page of answers, newest first, with their contact, conversation and rated agent. */
export function listCsatResponses(db: Db, f: CsatFilter, page: number) {
  return db
    .select({
      response: csatSurveyResponses,
      displayId: conversations.displayId,
      contact: {
        id: contacts.id,
        name: contacts.name,
        email: contacts.email,
        phoneNumber: contacts.phoneNumber,
      },
      agent: { id: users.id, name: users.name, displayName: users.displayName, email: users.email },
    })
    .from(csatSurveyResponses)
    .innerJoin(conversations, eq(conversations.id, csatSurveyResponses.conversationId))
    .leftJoin(contacts, eq(contacts.id, csatSurveyResponses.contactId))
    .leftJoin(users, eq(users.id, csatSurveyResponses.assignedAgentId))
    .where(responsesWhere(f))
    .orderBy(desc(csatSurveyResponses.createdAt), desc(csatSurveyResponses.id))
    .limit(CSAT_PAGE_SIZE)
    .offset((page - 1) * CSAT_PAGE_SIZE)
}

/** Answers per rating, and the surveys sent, under the same filter. */
export async function csatMetrics(db: Db, f: CsatFilter) {
  const [ratings, sent] = await db.batch([
    db
      .select({ rating: csatSurveyResponses.rating, count: count() })
      .from(csatSurveyResponses)
      .innerJoin(conversations, eq(conversations.id, csatSurveyResponses.conversationId))
      .where(responsesWhere(f))
      .groupBy(csatSurveyResponses.rating),
    db
      .select({ count: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.accountId, f.accountId),
          // A literal, so SQLite uses the partial index messages_account_csat_idx.
          sql`${messages.contentType} = 'input_csat'`,
          f.since === undefined ? undefined : gte(messages.createdAt, f.since),
          f.until === undefined ? undefined : lt(messages.createdAt, f.until),
          f.userIds.length === 0 ? undefined : inArray(conversations.assigneeId, f.userIds),
          ...conversationScope(f),
        ),
      ),
  ])
  return { ratings, sent: sent[0]?.count ?? 0 }
}
