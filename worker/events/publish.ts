import { and, inArray, isNull } from 'drizzle-orm'
import { createDb } from '../db/client'
import { events } from '../db/schema'
import { describeError } from '../errors'
import { nowSeconds } from '../lib/time'
import { broadcastEvents } from '../live/broadcast'
import type { OwnRoom } from '../live/sockets'
import { freezePayloads } from '../webhooks/fanout'
import { FAST_PATH_EVENTS, fanOutAndAttempt } from '../webhooks/fast-path'

export type EventsQueueMessage = { type: 'event'; eventId: number }

/**
 * Publishes committed events: live sockets first, then webhooks. The first `FAST_PATH_EVENTS`
 * are fanned out here and each delivery's first attempt leaves at once (webhooks/fast-path.ts);
 * the rest, and any whose fan-out failed, go to the `events` queue as before. The events are
 * marked published before the attempts are waited on. A failure leaves rows unpublished,
 * unfanned or unattempted for the cron sweeps to pick up; every step is idempotent per event
 * and per delivery.
 */
export async function publishEvents(
  env: Env,
  eventIds: number[],
  origin?: string,
  ownRoom?: OwnRoom,
) {
  if (eventIds.length === 0) return
  // Live sockets first: a reply should reach the visitor before anything slower happens.
  try {
    await broadcastEvents(
      env,
      eventIds,
      origin || env.PUBLIC_BASE_URL || 'http://localhost',
      ownRoom,
    )
  } catch (error) {
    warn('live broadcast failed', error)
  }
  const now = eventIds.slice(0, FAST_PATH_EVENTS)
  const later = eventIds.slice(FAST_PATH_EVENTS)
  // The payload shows the state right after the change, not whenever the queue gets to it.
  try {
    if (later.length > 0) await freezePayloads(env, later)
  } catch (error) {
    warn('payload render failed', error)
  }
  const fast = await fanOutAndAttempt(env, now)
  const messages: { body: EventsQueueMessage }[] = [...fast.failed, ...later].map((eventId) => ({
    body: { type: 'event', eventId },
  }))
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < messages.length; i += 100) {
    await env.EVENTS.sendBatch(messages.slice(i, i + 100))
  }
  const db = createDb(env.DB)
  await db
    .update(events)
    .set({ publishedAt: nowSeconds() })
    .where(and(inArray(events.id, eventIds), isNull(events.publishedAt)))
  await Promise.all(fast.attempts)
}

const warn = (msg: string, error: unknown) =>
  console.error(JSON.stringify({ level: 'warn', msg, error: describeError(error) }))
