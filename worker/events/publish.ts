import { and, inArray, isNull } from 'drizzle-orm'
import { createDb } from '../db/client'
import { events } from '../db/schema'
import { describeError } from '../errors'
import { nowSeconds } from '../lib/time'
import { broadcastEvents } from '../live/broadcast'
import type { OwnRoom } from '../live/sockets'
import { freezePayloads } from '../webhooks/fanout'

export type EventsQueueMessage = { type: 'event'; eventId: number }

/**
 * Hands committed events to the `events` queue and marks them published. A failure leaves the
 * rows unpublished for the cron sweep to pick up; consumers are idempotent per event id.
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
    console.error(
      JSON.stringify({ level: 'warn', msg: 'live broadcast failed', error: describeError(error) }),
    )
  }
  // The payload shows the state right after the change, not whenever the queue gets to it.
  try {
    await freezePayloads(env, eventIds)
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'warn', msg: 'payload render failed', error: describeError(error) }),
    )
  }
  const messages: { body: EventsQueueMessage }[] = eventIds.map((eventId) => ({
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
}
