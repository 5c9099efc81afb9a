import type { SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Db } from '../db/client'
import { type EventInput, eventStatement } from '../db/queries/events'
import type { AppEnv } from '../env'
import { log } from '../lib/log'
import type { OwnRoom } from '../live/sockets'
import { requestLog } from '../middleware/request-log'
import { publishEvents } from './publish'

/**
 * The transactional outbox: event rows (`eventStatement`) are written in the same D1 batch as the
 * change they record, here by `commitEvents`, and published after the commit (the cron sweep
 * re-publishes whatever a crash left unpublished).
 */
export type { EventInput }

type Statement = Parameters<Db['batch']>[0][number]

/**
 * Writes `statements` and the rows of their events atomically, in one D1 batch, and returns the
 * statements' results in order with the ids of the event rows written. `when` makes every event
 * conditional (see `eventStatement`).
 */
export async function commitEvents<
  T extends readonly [Statement, ...Statement[]] | readonly [] | readonly Statement[],
>(db: Db, statements: T, eventInputs: EventInput[], when?: SQL) {
  const eventStatements = eventInputs.map((e) =>
    eventStatement(db, e, when ? { where: when } : undefined),
  )
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

/**
 * Publishes committed events of one account; a failure is logged and left to the cron sweep,
 * never thrown.
 */
export async function publishCommitted(
  env: Env,
  accountId: number,
  eventIds: number[],
  origin?: string,
  ownRoom?: OwnRoom,
) {
  try {
    await publishEvents(env, accountId, eventIds, origin, ownRoom)
  } catch (error) {
    log.warn('event publish failed', { error })
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
  const accountId = eventsAccountId(c, eventInputs)
  const first = publishAfter?.(results as unknown[])
  if (accountId !== undefined) publishAfterResponse(c, accountId, eventIds, first)
  else if (eventIds.length > 0) {
    // Not reached by any route today (each names its account); the sweep publishes them.
    requestLog(c).warn('events committed with no account')
  }
  return results
}

/**
 * The account a request's events belong to (one request writes one account's data): the
 * account of its path, else (the public API's, whose path names an inbox) the events' own.
 */
function eventsAccountId(c: Context<AppEnv>, eventInputs: EventInput[]) {
  const fromPath = c.get('accountId') as number | undefined
  if (fromPath !== undefined) return fromPath
  const named = eventInputs.find((e) => typeof e.accountId === 'number')
  return named?.accountId as number | undefined
}

/**
 * Publishes events a request committed (of `accountId`), after its response; after `first` (work
 * that must go before them, such as a reply's send to the visitor) when given.
 */
export function publishAfterResponse(
  c: Context<AppEnv>,
  accountId: number,
  eventIds: number[],
  first?: Promise<unknown>,
) {
  if (eventIds.length === 0) return
  const publish = () => publishCommitted(c.env, accountId, eventIds, new URL(c.req.url).origin)
  runAfterResponse(c, first ? first.then(publish, publish) : publish())
}

function runAfterResponse(c: Context<AppEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work)
  } catch {
    // No execution context (app.request in unit tests): let it run on its own.
  }
}
