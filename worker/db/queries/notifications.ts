import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import type { Db } from '../client'
import {
  accountUsers,
  conversations,
  events,
  inboxMembers,
  messages,
  notificationSettings,
  notifications,
  users,
} from '../schema'
import { chunk } from './agents'

export type NotificationRow = typeof notifications.$inferSelect
export type NewNotification = typeof notifications.$inferInsert
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect

/** Chatwoot's page size for the notifications list. */
export const NOTIFICATIONS_PER_PAGE = 15

/** The events of the account among these ids, with their conversation and message rows. */
export async function loadNotifiableEvents(db: Db, accountId: number, eventIds: number[]) {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.accountId, accountId), inArray(events.id, eventIds.slice(0, 100))))
  const conversationIds = [...new Set(rows.flatMap((e) => e.conversationId ?? []))]
  const messageIds = [...new Set(rows.flatMap((e) => e.messageId ?? []))]
  const [conversationRows, messageRows] = await Promise.all([
    conversationIds.length === 0
      ? []
      : db
          .select()
          .from(conversations)
          .where(
            and(eq(conversations.accountId, accountId), inArray(conversations.id, conversationIds)),
          ),
    messageIds.length === 0
      ? []
      : db
          .select()
          .from(messages)
          .where(and(eq(messages.accountId, accountId), inArray(messages.id, messageIds))),
  ])
  return {
    events: rows,
    conversations: new Map(conversationRows.map((c) => [c.id, c])),
    messages: new Map(messageRows.map((m) => [m.id, m])),
  }
}

/**
 * Which of these users may see a conversation of the inbox: members of the account who are its
 * administrators or members of the inbox (DESIGN §4).
 */
export async function usersWhoSeeInbox(
  db: Db,
  accountId: number,
  inboxId: number,
  userIds: readonly number[],
): Promise<number[]> {
  if (userIds.length === 0) return []
  const memberOfInbox = db
    .select({ userId: inboxMembers.userId })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.inboxId, inboxId)))
  const rows = await db
    .select({ userId: accountUsers.userId })
    .from(accountUsers)
    .where(
      and(
        eq(accountUsers.accountId, accountId),
        inArray(accountUsers.userId, [...userIds]),
        or(eq(accountUsers.role, 'administrator'), inArray(accountUsers.userId, memberOfInbox)),
      ),
    )
  return rows.map((r) => r.userId)
}

export async function settingsOfUsers(db: Db, accountId: number, userIds: readonly number[]) {
  const pages = await Promise.all(
    chunk(userIds).map((ids) =>
      db
        .select()
        .from(notificationSettings)
        .where(
          and(
            eq(notificationSettings.accountId, accountId),
            inArray(notificationSettings.userId, ids),
          ),
        ),
    ),
  )
  return new Map(pages.flat().map((s) => [s.userId, s]))
}

export async function findSettings(db: Db, accountId: number, userId: number) {
  return (await settingsOfUsers(db, accountId, [userId])).get(userId)
}

export async function upsertSettings(
  db: Db,
  accountId: number,
  userId: number,
  flags: { selectedEmailFlags: string[]; selectedPushFlags: string[] },
  now: number,
) {
  const [row] = await db
    .insert(notificationSettings)
    .values({ accountId, userId, ...flags, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationSettings.accountId, notificationSettings.userId],
      set: { ...flags, updatedAt: now },
    })
    .returning()
  return row
}

/** Inserts the notifications; one whose source already notified that user is skipped. */
export async function insertNotifications(db: Db, rows: NewNotification[]) {
  if (rows.length === 0) return []
  const inserted = await Promise.all(
    chunk(rows, 6).map((page) =>
      db.insert(notifications).values(page).onConflictDoNothing().returning(),
    ),
  )
  return inserted.flat()
}

const mine = (accountId: number, userId: number) =>
  and(eq(notifications.accountId, accountId), eq(notifications.userId, userId))

export async function listNotifications(db: Db, accountId: number, userId: number, page: number) {
  return db
    .select()
    .from(notifications)
    .where(mine(accountId, userId))
    .orderBy(desc(notifications.lastActivityAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PER_PAGE)
    .offset((page - 1) * NOTIFICATIONS_PER_PAGE)
}

export async function countNotifications(db: Db, accountId: number, userId: number) {
  const [all, unread] = await db.batch([
    db.select({ n: count() }).from(notifications).where(mine(accountId, userId)),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(accountId, userId), isNull(notifications.readAt))),
  ])
  return { count: all[0]?.n ?? 0, unreadCount: unread[0]?.n ?? 0 }
}

export async function findNotification(db: Db, accountId: number, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(mine(accountId, userId), eq(notifications.id, id)))
  return row
}

export async function markNotificationRead(
  db: Db,
  accountId: number,
  userId: number,
  id: number,
  now: number,
) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: now, updatedAt: now })
    .where(and(mine(accountId, userId), eq(notifications.id, id)))
    .returning()
  return row
}

/** Marks the user's unread notifications read: all, or only those of one conversation. */
export async function markAllRead(
  db: Db,
  accountId: number,
  userId: number,
  now: number,
  conversationId?: number,
) {
  await db
    .update(notifications)
    .set({ readAt: now, updatedAt: now })
    .where(
      and(
        mine(accountId, userId),
        isNull(notifications.readAt),
        conversationId === undefined ? undefined : eq(notifications.primaryActorId, conversationId),
      ),
    )
}

export async function deleteNotification(db: Db, accountId: number, userId: number, id: number) {
  const rows = await db
    .delete(notifications)
    .where(and(mine(accountId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id })
  return rows.length > 0
}

/** What a notification's JSON shows besides its row: its conversation, message and user. */
export async function loadNotificationActors(db: Db, accountId: number, rows: NotificationRow[]) {
  const conversationIds = [...new Set(rows.map((r) => r.primaryActorId))]
  const messageIds = [
    ...new Set(
      rows.flatMap((r) => (r.secondaryActorType === 'Message' ? [r.secondaryActorId ?? 0] : [])),
    ),
  ]
  const userIds = [...new Set(rows.map((r) => r.userId))]
  const [conversationRows, messageRows, userRows] = await Promise.all([
    conversationIds.length === 0
      ? []
      : db
          .select({
            id: conversations.id,
            displayId: conversations.displayId,
            inboxId: conversations.inboxId,
            status: conversations.status,
          })
          .from(conversations)
          .where(
            and(eq(conversations.accountId, accountId), inArray(conversations.id, conversationIds)),
          ),
    messageIds.length === 0
      ? []
      : db
          .select()
          .from(messages)
          .where(and(eq(messages.accountId, accountId), inArray(messages.id, messageIds))),
    userIds.length === 0
      ? []
      : db
          .select({ id: users.id, name: users.name, displayName: users.displayName })
          .from(users)
          .where(inArray(users.id, userIds)),
  ])
  return {
    conversations: new Map(conversationRows.map((c) => [c.id, c])),
    messages: new Map(messageRows.map((m) => [m.id, m])),
    users: new Map(userRows.map((u) => [u.id, u])),
  }
}
export type NotificationActors = Awaited<ReturnType<typeof loadNotificationActors>>
