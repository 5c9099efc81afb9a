import { count, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { accountUsers, inboxes } from '../schema'

/** How many of a kind the account has, for its limits (lib/account-plan.ts). */
export async function accountUsage(db: Db, accountId: number, key: 'agents' | 'inboxes') {
  const [row] =
    key === 'agents'
      ? await db
          .select({ n: count() })
          .from(accountUsers)
          .where(eq(accountUsers.accountId, accountId))
      : await db.select({ n: count() }).from(inboxes).where(eq(inboxes.accountId, accountId))
  return row?.n ?? 0
}
