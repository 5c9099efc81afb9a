/** What the cron looks for: idle open conversations and snoozes that have run out. */
import { and, asc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../client'
import { accounts, conversations } from '../../schema'

/** Accounts whose settings turn auto-resolve on. */
export function accountsWithAutoResolve(db: Db) {
  return db
    .select({ id: accounts.id, settings: accounts.settings })
    .from(accounts)
    .where(
      and(
        sql`json_extract(${accounts.settings}, '$.auto_resolve_after') > 0`,
        // Platform feature auto_resolve_conversations switched off (lib/account-plan.ts).
        sql`coalesce(json_extract(${accounts.features}, '$.auto_resolve_conversations'), 1) != 0`,
      ),
    )
    .orderBy(accounts.id)
}

/** Open conversations idle since before `cutoff`, oldest activity first. */
export function idleOpenConversations(
  db: Db,
  accountId: number,
  cutoff: number,
  ignoreWaiting: boolean,
  limit: number,
) {
  const c = conversations
  return db
    .select()
    .from(c)
    .where(
      and(
        eq(c.accountId, accountId),
        eq(c.status, 'open'),
        lt(c.lastActivityAt, cutoff),
        ignoreWaiting ? isNull(c.waitingSince) : undefined,
      ),
    )
    .orderBy(asc(c.lastActivityAt))
    .limit(limit)
}

/** Snoozed conversations (any account) whose snooze has run out by `now`. */
export function dueSnoozedConversations(db: Db, now: number, limit: number) {
  const c = conversations
  return db
    .select()
    .from(c)
    .where(and(eq(c.status, 'snoozed'), gt(c.snoozedUntil, 0), lte(c.snoozedUntil, now)))
    .orderBy(asc(c.snoozedUntil))
    .limit(limit)
}
