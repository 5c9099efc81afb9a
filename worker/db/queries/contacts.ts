import { and, asc, eq, exists, inArray, ne, or, type SQLWrapper, sql } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { contactInboxes, contacts, conversations, inboxes, inboxMembers } from '../schema'

export type ContactRow = typeof contacts.$inferSelect
export type NewContact = typeof contacts.$inferInsert

/**
 * The contact belongs to an inbox the agent is a member of: it has a contact inbox or a
 * conversation there. Undefined (no restriction) for administrators.
 */
export function contactVisibleTo(db: Db, agentId: number | null) {
  if (agentId === null) return undefined
  const member = (inboxId: typeof contactInboxes.inboxId | typeof conversations.inboxId) =>
    and(eq(inboxMembers.inboxId, inboxId), eq(inboxMembers.userId, agentId))
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(contactInboxes)
        .innerJoin(inboxMembers, member(contactInboxes.inboxId))
        .where(eq(contactInboxes.contactId, contacts.id)),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(conversations)
        .innerJoin(inboxMembers, member(conversations.inboxId))
        .where(eq(conversations.contactId, contacts.id)),
    ),
  )
}

/**
 * The inbox is one the agent is a member of; undefined (no restriction) for administrators.
 * An agent is shown only these contact inboxes of a contact it sees: a contact inbox's
 * `source_id` is the visitor's credential in its inbox.
 */
export function inboxOfAgent(db: Db, inboxId: SQLWrapper, agentId: number | null) {
  if (agentId === null) return undefined
  return exists(
    db
      .select({ one: sql`1` })
      .from(inboxMembers)
      .where(and(eq(inboxMembers.inboxId, inboxId), eq(inboxMembers.userId, agentId))),
  )
}

/** A contact inbox with its inbox, as much as the contact JSON's `contact_inboxes` shows. */
export type ContactInboxWithInbox = {
  contactInbox: Pick<typeof contactInboxes.$inferSelect, 'id' | 'sourceId'>
  inbox: Pick<typeof inboxes.$inferSelect, 'id' | 'name' | 'channelType'>
}

/**
 * The contact's contact inboxes and their inboxes as one JSON array of value arrays, read along
 * with the row: only what the contact JSON shows (an inbox's settings can be large), and for an
 * agent only those of its inboxes (`inboxOfAgent`).
 */
export function linksOf(db: Db, contactId: SQLWrapper, agentId: number | null) {
  const links = db
    .select({
      links: sql`json_group_array(json_array(${contactInboxes.id}, ${contactInboxes.sourceId}, ${inboxes.id}, ${inboxes.name}, ${inboxes.channelType}))`,
    })
    .from(contactInboxes)
    .innerJoin(inboxes, eq(inboxes.id, contactInboxes.inboxId))
    .where(
      and(
        eq(contactInboxes.contactId, contactId),
        inboxOfAgent(db, contactInboxes.inboxId, agentId),
      ),
    )
  return sql<string>`(${links})`
}

type LinkValues = [number, string, number, string, ContactInboxWithInbox['inbox']['channelType']]

function parseLinks(json: string): ContactInboxWithInbox[] {
  return (JSON.parse(json) as LinkValues[])
    .map(([id, sourceId, inboxId, name, channelType]) => ({
      contactInbox: { id, sourceId },
      inbox: { id: inboxId, name, channelType },
    }))
    .sort((a, b) => a.contactInbox.id - b.contactInbox.id)
}

export const withLinks = ({ contact, links }: { contact: ContactRow; links: string }) => ({
  contact,
  contactInboxes: parseLinks(links),
})

/**
 * The contact with the contact inboxes the caller may see, in one query; undefined when the
 * contact is not in the account or not visible to the agent (`contactVisibleTo`).
 */
export async function findVisibleContact(
  db: Db,
  accountId: number,
  id: number,
  agentId: number | null,
) {
  const [row] = await db
    .select({ contact: contacts, links: linksOf(db, contacts.id, agentId) })
    .from(contacts)
    .where(
      and(eq(contacts.accountId, accountId), eq(contacts.id, id), contactVisibleTo(db, agentId)),
    )
    .limit(1)
  return row ? withLinks(row) : undefined
}

/** Contacts of the account other than `exceptId` already holding one of these values. */
export function findUniqueClashes(
  db: Db,
  accountId: number,
  values: { email?: string | null; phoneNumber?: string | null; identifier?: string | null },
  exceptId?: number,
) {
  const conditions = [
    values.email ? eq(contacts.email, values.email) : undefined,
    values.phoneNumber ? eq(contacts.phoneNumber, values.phoneNumber) : undefined,
    values.identifier ? eq(contacts.identifier, values.identifier) : undefined,
  ].filter((c) => c !== undefined)
  if (conditions.length === 0) return Promise.resolve([])
  return db
    .select({
      email: contacts.email,
      phoneNumber: contacts.phoneNumber,
      identifier: contacts.identifier,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.accountId, accountId),
        or(...conditions),
        exceptId === undefined ? undefined : ne(contacts.id, exceptId),
      ),
    )
    .limit(3)
}

/**
 * The id of the contact the same batch has just inserted: ids only grow (AUTOINCREMENT) and a
 * batch is one transaction, so it is the largest.
 */
export const insertedContactId = sql<number>`(select max(${contacts.id}) from ${contacts})`

export function insertContactStatement(db: Db, values: NewContact) {
  return db.insert(contacts).values(values).returning()
}

export function updateContactStatement(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<NewContact>,
) {
  return db
    .update(contacts)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id)))
    .returning()
}

/** Deletes the contact; its conversations, contact inboxes and labels go with it (FK cascades). */
export function deleteContactStatement(db: Db, accountId: number, id: number) {
  return db
    .delete(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id)))
    .returning({ id: contacts.id, avatarKey: contacts.avatarKey })
}

/**
 * The account's website and API inboxes the caller can see, each with the contact's source id
 * there (null when the contact has no contact inbox in it yet).
 */
export function listContactableInboxes(
  db: Db,
  accountId: number,
  contactId: number,
  agentId: number | null,
) {
  const link = db
    .select({ sourceId: contactInboxes.sourceId })
    .from(contactInboxes)
    .where(and(eq(contactInboxes.contactId, contactId), eq(contactInboxes.inboxId, inboxes.id)))
    .orderBy(contactInboxes.id)
    .limit(1)
  const sourceId = sql<string | null>`(${link})`
  return db
    .select({ inbox: inboxes, sourceId })
    .from(inboxes)
    .where(
      and(
        eq(inboxes.accountId, accountId),
        inArray(inboxes.channelType, ['web_widget', 'api']),
        inboxOfAgent(db, inboxes.id, agentId),
      ),
    )
    .orderBy(asc(inboxes.name), asc(inboxes.id))
}
