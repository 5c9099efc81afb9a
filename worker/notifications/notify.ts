import type { Db } from '../db/client'
import {
  countNotifications,
  insertNotifications,
  loadNotifiableEvents,
  loadNotificationActors,
  settingsOfUsers,
  usersWhoSeeInbox,
} from '../db/queries/notifications'
import { nowSeconds } from '../lib/time'
import { accountFeed } from '../live/stubs'
import { toNotification } from '../schemas/notifications'
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
  const kept = candidates.filter((c) => {
    if (!seeing.get(c.inboxId)?.has(c.userId)) return false
    const s = settings.get(c.userId)
    // Chatwoot makes a notification only for a user subscribed to it by email or by push.
    return subscribed(s, 'email', c.notificationType) || subscribed(s, 'push', c.notificationType)
  })
  return { kept, settings }
}

/**
 * A publish follow-up (worker/queues/follow-ups.ts): makes the notifications of committed events,
 * sends each new one to its user's open dashboards (`notification.created`) and queues its Web
 * Push. Safe to run twice: a second run inserts nothing (the unique source key), so it sends
 * nothing either.
 */
export async function notifyFromEvents(env: Env, db: Db, accountId: number, eventIds: number[]) {
  const loaded = await loadNotifiableEvents(db, accountId, eventIds)
  const candidates = planNotifications(accountId, loaded, nowSeconds())
  if (candidates.length === 0) return
  const { kept, settings } = await allowed(db, accountId, candidates)
  const created = await insertNotifications(
    db,
    kept.map(({ inboxId: _inbox, ...row }) => row),
  )
  if (created.length === 0) return
  const actors = await loadNotificationActors(db, accountId, created)
  const feed = accountFeed(env, accountId)
  const pushes: { body: PushQueueMessage }[] = []
  for (const row of created) {
    const notification = toNotification(row, actors)
    const counts = await countNotifications(db, accountId, row.userId)
    await feed.sendToUser(row.userId, 'notification.created', {
      notification,
      unread_count: counts.unreadCount,
      count: counts.count,
    })
    if (subscribed(settings.get(row.userId), 'push', row.notificationType)) {
      pushes.push({
        body: {
          type: 'push',
          userId: row.userId,
          payload: {
            title: notification.push_message_title,
            body: '',
            url: `/app/accounts/${accountId}/conversations/${notification.primary_actor.id}`,
            tag: `conversation-${row.primaryActorId}`,
          },
        },
      })
    }
  }
  if (pushes.length > 0) await env.PUSH.sendBatch(pushes)
}
