import type { Context } from 'hono'
import type { Agent, Write } from '../conversations/changes'
import type { Db } from '../db/client'
import { findAgentBotName, findUserName } from '../db/queries/conversations'
import type { AppEnv } from '../env'
import { commitEvents, type EventInput, publishCommitted } from '../events/outbox'
import { announceCacheInvalidated, type CacheKey } from '../live/cache-invalidated'
import { currentUserId } from '../middleware/auth'
import { requestLog } from '../middleware/request-log'
import { PUBLISH_FOLLOW_UPS } from '../queues/follow-ups'

/**
 * The one place a request meets the write model (worker/conversations/): it turns the caller into
 * an actor, and commits writes with their events, publishing them after the response. The cron
 * and the queues commit with commitEvents and publishCommitted themselves.
 */

type Statement = Parameters<Db['batch']>[0][number]

/** The caller as the performer of a change (names go into activity messages). */
export async function actorOf(c: Context<AppEnv>): Promise<Agent> {
  const principal = c.var.principal
  if (principal.type === 'agent_bot') {
    const name = await findAgentBotName(c.var.db, principal.id)
    return { type: 'agent_bot', id: principal.id, name: name ?? 'Bot' }
  }
  const id = currentUserId(c)
  return { type: 'user', id, name: (await findUserName(c.var.db, id)) ?? '', role: c.var.role }
}

/** The caller as a message's sender: no name needed, so no read. */
export function senderOfPrincipal(c: Context<AppEnv>) {
  const principal = c.var.principal
  return principal.type === 'agent_bot'
    ? { senderType: 'AgentBot' as const, senderId: principal.id }
    : { senderType: 'User' as const, senderId: currentUserId(c) }
}

/** Commits one or more writes in a single batch with their events. */
export async function commit(c: Context<AppEnv>, ...writes: Write[]) {
  return commitWithEvents(
    c,
    writes.flatMap((w) => w.statements),
    writes.flatMap((w) => w.events),
  )
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
 * that must go before them, such as a reply's send to the visitor) when given. Publishing also
 * queues what the events ask of other queues (a reply's mail, a continuity job:
 * queues/follow-ups.ts).
 */
export function publishAfterResponse(
  c: Context<AppEnv>,
  accountId: number,
  eventIds: number[],
  first?: Promise<unknown>,
) {
  if (eventIds.length === 0) return
  const origin = new URL(c.req.url).origin
  const publish = () =>
    publishCommitted(c.env, accountId, eventIds, origin, undefined, PUBLISH_FOLLOW_UPS)
  runAfterResponse(c, first ? first.then(publish, publish) : publish())
}

/**
 * After the response to a committed change of labels, teams or canned responses: the account's
 * open dashboards reload that list (`account.cache_invalidated` on the feed). A failure only
 * leaves them as they were until their next load, so it is logged, never answered.
 */
export function invalidateAfterResponse(c: Context<AppEnv>, key: CacheKey) {
  const work = announceCacheInvalidated(c.env, c.var.db, c.var.accountId, key).catch((error) =>
    requestLog(c).warn('cache invalidation not sent', { error }),
  )
  runAfterResponse(c, work)
}

function runAfterResponse(c: Context<AppEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work)
  } catch {
    // No execution context (app.request in unit tests): let it run on its own.
  }
}
