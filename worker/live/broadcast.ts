import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loadConversationViews } from '../db/queries/conversations'
import { loadMessageViews } from '../db/queries/messages'
import { events } from '../db/schema'
import { messageContextOf, toConversation } from '../schemas/conversations'
import { toMessagePushData } from '../schemas/messages'
import { toPublicConversationSummary } from '../schemas/public'
import { toPublicMessage, visibleToVisitor } from '../schemas/public-messages'
import type { FeedBroadcast, OwnRoom, RoomBroadcast } from './sockets'
import { accountFeed, conversationRoom } from './stubs'

type EventRow = typeof events.$inferSelect

/**
 * Sends committed events to the live sockets: the conversation's room (agents and the visitor,
 * each in its own shape) and the account feed (agents, filtered by inbox there: new and changed
 * conversations, new messages). D1 stays the
 * source of truth; a socket that misses a frame catches up with `?after=` on reconnect.
 * `ownRoom`: the caller is the room of these events' one conversation. `db`: the shard the
 * events are on.
 */
export async function broadcastEvents(
  env: Env,
  db: Db,
  eventIds: number[],
  origin: string,
  ownRoom?: OwnRoom,
) {
  const rows = await db
    .select()
    .from(events)
    .where(inArray(events.id, eventIds.slice(0, 100)))
  const live = rows.filter(
    (e) =>
      e.conversationId !== null &&
      (e.kind.startsWith('conversation_') || e.kind.startsWith('message_')),
  )
  if (live.length === 0) return
  const byAccount = new Map<number, EventRow[]>()
  for (const e of live) byAccount.set(e.accountId, [...(byAccount.get(e.accountId) ?? []), e])
  for (const [accountId, list] of byAccount) {
    const conversationIds = [...new Set(list.map((e) => e.conversationId as number))]
    const messageIds = list.flatMap((e) => (e.messageId ? [e.messageId] : []))
    const [views, messageViews] = await Promise.all([
      loadConversationViews(db, accountId, conversationIds),
      loadMessageViews(db, accountId, messageIds),
    ])
    const conversations = new Map(views.map((v) => [v.conversation.id, v]))
    const messages = new Map(messageViews.map((v) => [v.message.id, v]))
    for (const event of list) {
      const view = conversations.get(event.conversationId as number)
      if (!view) continue
      // Every frame names its account and conversation: the room checks both.
      const names = { accountId, conversationId: view.conversation.id }
      const room: RoomBroadcast[] = []
      const feed: FeedBroadcast[] = []
      const inboxId = view.conversation.inboxId
      if (event.kind === 'message_created' || event.kind === 'message_updated') {
        const message = event.messageId ? messages.get(event.messageId) : undefined
        if (!message) continue
        const agent = toMessagePushData(message, messageContextOf(view), origin)
        const name = event.kind === 'message_created' ? 'message.created' : 'message.updated'
        room.push({
          ...names,
          event: name,
          agent,
          visitor: visibleToVisitor(message) ? toPublicMessage(message, origin) : null,
          ...(name === 'message.created' ? { messageId: message.message.id } : {}),
        })
        if (name === 'message.created') feed.push({ event: name, inboxId, data: agent })
      } else {
        const agent = toConversation(view, origin)
        const name =
          event.kind === 'conversation_created'
            ? 'conversation.created'
            : event.kind === 'conversation_status_changed'
              ? 'conversation.status_changed'
              : 'conversation.updated'
        room.push({
          ...names,
          event: name,
          agent,
          visitor: {
            ...toPublicConversationSummary(view.conversation),
            snoozed_until: view.conversation.snoozedUntil,
          },
        })
        // conversation.updated too: the inbox list shows the assignee, labels, priority, snooze.
        feed.push({ event: name, inboxId, data: agent })
      }
      const target = ownRoom ?? conversationRoom(env, accountId, view.conversation.id)
      for (const message of room) await target.broadcast(message)
      for (const message of feed) await accountFeed(env, accountId).broadcast(message)
    }
  }
}
