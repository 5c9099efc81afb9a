import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../client'
import {
  attachments,
  contactExports,
  contactImports,
  contacts,
  conversations,
  inboxes,
  messages,
  pendingFileDeletions,
} from '../schema'

/*
 * The R2 keys a deletion leaves behind, recorded by statements that go in the deleting batch
 * *before* the delete (they read the rows it removes). Each reads through indexes: the
 * conversations of a contact, inbox or account, then their messages and attachments.
 */

export type PendingFileDeletion = { id: number; objectKey: string }

/**
 * A pending row per selected file, its columns in the table's order (drizzle's insert-select
 * takes every column): the id and time their defaults'.
 */
const pendingRowOf = (accountId: AnySQLiteColumn, objectKey: AnySQLiteColumn) => ({
  id: sql<null>`null`.as('id'),
  accountId,
  objectKey,
  createdAt: sql<number>`unixepoch()`.as('created_at'),
})

/** The attachments of the messages of the conversations `where` selects. */
function recordAttachmentsOf(db: Db, where: SQL | undefined) {
  return db
    .insert(pendingFileDeletions)
    .select(
      db
        .select(pendingRowOf(attachments.accountId, attachments.objectKey))
        .from(conversations)
        .innerJoin(messages, eq(messages.conversationId, conversations.id))
        .innerJoin(attachments, eq(attachments.messageId, messages.id))
        .where(where),
    )
}

function recordAvatarsOf(db: Db, where: SQL | undefined) {
  return db.insert(pendingFileDeletions).select(
    db
      .select(pendingRowOf(contacts.accountId, contacts.avatarKey))
      .from(contacts)
      .where(and(where, isNotNull(contacts.avatarKey))),
  )
}

/** A contact's avatar alone (a merged-away contact's, which the merged one does not take). */
export function recordContactAvatarStatement(db: Db, accountId: number, contactId: number) {
  return recordAvatarsOf(db, and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)))
}

/** A contact's avatar and the attachments of its conversations. */
export function recordContactFilesStatements(db: Db, accountId: number, contactId: number) {
  return [
    recordContactAvatarStatement(db, accountId, contactId),
    recordAttachmentsOf(
      db,
      and(eq(conversations.accountId, accountId), eq(conversations.contactId, contactId)),
    ),
  ] as const
}

/**
 * The attachments of an inbox's conversations (its contacts, and their avatars, stay). Through
 * the inbox's row, so the conversations are read by their inbox index.
 */
export function recordInboxFilesStatements(db: Db, accountId: number, inboxId: number) {
  return [
    db.insert(pendingFileDeletions).select(
      db
        .select(pendingRowOf(attachments.accountId, attachments.objectKey))
        .from(inboxes)
        .innerJoin(conversations, eq(conversations.inboxId, inboxes.id))
        .innerJoin(messages, eq(messages.conversationId, conversations.id))
        .innerJoin(attachments, eq(attachments.messageId, messages.id))
        .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, inboxId))),
    ),
  ] as const
}

/** Every file of an account on this database: avatars, attachments, contact exports, imports. */
export function recordAccountFilesStatements(db: Db, accountId: number) {
  return [
    recordAvatarsOf(db, eq(contacts.accountId, accountId)),
    recordAttachmentsOf(db, eq(conversations.accountId, accountId)),
    db.insert(pendingFileDeletions).select(
      db
        .select(pendingRowOf(contactExports.accountId, contactExports.fileKey))
        .from(contactExports)
        .where(and(eq(contactExports.accountId, accountId), isNotNull(contactExports.fileKey))),
    ),
    db
      .insert(pendingFileDeletions)
      .select(
        db
          .select(pendingRowOf(contactImports.accountId, contactImports.fileKey))
          .from(contactImports)
          .where(eq(contactImports.accountId, accountId)),
      ),
  ] as const
}

const pendingColumns = { id: pendingFileDeletions.id, objectKey: pendingFileDeletions.objectKey }

/** An account's most recent pending deletions: what its deleting request has just recorded. */
export function newestPendingFileDeletions(
  db: Db,
  accountId: number,
  limit: number,
): Promise<PendingFileDeletion[]> {
  return db
    .select(pendingColumns)
    .from(pendingFileDeletions)
    .where(eq(pendingFileDeletions.accountId, accountId))
    .orderBy(desc(pendingFileDeletions.id))
    .limit(limit)
}

/** The oldest pending deletions of any account, for the sweep. */
export function oldestPendingFileDeletions(db: Db, limit: number): Promise<PendingFileDeletion[]> {
  return db
    .select(pendingColumns)
    .from(pendingFileDeletions)
    .orderBy(asc(pendingFileDeletions.id))
    .limit(limit)
}

/** Done: their objects are gone from R2. One bound parameter, however many ids. */
export function deletePendingFileDeletions(db: Db, ids: number[]) {
  return db
    .delete(pendingFileDeletions)
    .where(sql`${pendingFileDeletions.id} in (select value from json_each(${JSON.stringify(ids)}))`)
}

/** Whether the key waits for removal: the row that named it is gone. */
export async function isPendingFileDeletion(db: Db, objectKey: string) {
  const [row] = await db
    .select({ id: pendingFileDeletions.id })
    .from(pendingFileDeletions)
    .where(eq(pendingFileDeletions.objectKey, objectKey))
    .limit(1)
  return row !== undefined
}
