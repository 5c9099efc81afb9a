import { and, inArray, isNull } from 'drizzle-orm'
import { createDb, type Db } from '../db/client'
import { events } from '../db/schema'
import { accountBinding } from '../db/shards'
import { log } from '../lib/log'
import { nowSeconds } from '../lib/time'
import { broadcastEvents } from '../live/broadcast'
import type { OwnRoom } from '../live/sockets'
import { freezePayloads } from '../webhooks/fanout'
import { FAST_PATH_EVENTS, fanOutAndAttempt } from '../webhooks/fast-path'

/** `accountId` names the shard the event is on (older messages lack it: queues/locate.ts). */
export type EventsQueueMessage = { type: 'event'; accountId: number; eventId: number }

/**
 * Work an adapter hands publishing for the events it committed, run on their shard after the
 * live broadcast and before they are marked published: the mail of a reply on an email
 * conversation is queued this way (worker/queues/follow-ups.ts). Publishing knows none of it,
 * since events/ sits below the domain. A follow-up that throws leaves the events unpublished,
 * so the sweep publishes them again and runs it again; each must be safe to run twice.
 */
export type PublishFollowUp = (
  env: Env,
  db: Db,
  accountId: number,
  eventIds: number[],
) => Promise<unknown>

/**
 * Publishes committed events: live sockets first, then webhooks. The first `FAST_PATH_EVENTS`
 * are fanned out here and each delivery's first attempt leaves at once (webhooks/fast-path.ts);
 * the rest, and any whose fan-out failed, go to the `events` queue as before. The events are
 * marked published before the attempts are waited on. A failure leaves rows unpublished,
 * unfanned or unattempted for the cron sweeps to pick up; every step is idempotent per event
 * and per delivery. The events are all of `accountId`'s, on its shard.
 */
export async function publishEvents(
  env: Env,
  accountId: number,
  eventIds: number[],
  origin?: string,
  ownRoom?: OwnRoom,
  followUps: readonly PublishFollowUp[] = [],
) {
  if (eventIds.length === 0) return
  const db = createDb(await accountBinding(env, accountId))
  await publishEventsOn(env, db, accountId, eventIds, origin, ownRoom, followUps)
}

/**
 * `publishEvents` on the database the events are on, for a caller that has it already: the sweep,
 * which walks the shards themselves and so also reaches events of an account the directory no
 * longer knows.
 */
export async function publishEventsOn(
  env: Env,
  db: Db,
  accountId: number,
  eventIds: number[],
  origin?: string,
  ownRoom?: OwnRoom,
  followUps: readonly PublishFollowUp[] = [],
) {
  if (eventIds.length === 0) return
  // Live sockets first: a reply should reach the visitor before anything slower happens.
  try {
    await broadcastEvents(
      env,
      db,
      eventIds,
      origin || env.PUBLIC_BASE_URL || 'http://localhost',
      ownRoom,
    )
  } catch (error) {
    warn('live broadcast failed', error)
  }
  // Before the events are marked published: a crash in between publishes them again.
  for (const followUp of followUps) await followUp(env, db, accountId, eventIds)
  const now = eventIds.slice(0, FAST_PATH_EVENTS)
  const later = eventIds.slice(FAST_PATH_EVENTS)
  // The payload shows the state right after the change, not whenever the queue gets to it.
  try {
    if (later.length > 0) await freezePayloads(env, db, later)
  } catch (error) {
    warn('payload render failed', error)
  }
  const fast = await fanOutAndAttempt(env, db, accountId, now)
  const messages: { body: EventsQueueMessage }[] = [...fast.failed, ...later].map((eventId) => ({
    body: { type: 'event', accountId, eventId },
  }))
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < messages.length; i += 100) {
    await env.EVENTS.sendBatch(messages.slice(i, i + 100))
  }
  await db
    .update(events)
    .set({ publishedAt: nowSeconds() })
    .where(and(inArray(events.id, eventIds), isNull(events.publishedAt)))
  await Promise.all(fast.attempts)
}

const warn = (msg: string, error: unknown) => log.warn(msg, { error })
