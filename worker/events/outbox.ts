import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { type EventInput, eventStatement } from '../db/queries/events'
import { log } from '../lib/log'
import type { OwnRoom } from '../live/sockets'
import { type PublishFollowUp, publishEvents } from './publish'

/**
 * The transactional outbox: event rows (`eventStatement`) are written in the same D1 batch as the
 * change they record, here by `commitEvents`, and published after the commit (the cron sweep
 * re-publishes whatever a crash left unpublished). Requests commit through
 * the write adapter beside the routes (write-adapter.ts), which publishes after the response.
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
 * never thrown. `followUps` are the calling adapter's (see `PublishFollowUp`).
 */
export async function publishCommitted(
  env: Env,
  accountId: number,
  eventIds: number[],
  origin?: string,
  ownRoom?: OwnRoom,
  followUps: readonly PublishFollowUp[] = [],
) {
  try {
    await publishEvents(env, accountId, eventIds, origin, ownRoom, followUps)
  } catch (error) {
    log.warn('event publish failed', { error })
  }
}
