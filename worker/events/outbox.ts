import { getTableColumns, is, SQL, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Db } from '../db/client'
import { events } from '../db/schema'
import type { AppEnv } from '../env'
import { describeError } from '../errors'
import type { ChangedAttribute, EventKind } from './kinds'
import { publishEvents } from './publish'

/**
 * The transactional outbox: an event row is only ever written by `commitEvents`, in the same D1
 * batch as the change it records, and published after the commit (the cron sweep re-publishes
 * whatever a crash left unpublished).
 */

export type EventInput = {
  kind: EventKind
  accountId: number
  /** Table ids (not display ids). SQL lets a batch refer to a row it inserts earlier. */
  conversationId?: number | SQL | null
  messageId?: number | SQL | null
  contactId?: number | SQL | null
  inboxId?: number | SQL | null
  changedAttributes?: ChangedAttribute[]
  data?: Record<string, unknown>
}

type Statement = Parameters<Db['batch']>[0][number]
type EventRowInput = Partial<Record<keyof typeof events.$inferInsert, unknown>>

const rowOf = (event: EventInput): EventRowInput => ({
  accountId: event.accountId,
  kind: event.kind,
  conversationId: event.conversationId ?? null,
  messageId: event.messageId ?? null,
  contactId: event.contactId ?? null,
  inboxId: event.inboxId ?? null,
  changedAttributes: event.changedAttributes ?? [],
  data: event.data ?? {},
})

const eventColumns = Object.entries(getTableColumns(events))

/**
 * The insert of one event row. With `when`, the row is written only if that condition holds as
 * the statement runs (`changes() = 1`: the statement before it in the batch changed a row), as
 * `insert … select … where`: drizzle's insert-select names every column, so each comes in the
 * table's order, with its default where the event gives no value.
 */
function eventStatement(db: Db, event: EventInput, when?: SQL) {
  const row = rowOf(event)
  if (!when)
    return db
      .insert(events)
      .values(row as typeof events.$inferInsert)
      .returning({ id: events.id })
  const values = eventColumns.map(([key, column]) => {
    const value = row[key as keyof EventRowInput]
    if (value !== undefined) return is(value, SQL) ? value : sql.param(value, column)
    if (is(column.default, SQL)) return column.default
    return column.default === undefined ? sql`null` : sql.param(column.default, column)
  })
  return db
    .insert(events)
    .select(sql`select ${sql.join(values, sql`, `)} where ${when}`)
    .returning({ id: events.id })
}

/**
 * Writes `statements` and the rows of their events atomically, in one D1 batch, and returns the
 * statements' results in order with the ids of the event rows written. `when` makes every event
 * conditional (see `eventStatement`).
 */
export async function commitEvents<
  T extends readonly [Statement, ...Statement[]] | readonly [] | readonly Statement[],
>(db: Db, statements: T, eventInputs: EventInput[], when?: SQL) {
  const eventStatements = eventInputs.map((e) => eventStatement(db, e, when))
  const all = [...statements, ...eventStatements]
  if (all.length === 0)
    return { results: [] as unknown as { [K in keyof T]: Awaited<T[K]> }, eventIds: [] }
  const results = (await db.batch(all as unknown as [Statement, ...Statement[]])) as unknown[]
  const eventIds = results
    .slice(statements.length)
    .flatMap((rows) => (rows as { id: number }[]).map((r) => r.id))
  return {
    results: results.slice(0, statements.length) as { [K in keyof T]: Awaited<T[K]> },
    eventIds,
  }
}

/** Publishes committed events; a failure is logged and left to the cron sweep, never thrown. */
export async function publishCommitted(env: Env, eventIds: number[], origin?: string) {
  try {
    await publishEvents(env, eventIds, origin)
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'warn', msg: 'event publish failed', error: describeError(error) }),
    )
  }
}

/**
 * `commitEvents` for a request: publishes the events after the response without delaying it.
 * `publishAfter` runs first with the statements' results, and publishing waits for the work it
 * returns: a reply's send to the visitor does not share the isolate with rendering every event.
 */
export async function commitWithEvents<
  T extends readonly [Statement, ...Statement[]] | readonly [] | readonly Statement[],
>(
  c: Context<AppEnv>,
  statements: T,
  eventInputs: EventInput[],
  publishAfter?: (results: unknown[]) => Promise<unknown> | undefined,
) {
  const { results, eventIds } = await commitEvents(c.var.db, statements, eventInputs)
  const first = publishAfter?.(results as unknown[])
  if (eventIds.length > 0) {
    const publish = () => publishCommitted(c.env, eventIds, new URL(c.req.url).origin)
    runAfterResponse(c, first ? first.then(publish, publish) : publish())
  }
  return results
}

function runAfterResponse(c: Context<AppEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work)
  } catch {
    // No execution context (app.request in unit tests): let it run on its own.
  }
}
