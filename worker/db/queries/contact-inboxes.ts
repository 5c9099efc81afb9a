import { and, eq, inArray } from 'drizzle-orm'
import { randomToken } from '../../lib/crypto'
import type { Db } from '../client'
import { contactInboxes, inboxes } from '../schema'

export type ContactInboxRow = typeof contactInboxes.$inferSelect

/**
 * Links a contact to an inbox. `source_id` is the contact's id inside that inbox: a random UUID
 * for website and API inboxes unless the caller brings its own; `pubsub_token` authenticates the
 * visitor's live socket.
 */
export function insertContactInboxStatement(
  db: Db,
  values: {
    accountId: number
    contactId: number
    inboxId: number
    sourceId?: string | null
    hmacVerified?: boolean
  },
) {
  return db
    .insert(contactInboxes)
    .values({
      accountId: values.accountId,
      contactId: values.contactId,
      inboxId: values.inboxId,
      sourceId: values.sourceId || crypto.randomUUID(),
      pubsubToken: randomToken(24),
      hmacVerified: values.hmacVerified ?? false,
    })
    .returning()
}

export async function findContactInboxBySource(db: Db, inboxId: number, sourceId: string) {
  const [row] = await db
    .select()
    .from(contactInboxes)
    .where(and(eq(contactInboxes.inboxId, inboxId), eq(contactInboxes.sourceId, sourceId)))
    .limit(1)
  return row
}

export async function findContactInbox(db: Db, contactId: number, inboxId: number) {
  const [row] = await db
    .select()
    .from(contactInboxes)
    .where(and(eq(contactInboxes.contactId, contactId), eq(contactInboxes.inboxId, inboxId)))
    .orderBy(contactInboxes.id)
    .limit(1)
  return row
}

/** A contact's inboxes with the inbox rows, for the contact JSON's `contact_inboxes`. */
export function listContactInboxesWithInbox(db: Db, accountId: number, contactIds: number[]) {
  if (contactIds.length === 0) return Promise.resolve([])
  return db
    .select({ contactInbox: contactInboxes, inbox: inboxes })
    .from(contactInboxes)
    .innerJoin(inboxes, eq(inboxes.id, contactInboxes.inboxId))
    .where(
      and(
        eq(contactInboxes.accountId, accountId),
        // Callers pass one page of contacts (≤ 100 ids), under D1's bound-parameter limit.
        inArray(contactInboxes.contactId, contactIds.slice(0, 100)),
      ),
    )
    .orderBy(contactInboxes.id)
}
