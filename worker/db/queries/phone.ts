import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import {
  contactInboxes,
  contacts,
  conversations,
  inboundPhoneMessageIds,
  inboxes,
  twilioChannels,
} from '../schema'

export type TwilioChannelRow = typeof twilioChannels.$inferSelect
export type NewTwilioChannel = Omit<typeof twilioChannels.$inferInsert, 'inboxId'>

/**
 * A phone inbox and its Twilio channel in one batch: the channel names the inbox inserted just
 * before it (the batch is one transaction), and a sender already taken fails both.
 */
export function insertPhoneInboxStatements(
  db: Db,
  inbox: typeof inboxes.$inferInsert,
  channel: NewTwilioChannel,
) {
  return [
    db.insert(inboxes).values(inbox).returning(),
    db
      .insert(twilioChannels)
      .values({ ...channel, inboxId: sql`(select max(id) from inboxes)` as unknown as number }),
  ] as const
}

export const isTwilioSenderConflict = (error: unknown) => {
  const text = (e: unknown) => (e instanceof Error ? e.message : '')
  const cause = error instanceof Error ? error.cause : undefined
  return /UNIQUE constraint failed: twilio_channels\./.test(`${text(error)} ${text(cause)}`)
}

export async function findTwilioChannel(db: Db, accountId: number, inboxId: number) {
  const [row] = await db
    .select()
    .from(twilioChannels)
    .where(and(eq(twilioChannels.accountId, accountId), eq(twilioChannels.inboxId, inboxId)))
    .limit(1)
  return row
}

/**
 * The account's phone inbox Twilio's webhook names: by its Messaging Service when it sends
 * through one, else by the number (without `whatsapp:`).
 */
export async function findTwilioInbox(
  db: Db,
  accountId: number,
  sender: { accountSid: string; phoneNumber: string | null; messagingServiceSid: string | null },
) {
  const bySender = sender.messagingServiceSid
    ? eq(twilioChannels.messagingServiceSid, sender.messagingServiceSid)
    : sender.phoneNumber
      ? eq(twilioChannels.phoneNumber, sender.phoneNumber)
      : undefined
  if (!bySender) return undefined
  const [row] = await db
    .select({ channel: twilioChannels, inbox: inboxes })
    .from(twilioChannels)
    .innerJoin(inboxes, eq(inboxes.id, twilioChannels.inboxId))
    .where(
      and(
        eq(twilioChannels.accountId, accountId),
        eq(inboxes.accountId, accountId),
        eq(twilioChannels.twilioAccountSid, sender.accountSid),
        bySender,
      ),
    )
    .limit(1)
  return row
}

export async function findInboundPhoneMessage(db: Db, inboxId: number, messageSid: string) {
  const [row] = await db
    .select({ messageId: inboundPhoneMessageIds.messageId })
    .from(inboundPhoneMessageIds)
    .where(
      and(
        eq(inboundPhoneMessageIds.inboxId, inboxId),
        eq(inboundPhoneMessageIds.messageSid, messageSid),
      ),
    )
    .limit(1)
  return row
}

export function insertInboundPhoneMessageStatement(
  db: Db,
  values: { accountId: number; inboxId: number; messageSid: string; messageId: SQL | number },
) {
  return db.insert(inboundPhoneMessageIds).values(values)
}

export const isInboundPhoneMessageConflict = (error: unknown) => {
  const text = (e: unknown) => (e instanceof Error ? e.message : '')
  const cause = error instanceof Error ? error.cause : undefined
  return /UNIQUE constraint failed: inbound_phone_message_ids\./.test(
    `${text(error)} ${text(cause)}`,
  )
}

export async function findContactByPhone(db: Db, accountId: number, phoneNumber: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.phoneNumber, phoneNumber)))
    .limit(1)
  return row
}

export const contactIdByPhone = (accountId: number, phoneNumber: string) =>
  sql<number>`(select id from contacts where account_id = ${accountId} and phone_number = ${phoneNumber})`

export async function findPhoneContactInbox(db: Db, inboxId: number, sourceId: string) {
  const [row] = await db
    .select()
    .from(contactInboxes)
    .where(and(eq(contactInboxes.inboxId, inboxId), eq(contactInboxes.sourceId, sourceId)))
    .limit(1)
  return row
}

/**
 * The conversation a text joins (Chatwoot's Twilio intake): the contact inbox's latest one that
 * is not resolved, or its latest of all when the inbox locks contacts to one conversation.
 */
export async function findPhoneConversation(
  db: Db,
  accountId: number,
  contactInboxId: number,
  anyStatus: boolean,
) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, accountId),
        eq(conversations.contactInboxId, contactInboxId),
        anyStatus ? undefined : ne(conversations.status, 'resolved'),
      ),
    )
    .orderBy(desc(conversations.id))
    .limit(1)
  return row
}

/** Stamps the contact inbox (by id or by its source) with its opt-out and last inbound time. */
export function updatePhoneContactInboxStatement(
  db: Db,
  contactInbox: { inboxId: number; sourceId: string },
  values: { optedOutAt?: number | null; lastInboundAt: number },
) {
  return db
    .update(contactInboxes)
    .set(values)
    .where(
      and(
        eq(contactInboxes.inboxId, contactInbox.inboxId),
        eq(contactInboxes.sourceId, contactInbox.sourceId),
      ),
    )
}
