import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { inboxMembers } from '../db/schema'

/** The inboxes an agent belongs to in one account. */
export async function listMemberInboxIds(db: Db, accountId: number, userId: number) {
  const rows = await db
    .select({ inboxId: inboxMembers.inboxId })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.userId, userId)))
  return rows.map((r) => r.inboxId)
}
