import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { accounts, contacts, conversations, inboundMailIds, inboxes, messages } from '../schema'
import { MESSAGE_TYPE } from './messages'

/** The account's inbox, with its account, by the identifier of its forwarding address. */
export async function findEmailInboxByIdentifier(db: Db, accountId: number, identifier: string) {
  const [row] = await db
    .select()
    .from(inboxes)
    .where(
      and(
        eq(inboxes.accountId, accountId),
        eq(inboxes.identifier, identifier),
        eq(inboxes.channelType, 'email'),
      ),
    )
    .limit(1)
  return row
}

/** Whether the account takes mail: its shard's copy of the account, suspended shards first. */
export async function isAccountActive(db: Db, accountId: number) {
  const [row] = await db
    .select({ status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1)
  return row?.status === 'active'
}

/** A conversation of the account by its uuid (a reply+ address names both). */
export async function findConversationOfAccountByUuid(db: Db, accountId: number, uuid: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.uuid, uuid)))
    .limit(1)
  return row
}

/** Emails are stored lowercased (contacts.email). */
export async function findContactByEmail(db: Db, accountId: number, email: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.email, email.toLowerCase())))
    .limit(1)
  return row
}

/** The id of the contact a batch inserts earlier, named by its account and email. */
export const contactIdByEmail = (accountId: number, email: string) =>
  sql<number>`(select id from contacts where account_id = ${accountId} and email = ${email.toLowerCase()})`

// A stored id may be kept with or without its angle brackets (what a send returned, as is).
const spellings = (ids: string[]) => ids.flatMap((id) => [id, `<${id}>`])

/**
 * The conversation of the inbox a mail quoting `ids` (In-Reply-To, References) belongs to: the
 * latest message carrying one of them, when it is one of ours (outgoing) or the customer's own
 * (`contactId` wrote it; a Message-ID is seen by everyone the mail went to, so another sender
 * quoting it does not join the customer's thread).
 */
export async function findThreadConversation(
  db: Db,
  accountId: number,
  inboxId: number,
  ids: string[],
  contactId: number | null,
) {
  if (ids.length === 0) return undefined
  const ours = eq(messages.messageType, MESSAGE_TYPE.outgoing)
  const theirs =
    contactId === null
      ? undefined
      : and(
          eq(messages.messageType, MESSAGE_TYPE.incoming),
          eq(messages.senderType, 'Contact'),
          eq(messages.senderId, contactId),
        )
  const [row] = await db
    .select({ conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.inboxId, inboxId),
        inArray(messages.sourceId, spellings(ids)),
        eq(messages.accountId, accountId),
        eq(conversations.accountId, accountId),
        theirs ? or(ours, theirs) : ours,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1)
  return row?.conversation
}

/** The message an inbox made of the mail with this Message-ID, if it took it in already. */
export async function findInboundMail(db: Db, inboxId: number, mailId: string) {
  const [row] = await db
    .select({ messageId: inboundMailIds.messageId })
    .from(inboundMailIds)
    .where(and(eq(inboundMailIds.inboxId, inboxId), eq(inboundMailIds.mailId, mailId)))
    .limit(1)
  return row
}

export function insertInboundMailStatement(
  db: Db,
  values: { accountId: number; inboxId: number; mailId: string; messageId: SQL | number },
) {
  return db.insert(inboundMailIds).values(values)
}

export const isInboundMailConflict = (error: unknown) => {
  const text = (e: unknown) => (e instanceof Error ? e.message : '')
  const cause = error instanceof Error ? error.cause : undefined
  return /UNIQUE constraint failed: inbound_mail_ids\./.test(`${text(error)} ${text(cause)}`)
}
