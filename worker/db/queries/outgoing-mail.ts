import { and, asc, eq, inArray, isNotNull, isNull, like, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../client'
import {
  agentBots,
  attachments,
  contacts,
  conversations,
  inboxes,
  messages,
  twilioChannels,
  users,
} from '../schema'
import { MESSAGE_TYPE } from './messages'

/**
 * The states of an agent's reply on an email conversation on its way out as mail:
 * - waiting: `status = 'sent'`, `source_id` null (as created, or put back by a retry);
 * - being sent: `status = 'progress'`, `source_id = 'sending:<claim>'` (one consumer claimed it);
 * - sent: `status = 'sent'`, `source_id` = the id the mail service gave the mail;
 * - failed: `status = 'failed'`, `content_attributes.external_error` = the reason.
 * An outgoing message created with its own `source_id` counts as delivered already.
 */
export const SENDING_PREFIX = 'sending:'

export const emailInbox = sql`exists (select 1 from ${inboxes} where ${inboxes.id} = ${messages.inboxId} and ${inboxes.channelType} = 'email')`

// An agent's reply, or the CSAT survey's link on an email conversation: an automatic message
// (template) is mailed only when it is that one (echo_id of automation/automatic-message.ts).
export const mailable = and(
  or(
    eq(messages.messageType, MESSAGE_TYPE.outgoing),
    and(eq(messages.messageType, MESSAGE_TYPE.template), eq(messages.echoId, 'parley:csat')),
  ),
  eq(messages.private, false),
  isNull(messages.deletedAt),
)

// An agent's or bot's public reply, or an automatic message (template): all go out as texts.
export const sendable = and(
  or(
    eq(messages.messageType, MESSAGE_TYPE.outgoing),
    eq(messages.messageType, MESSAGE_TYPE.template),
  ),
  eq(messages.private, false),
  isNull(messages.deletedAt),
)

export const waiting = and(eq(messages.status, 'sent'), isNull(messages.sourceId))

/** Claims a waiting reply for one send; true when this caller won it. */
export async function claimReply(db: Db, messageId: number, claim: string, now: number) {
  const rows = await db
    .update(messages)
    .set({ status: 'progress', sourceId: `${SENDING_PREFIX}${claim}`, updatedAt: now })
    .where(and(eq(messages.id, messageId), mailable, waiting, emailInbox))
    .returning({ id: messages.id })
  return rows.length === 1
}

const claimedBy = (messageId: number, claim: string) =>
  and(eq(messages.id, messageId), eq(messages.sourceId, `${SENDING_PREFIX}${claim}`))

/** Puts a claimed reply back to waiting, for the queue's retry to claim again. */
export function releaseReply(db: Db, messageId: number, claim: string, now: number) {
  return db
    .update(messages)
    .set({ status: 'sent', sourceId: null, updatedAt: now })
    .where(claimedBy(messageId, claim))
}

/** Records a claimed reply as sent, with the id the mail service gave it. */
export function recordSentReply(
  db: Db,
  messageId: number,
  claim: string,
  mailId: string,
  now: number,
) {
  return db
    .update(messages)
    .set({ status: 'sent', sourceId: mailId, updatedAt: now })
    .where(claimedBy(messageId, claim))
}

/**
 * Marks a reply failed with the reason in `content_attributes.external_error`: a claimed one
 * (`claim`), or, with no claim, one still waiting or being sent (the sweep, the dead letters).
 */
export function failReplyStatement(
  db: Db,
  messageId: number,
  claim: string | null,
  reason: string,
  now: number,
) {
  const which = claim
    ? claimedBy(messageId, claim)
    : and(
        eq(messages.id, messageId),
        sql`${messages.status} in ('sent', 'progress')`,
        sql`(${messages.sourceId} is null or ${messages.sourceId} like ${`${SENDING_PREFIX}%`})`,
      )
  return db
    .update(messages)
    .set({
      status: 'failed',
      sourceId: null,
      contentAttributes: sql`json_set(${messages.contentAttributes}, '$.external_error', ${reason})`,
      updatedAt: now,
    })
    .where(which)
    .returning({ id: messages.id })
}

/** A message of a phone inbox (Twilio), whose texts take the same states and retries. */
export const phoneInbox = sql`exists (select 1 from ${twilioChannels} where ${twilioChannels.inboxId} = ${messages.inboxId})`

/** Puts a failed reply of the account back to waiting, its external error removed. */
export function retryReplyStatement(db: Db, accountId: number, messageId: number, now: number) {
  return db
    .update(messages)
    .set({
      status: 'sent',
      sourceId: null,
      contentAttributes: sql`json_remove(${messages.contentAttributes}, '$.external_error')`,
      updatedAt: now,
    })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.accountId, accountId),
        eq(messages.status, 'failed'),
        mailable,
        or(emailInbox, phoneInbox),
      ),
    )
    .returning({ id: messages.id })
}

