import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../client'
import {
  accounts,
  agentBots,
  contacts,
  conversations,
  events,
  inboxes,
  messages,
  users,
} from '../schema'
import { MESSAGE_TYPE } from './messages'

/**
 * Conversation continuity (worker/email/continuity.ts): an agent's replies on a website
 * conversation, mailed to a visitor who has left. A reply that went (or is going) out carries
 * `external_source_ids.continuity_mail` = the claim of the job that sends it; the claim is set
 * by a conditional update, so two jobs never send the same reply.
 */

const widgetInbox = sql`exists (select 1 from ${inboxes} where ${inboxes.id} = ${messages.inboxId} and ${inboxes.channelType} = 'web_widget')`

const publicReply = and(
  eq(messages.messageType, MESSAGE_TYPE.outgoing),
  eq(messages.private, false),
  isNull(messages.deletedAt),
)

const CLAIM_PATH = '$.continuity_mail'
const unclaimed = sql`json_extract(${messages.externalSourceIds}, ${CLAIM_PATH}) is null`

/** Of these events, the website conversations an agent's public reply was created in. */
export async function continuityConversationsOfEvents(db: Db, eventIds: number[]) {
  const rows = await db
    .selectDistinct({ conversationId: messages.conversationId })
    .from(events)
    .innerJoin(messages, eq(messages.id, events.messageId))
    .where(
      and(
        inArray(events.id, eventIds),
        eq(events.kind, 'message_created'),
        publicReply,
        widgetInbox,
      ),
    )
  return rows.map((row) => row.conversationId)
}

/** What a continuity mail needs of its conversation: its inbox, contact and last known page. */
export async function continuityConversation(db: Db, accountId: number, conversationId: number) {
  const [row] = await db
    .select({
      uuid: conversations.uuid,
      displayId: conversations.displayId,
      contactLastSeenAt: conversations.contactLastSeenAt,
      additionalAttributes: conversations.additionalAttributes,
      inboxName: inboxes.name,
      channelType: inboxes.channelType,
      inboxSettings: inboxes.settings,
      contactName: contacts.name,
      contactEmail: contacts.email,
      supportEmail: accounts.supportEmail,
    })
    .from(conversations)
    .innerJoin(accounts, eq(accounts.id, conversations.accountId))
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)))
    .limit(1)
  return row
}

/**
 * Claims the conversation's public replies that the visitor has not seen (created after their
 * last read) and no job has claimed yet; returns them oldest first. At most `limit`.
 */
export async function claimUnseenReplies(
  db: Db,
  target: { accountId: number; conversationId: number; seenAt: number | null },
  claim: string,
  limit = 50,
) {
  const candidates = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, target.accountId),
        eq(messages.conversationId, target.conversationId),
        publicReply,
        unclaimed,
        target.seenAt === null ? undefined : gt(messages.createdAt, target.seenAt),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit)
  const rows = await db
    .update(messages)
    .set({
      externalSourceIds: sql`json_set(${messages.externalSourceIds}, ${CLAIM_PATH}, ${claim})`,
    })
    .where(and(inArray(messages.id, candidates), unclaimed))
    .returning({ id: messages.id, content: messages.content, createdAt: messages.createdAt })
  return rows.sort((a, b) => a.id - b.id)
}

/** The name of a reply's agent (or bot), for the mail's sender name; null when it has none. */
export async function replySenderName(db: Db, messageId: number) {
  const [row] = await db
    .select({
      name: sql<
        string | null
      >`coalesce(nullif(${users.displayName}, ''), ${users.name}, ${agentBots.name})`,
    })
    .from(messages)
    .leftJoin(users, and(eq(messages.senderType, 'User'), eq(users.id, messages.senderId)))
    .leftJoin(
      agentBots,
      and(eq(messages.senderType, 'AgentBot'), eq(agentBots.id, messages.senderId)),
    )
    .where(eq(messages.id, messageId))
  return row?.name ?? null
}

/** Gives back the replies a job claimed and could not send, for a later job to claim. */
export function releaseClaim(db: Db, accountId: number, ids: number[], claim: string) {
  return db
    .update(messages)
    .set({ externalSourceIds: sql`json_remove(${messages.externalSourceIds}, ${CLAIM_PATH})` })
    .where(
      and(
        eq(messages.accountId, accountId),
        inArray(messages.id, ids),
        sql`json_extract(${messages.externalSourceIds}, ${CLAIM_PATH}) = ${claim}`,
      ),
    )
}
