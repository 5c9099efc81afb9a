import { and, eq, ne, sql } from 'drizzle-orm'
import type { Availability } from '../../lib/presence'
import type { Db } from '../client'
import { accountUsers } from '../schema'

/**
 * `effectiveAvailability` (worker/lib/presence.ts) in SQL, over the account_users row named
 * `alias`: what queries that filter or report on an agent's status read.
 */
export function effectiveAvailabilitySql(alias = 'account_users') {
  const rule = `case when ${alias}.auto_offline = 0 or ${alias}.connected = 1 then ${alias}.availability else 'offline' end`
  return sql<Availability>`(${sql.raw(rule)})`
}

/**
 * Records whether the member has a dashboard open; the row only when this changed it (so the
 * caller tells colleagues once), with what is needed for the effective status.
 */
export async function setMemberConnected(
  db: Db,
  accountId: number,
  userId: number,
  connected: boolean,
) {
  const [row] = await db
    .update(accountUsers)
    .set({ connected })
    .where(
      and(
        eq(accountUsers.accountId, accountId),
        eq(accountUsers.userId, userId),
        ne(accountUsers.connected, connected),
      ),
    )
    .returning({
      id: accountUsers.id,
      availability: accountUsers.availability,
      autoOffline: accountUsers.autoOffline,
      connected: accountUsers.connected,
    })
  return row
}

/** The member's row as presence needs it; undefined when they are not a member. */
export async function findMemberPresence(db: Db, accountId: number, userId: number) {
  const [row] = await db
    .select({
      id: accountUsers.id,
      availability: accountUsers.availability,
      autoOffline: accountUsers.autoOffline,
      connected: accountUsers.connected,
    })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
  return row
}

/** Sets the member's auto_offline (Chatwoot's profile switch); the row's id, undefined if none. */
export async function setAutoOffline(db: Db, accountId: number, userId: number, on: boolean) {
  const [row] = await db
    .update(accountUsers)
    .set({ autoOffline: on })
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    .returning({ id: accountUsers.id })
  return row
}