/** What a reply's mail is made of: the message, its conversation, inbox, contact and sender. */
export async function loadReply(db: Db, messageId: number) {
  const [row] = await db
    .select({
      message: messages,
      conversation: {
        displayId: conversations.displayId,
        uuid: conversations.uuid,
        additionalAttributes: conversations.additionalAttributes,
      },
      inbox: { name: inboxes.name, email: inboxes.email, settings: inboxes.settings },
      contact: { name: contacts.name, email: contacts.email },
      userName: sql<string | null>`coalesce(nullif(${users.displayName}, ''), ${users.name})`,
      botName: agentBots.name,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(inboxes, eq(inboxes.id, messages.inboxId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(users, and(eq(messages.senderType, 'User'), eq(users.id, messages.senderId)))
    .leftJoin(
      agentBots,
      and(eq(messages.senderType, 'AgentBot'), eq(agentBots.id, messages.senderId)),
    )
    .where(eq(messages.id, messageId))
  if (!row) return null
  const files = await db
    .select({
      objectKey: attachments.objectKey,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
    })
    .from(attachments)
    .where(eq(attachments.messageId, messageId))
    .orderBy(asc(attachments.id))
  return { ...row, files }
}

export type ReplyRow = NonNullable<Awaited<ReturnType<typeof loadReply>>>

/**
 * The mail ids of a conversation before a message, in order: the customer's Message-IDs and the
 * ids of what we sent, with each one's direction and the subject of incoming mail.
 */
export function conversationMailIds(db: Db, conversationId: number, beforeMessageId: number) {
  return db
    .select({
      sourceId: messages.sourceId,
      messageType: messages.messageType,
      subject: sql<string | null>`json_extract(${messages.contentAttributes}, '$.email.subject')`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        lt(messages.id, beforeMessageId),
        isNotNull(messages.sourceId),
        sql`${messages.sourceId} not like ${`${SENDING_PREFIX}%`}`,
        inArray(messages.messageType, [MESSAGE_TYPE.incoming, MESSAGE_TYPE.outgoing]),
        eq(messages.private, false),
      ),
    )
    .orderBy(asc(messages.id))
}

/** The ids of email inboxes on this database: the sweeps read their messages by inbox. */
/** The channels whose replies leave through a queue: mail on email inboxes, texts on phone ones. */
export type OutgoingChannelKind = 'email' | 'phone'

async function channelInboxIds(db: Db, channel: OutgoingChannelKind) {
  const rows =
    channel === 'email'
      ? await db.select({ id: inboxes.id }).from(inboxes).where(eq(inboxes.channelType, 'email'))
      : await db.select({ id: twilioChannels.inboxId }).from(twilioChannels)
  return rows.map((r) => r.id)
}

/** What of a channel's messages goes out at all: mail's replies and survey, every text. */
const goesOut = (channel: OutgoingChannelKind) => (channel === 'email' ? mailable : sendable)

/**
 * Replies waiting since before `before` (but not since before `notBefore`, which a retry or a
 * sweep's re-queue moves forward): their queue message was lost. Read through (inbox_id,
 * source_id), so only email inboxes' rows without an id are seen.
 */
export async function strandedWaitingReplies(
  db: Db,
  channel: OutgoingChannelKind,
  before: number,
  notBefore: number,
  limit: number,
) {
  const inboxIds = await channelInboxIds(db, channel)
  if (inboxIds.length === 0) return []
  return db
    .select({ id: messages.id, accountId: messages.accountId })
    .from(messages)
    .where(
      and(
        inArray(messages.inboxId, inboxIds),
        waiting,
        goesOut(channel),
        lt(messages.updatedAt, before),
        sql`${messages.updatedAt} >= ${notBefore}`,
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit)
}

/**
 * Replies claimed before `before` and never recorded: the send may or may not have happened.
 * With the claim's `source_id` (`sending:<claim>`), so only that claim is ended.
 */
export async function interruptedReplies(
  db: Db,
  channel: OutgoingChannelKind,
  before: number,
  limit: number,
) {
  const inboxIds = await channelInboxIds(db, channel)
  if (inboxIds.length === 0) return []
  return db
    .select({ id: messages.id, accountId: messages.accountId, sourceId: messages.sourceId })
    .from(messages)
    .where(
      and(
        inArray(messages.inboxId, inboxIds),
        eq(messages.status, 'progress'),
        like(messages.sourceId, `${SENDING_PREFIX}%`),
        lt(messages.updatedAt, before),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit)
}

/** Marks replies waited on since before `before` as due again from `now` (the sweep re-queues). */
export function touchReplies(db: Db, ids: number[], now: number) {
  return db.update(messages).set({ updatedAt: now }).where(inArray(messages.id, ids))
}
