import { and, inArray, isNull } from 'drizzle-orm'
import { createDb } from '../db/client'
import { events } from '../db/schema'
import { nowSeconds } from '../lib/time'

export type EventsQueueMessage = { type: 'event'; eventId: number }

/**
 * Hands committed events to the `events` queue and marks them published. A failure leaves the
 * rows unpublished for the cron sweep to pick up; consumers are idempotent per event id.
 */
export async function publishEvents(env: Env, eventIds: number[]) {
  if (eventIds.length === 0) return
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
