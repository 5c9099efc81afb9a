import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { accountUsers, contactNotes, users } from '../schema'

export type ContactNoteRow = typeof contactNotes.$inferSelect

/** A note with its author and the author's membership of the note's account (either may be gone). */
function notesWithAuthors(db: Db) {
  return db
    .select({ note: contactNotes, user: users, membership: accountUsers })
    .from(contactNotes)
    .leftJoin(users, eq(users.id, contactNotes.userId))
    .leftJoin(
      accountUsers,
      and(
        eq(accountUsers.userId, contactNotes.userId),
        eq(accountUsers.accountId, contactNotes.accountId),
      ),
    )
}

export type ContactNoteWithAuthor = Awaited<ReturnType<typeof listContactNotes>>[number]

/** The contact's notes, newest first (Chatwoot's `latest`). */
export function listContactNotes(db: Db, accountId: number, contactId: number) {
  return notesWithAuthors(db)
    .where(and(eq(contactNotes.accountId, accountId), eq(contactNotes.contactId, contactId)))
    .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id))
}

/** One note, reached through its account and its contact. */
export async function findContactNote(db: Db, accountId: number, contactId: number, id: number) {
  const [row] = await notesWithAuthors(db).where(
    and(
      eq(contactNotes.accountId, accountId),
      eq(contactNotes.contactId, contactId),
      eq(contactNotes.id, id),
    ),
  )
  return row
}

export async function insertContactNote(
  db: Db,
  values: { accountId: number; contactId: number; userId: number; content: string },
) {
  const [row] = await db.insert(contactNotes).values(values).returning({ id: contactNotes.id })
  if (!row) throw new Error('note insert returned nothing')
  return row.id
}

/** Whether a note of this account and contact was there to change. */
export async function updateContactNote(
  db: Db,
  key: { accountId: number; contactId: number; id: number },
  content: string,
  now: number,
) {
  const rows = await db
    .update(contactNotes)
    .set({ content, updatedAt: now })
    .where(
      and(
        eq(contactNotes.accountId, key.accountId),
        eq(contactNotes.contactId, key.contactId),
        eq(contactNotes.id, key.id),
      ),
    )
    .returning({ id: contactNotes.id })
  return rows.length > 0
}

export async function deleteContactNote(
  db: Db,
  key: { accountId: number; contactId: number; id: number },
) {
  const rows = await db
    .delete(contactNotes)
    .where(
      and(
        eq(contactNotes.accountId, key.accountId),
        eq(contactNotes.contactId, key.contactId),
        eq(contactNotes.id, key.id),
      ),
    )
    .returning({ id: contactNotes.id })
  return rows.length > 0
}

/** A merge's statement: the mergee's notes become the base's, authors and times unchanged. */
export function moveContactNotesStatement(
  db: Db,
  pair: { accountId: number; baseId: number; mergeeId: number },
) {
  return db
    .update(contactNotes)
    .set({ contactId: pair.baseId })
    .where(
      and(eq(contactNotes.accountId, pair.accountId), eq(contactNotes.contactId, pair.mergeeId)),
    )
}
