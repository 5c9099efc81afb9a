import { eq, type SQLWrapper, sql } from 'drizzle-orm'
import { batchable } from '../batch'
import type { Db } from '../client'
import { stopwatches } from '../schema'

export type StopwatchRow = typeof stopwatches.$inferSelect
export type StopwatchView = {
  stopwatch: StopwatchRow | null
  startedByName: string | null
  updatedByName: string | null
}

// Names by subquery, not joins: this select runs in a batch, where drizzle maps D1 rows by
// column name and two joined `name` columns would collapse.
const nameOf = (userId: SQLWrapper, as: string) =>
  sql<string | null>`(select name from users where id = ${userId})`.as(as)

const stopwatchStatement = (db: Db, conversationId: number) =>
  db
    .select({
      stopwatch: stopwatches,
      startedByName: nameOf(stopwatches.startedById, 'started_by_name'),
      updatedByName: nameOf(stopwatches.updatedById, 'updated_by_name'),
    })
    .from(stopwatches)
    .where(eq(stopwatches.conversationId, conversationId))
    .limit(1)

const none: StopwatchView = { stopwatch: null, startedByName: null, updatedByName: null }

export async function findStopwatch(db: Db, conversationId: number): Promise<StopwatchView> {
  const [row] = await stopwatchStatement(db, conversationId)
  return row ?? none
}

export type StopwatchAction = 'start' | 'stop' | 'reset'

/**
 * Applies an action in one statement, so concurrent calls cannot double-count: start only
 * changes a stopped stopwatch, stop only a running one (adding the run to the total); reset
 * stops and zeroes. Reads the result back in the same round trip.
 */
export async function applyStopwatch(
  db: Db,
  accountId: number,
  conversationId: number,
  action: StopwatchAction,
  userId: number,
  now: number,
): Promise<StopwatchView> {
  const write = {
    start: sql`insert into stopwatches (conversation_id, account_id, accumulated_seconds, running_since, started_by_id, updated_by_id, updated_at)
      values (${conversationId}, ${accountId}, 0, ${now}, ${userId}, ${userId}, ${now})
      on conflict (conversation_id) do update set running_since = excluded.running_since,
        started_by_id = excluded.started_by_id, updated_by_id = excluded.updated_by_id, updated_at = excluded.updated_at
      where stopwatches.running_since is null`,
    stop: sql`update stopwatches set accumulated_seconds = accumulated_seconds + max(${now} - running_since, 0),
      running_since = null, updated_by_id = ${userId}, updated_at = ${now}
      where conversation_id = ${conversationId} and running_since is not null`,
    reset: sql`insert into stopwatches (conversation_id, account_id, accumulated_seconds, running_since, started_by_id, updated_by_id, updated_at)
      values (${conversationId}, ${accountId}, 0, null, null, ${userId}, ${now})
      on conflict (conversation_id) do update set accumulated_seconds = 0, running_since = null, started_by_id = null,
        updated_by_id = excluded.updated_by_id, updated_at = excluded.updated_at`,
  }[action]
  const [, [row]] = await db.batch([
    batchable(db, db.run(write)),
    stopwatchStatement(db, conversationId),
  ])
  return row ?? none
}
