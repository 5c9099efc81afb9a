import { eq, type SQLWrapper, sql } from 'drizzle-orm'
import type { SQLiteInsertValue } from 'drizzle-orm/sqlite-core'
import type { Db } from '../client'
import { attachments, messages } from '../schema'

export type AttachmentRow = typeof attachments.$inferSelect

/** `messageId` may be SQL, so the batch that inserts the message can refer to it. */
export function insertAttachmentStatement(db: Db, values: SQLiteInsertValue<typeof attachments>) {
  return db.insert(attachments).values(values).returning()
}

/** Attachments of the messages `messageIds` (a subquery of their ids) selects, in id order. */
export function attachmentsOfMessagesStatement(db: Db, messageIds: SQLWrapper) {
  return db
    .select()
    .from(attachments)
    .where(sql`${attachments.messageId} in ${messageIds}`)
    .orderBy(attachments.id)
}

export function deleteMessageAttachmentsStatement(db: Db, messageId: number) {
  return db
    .delete(attachments)
    .where(eq(attachments.messageId, messageId))
    .returning({ objectKey: attachments.objectKey })
}

/** The stored objects of a conversation's attachments, to remove from R2 once rows are gone. */
export async function conversationAttachmentKeys(db: Db, conversationId: number) {
  const rows = await db
    .select({ objectKey: attachments.objectKey })
    .from(attachments)
    .innerJoin(messages, eq(messages.id, attachments.messageId))
    .where(eq(messages.conversationId, conversationId))
  return rows.map((r) => r.objectKey)
}
