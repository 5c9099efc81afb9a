import { and, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { notificationSubscriptions } from '../schema'

export type SubscriptionRow = typeof notificationSubscriptions.$inferSelect

/** One row per push endpoint: a browser subscribing again (or for another user) replaces it. */
export async function upsertSubscription(
  db: Db,
  userId: number,
  attributes: { endpoint: string; p256dh: string; auth: string },
  now: number,
) {
  const [row] = await db
    .insert(notificationSubscriptions)
    .values({
      userId,
      subscriptionType: 'browser_push',
      subscriptionAttributes: attributes,
      identifier: attributes.endpoint,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: notificationSubscriptions.identifier,
      set: { userId, subscriptionAttributes: attributes, updatedAt: now },
    })
    .returning()
  return row
}

export function listUserSubscriptions(db: Db, userId: number) {
  return db
    .select()
    .from(notificationSubscriptions)
    .where(
      and(
        eq(notificationSubscriptions.userId, userId),
        eq(notificationSubscriptions.subscriptionType, 'browser_push'),
      ),
    )
}

export async function deleteSubscription(db: Db, id: number) {
  await db.delete(notificationSubscriptions).where(eq(notificationSubscriptions.id, id))
}
