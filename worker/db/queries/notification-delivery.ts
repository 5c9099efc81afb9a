import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../client'
import { conversations, messages, notifications, users } from '../schema'

/** The names agents go by (display name first), for "Ana mentioned you". */
export async function userNames(db: Db, userIds: number[]) {
  const ids = [...new Set(userIds)].slice(0, 90)
  if (ids.length === 0) return new Map<number, string>()
  const rows = await db
    .select({ id: users.id, name: users.name, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(rows.map((u) => [u.id, u.displayName || u.name]))
}

/** What a notification's mail needs: the notification, its agent, conversation and message. */
export async function notificationMailTarget(
  db: Db,
  target: { accountId: number; userId: number; notificationId: number },
) {
  const [row] = await db
    .select({
      notificationType: notifications.notificationType,
      readAt: notifications.readAt,
      displayId: conversations.displayId,
      userName: users.name,
      userEmail: users.email,
      content: messages.content,
      senderType: messages.senderType,
      senderId: messages.senderId,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(
      conversations,
      and(
        eq(conversations.accountId, notifications.accountId),
        eq(conversations.id, notifications.primaryActorId),
      ),
    )
    .leftJoin(
      messages,
      and(
        eq(notifications.secondaryActorType, 'Message'),
        eq(messages.accountId, notifications.accountId),
        eq(messages.id, notifications.secondaryActorId),
      ),
    )
    .where(
      and(
        eq(notifications.accountId, target.accountId),
        eq(notifications.userId, target.userId),
        eq(notifications.id, target.notificationId),
      ),
    )
    .limit(1)
  return row
}
