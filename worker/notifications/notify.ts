import type { Db } from '../db/client'
import { userNames } from '../db/queries/notification-delivery'
import {
  countNotifications,
  insertNotifications,
  loadNotificationActors,
  settingsOfUsers,
  usersWhoSeeInbox,
} from '../db/queries/notifications'
import { notificationMailJob } from '../email/notification-mail'
import { nowSeconds } from '../lib/time'
import { accountFeed } from '../live/stubs'
import { toNotification } from '../schemas/notifications'
import { conversationAppPath, notificationBody, notificationTitle } from './describe'
import { loadPlanInput } from './load'
import { type Candidate, planNotifications, subscribed } from './plan'
import type { PushQueueMessage } from './push'

/** Keeps the candidates whose user may see the conversation (DESIGN §4: a mention of an agent
 * outside the inbox notifies no one) and who keep that type of notification. */
async function allowed(db: Db, accountId: number, candidates: Candidate[]) {
  const byInbox = new Map<number, Set<number>>()
  for (const c of candidates)
    byInbox.set(c.inboxId, (byInbox.get(c.inboxId) ?? new Set()).add(c.userId))
  const seeing = new Map<number, Set<number>>()
  for (const [inboxId, userIds] of byInbox) {
    seeing.set(inboxId, new Set(await usersWhoSeeInbox(db, accountId, inboxId, [...userIds])))
  }
  const settings = await settingsOfUsers(db, accountId, [
    ...new Set(candidates.map((c) => c.userId)),
  ])
  const notified = new Set<string>()
  const kept = candidates.filter((c) => {
    if (!seeing.get(c.inboxId)?.has(c.userId)) return false
    const s = settings.get(c.userId)
    // Chatwoot makes a notification only for a user subscribed to it by email or by push.
    const wanted =
      subscribed(s, 'email', c.notificationType) || subscribed(s, 'push', c.notificationType)
    // One notification per user and event: the first kind they keep (the plan's order).
    const key = `${c.userId}:${c.sourceKey}`
    if (!wanted || notified.has(key)) return false
    notified.add(key)
    return true
  })
  return { kept, settings }
}

/**
 * A publish follow-up (worker/queues/follow-ups.ts): makes the notifications of committed events,
 * sends each new one to its user's open dashboards (`notification.created`) and queues its Web
 * Push and its mail, by the user's flags. Safe to run twice: a second run inserts nothing (the
 * unique source key), so it sends and mails nothing either.
 */
export async function notifyFromEvents(env: Env, db: Db, accountId: number, eventIds: number[]) {
  const loaded = await loadPlanInput(db, accountId, eventIds)
  const candidates = planNotifications(accountId, loaded, nowSeconds())
  if (candidates.length === 0) return
  const { kept, settings } = await allowed(db, accountId, candidates)
  const created = await insertNotifications(
    db,
    kept.map(({ inboxId: _inbox, ...row }) => row),
  )
  if (created.length === 0) return
  const actors = await loadNotificationActors(db, accountId, created)
  const senders = await userNames(
    db,
    [...actors.messages.values()].flatMap((m) =>
      m.senderType === 'User' && m.senderId ? [m.senderId] : [],
    ),
  )
  const feed = accountFeed(env, accountId)
  const pushes: { body: PushQueueMessage }[] = []
  const mails: { body: NonNullable<ReturnType<typeof notificationMailJob>> }[] = []
  for (const row of created) {
    const notification = toNotification(row, actors)
    const counts = await countNotifications(db, accountId, row.userId)
    await feed.sendToUser(row.userId, 'notification.created', {
      notification,
      unread_count: counts.unreadCount,
      count: counts.count,
    })
    const userSettings = settings.get(row.userId)
    if (subscribed(userSettings, 'push', row.notificationType)) {
      const message = actors.messages.get(row.secondaryActorId ?? 0)
      const displayId = notification.primary_actor.id
      const sender = message?.senderType === 'User' ? senders.get(message.senderId ?? 0) : undefined
      pushes.push({
        body: {
          type: 'push',
          userId: row.userId,
          payload: {
            title: notificationTitle(row.notificationType, displayId, sender),
            body: notificationBody(message?.content),
            url: conversationAppPath(accountId, displayId),
            tag: `conversation-${row.primaryActorId}`,
          },
        },
      })
    }
    const mail = subscribed(userSettings, 'email', row.notificationType)
      ? notificationMailJob(env, row)
      : null
    if (mail) mails.push({ body: mail })
  }
  if (pushes.length > 0) await env.PUSH.sendBatch(pushes)
  if (mails.length > 0) await env.CONTINUITY.sendBatch(mails)
}
