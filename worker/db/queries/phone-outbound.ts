import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../client'
import {
  attachments,
  contactInboxes,
  contacts,
  conversations,
  messages,
  twilioChannels,
} from '../schema'
import { MESSAGE_TYPE } from './messages'
import { phoneInbox, SENDING_PREFIX, sendable, waiting } from './outgoing-mail'

/**
 * Messages on their way out of a phone inbox through Twilio, in the states email replies use
 * (db/queries/outgoing-mail.ts): waiting (`status = 'sent'`, `source_id` null), being sent
 * (`progress`, `sending:<claim>`), sent (`sent`, `source_id` = Twilio's MessageSid), failed
 * (`failed`, `content_attributes.external_error`). The claim, release, record and failure of a
 * claimed message are the mail's own statements, which name the message and its claim only.
 * After the send, Twilio's status callbacks move a sent message on (`phoneStatusStatement`).
 */

/** Claims a waiting phone reply for one send; true when this caller won it. */
export async function claimPhoneReply(db: Db, messageId: number, claim: string, now: number) {
  const rows = await db
    .update(messages)
    .set({ status: 'progress', sourceId: `${SENDING_PREFIX}${claim}`, updatedAt: now })
    .where(and(eq(messages.id, messageId), sendable, waiting, phoneInbox))
    .returning({ id: messages.id })
  return rows.length === 1
}

/** What a text is made of: the message, the inbox's Twilio channel, the contact's address. */
export async function loadPhoneReply(db: Db, messageId: number) {
  const [row] = await db
    .select({
      message: {
        id: messages.id,
        accountId: messages.accountId,
        content: messages.content,
        messageType: messages.messageType,
        additionalAttributes: messages.additionalAttributes,
      },
      channel: {
        accountSid: twilioChannels.twilioAccountSid,
        authTokenEncrypted: twilioChannels.authTokenEncrypted,
        phoneNumber: twilioChannels.phoneNumber,
        messagingServiceSid: twilioChannels.messagingServiceSid,
        medium: twilioChannels.medium,
      },
      contactInboxSourceId: contactInboxes.sourceId,
      optedOutAt: contactInboxes.optedOutAt,
      lastInboundAt: contactInboxes.lastInboundAt,
      contactPhone: contacts.phoneNumber,
    })
    .from(messages)
    .innerJoin(twilioChannels, eq(twilioChannels.inboxId, messages.inboxId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(contactInboxes, eq(contactInboxes.id, conversations.contactInboxId))
    .where(eq(messages.id, messageId))
  if (!row) return null
  const files = await db
    .select({ objectKey: attachments.objectKey, fileName: attachments.fileName })
    .from(attachments)
    .where(eq(attachments.messageId, messageId))
    .orderBy(asc(attachments.id))
  return { ...row, files }
}

export type PhoneReplyRow = NonNullable<Awaited<ReturnType<typeof loadPhoneReply>>>

/** The ids of phone inboxes on this database: the sweeps read their messages by inbox. */
/** The statuses a sent text may be in before it moves to `to`: it never moves backwards. */
const EARLIER_STATUSES = {
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  failed: ['sent'],
} as const

export type PhoneStatus = keyof typeof EARLIER_STATUSES

/**
 * Moves the outgoing message the inbox sent as `messageSid` to `to`, only forwards; a failure
 * records `externalError` in `content_attributes.external_error`. Returns the message's id when
 * it moved (none: unknown, or already as far or further).
 */
export function phoneStatusStatement(
  db: Db,
  target: { inboxId: number; messageSid: string },
  to: PhoneStatus,
  externalError: string | null,
  now: number,
) {
  return db
    .update(messages)
    .set({
      status: to,
      updatedAt: now,
      ...(externalError === null
        ? {}
        : {
            contentAttributes: sql`json_set(${messages.contentAttributes}, '$.external_error', ${externalError})`,
          }),
    })
    .where(
      and(
        eq(messages.inboxId, target.inboxId),
        eq(messages.sourceId, target.messageSid),
        inArray(messages.messageType, [MESSAGE_TYPE.outgoing, MESSAGE_TYPE.template]),
        inArray(messages.status, [...EARLIER_STATUSES[to]]),
      ),
    )
    .returning({ id: messages.id, accountId: messages.accountId })
}

/** The inbox's outgoing message Twilio sent as `messageSid`, with the ids its events carry. */
export async function findSentPhoneMessage(db: Db, inboxId: number, messageSid: string) {
  const [row] = await db
    .select({
      id: messages.id,
      accountId: messages.accountId,
      conversationId: messages.conversationId,
      inboxId: messages.inboxId,
      contactId: conversations.contactId,
      status: messages.status,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.inboxId, inboxId),
        eq(messages.sourceId, messageSid),
        inArray(messages.messageType, [MESSAGE_TYPE.outgoing, MESSAGE_TYPE.template]),
      ),
    )
    .limit(1)
  return row ?? null
}

/**
 * What decides whether a text may go to a conversation's contact now (phone/send-guard.ts): the
 * inbox's medium and the contact inbox's opt-out and last inbound time. Null when the inbox has
 * no Twilio channel.
 */
export async function phoneSendState(db: Db, inboxId: number, contactInboxId: number | null) {
  const [row] = await db
    .select({
      medium: twilioChannels.medium,
      optedOutAt: contactInboxes.optedOutAt,
      lastInboundAt: contactInboxes.lastInboundAt,
    })
    .from(twilioChannels)
    .leftJoin(
      contactInboxes,
      and(
        eq(contactInboxes.id, contactInboxId ?? -1),
        eq(contactInboxes.inboxId, twilioChannels.inboxId),
      ),
    )
    .where(eq(twilioChannels.inboxId, inboxId))
    .limit(1)
  return row ?? null
}
