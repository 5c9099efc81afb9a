import { and, asc, eq, gt, ne, sql } from 'drizzle-orm'
import { createDb } from '../db/client'
import {
  assembleMessageViews,
  MESSAGE_TYPE,
  messagesWithSendersStatement,
} from '../db/queries/messages'
import { markSeenByContact } from '../db/queries/public'
import { contactInboxes, conversations, messages } from '../db/schema'
import { accountBinding } from '../db/shards'
import { nowSeconds } from '../lib/time'
import { toMessagePushData } from '../schemas/messages'
import { toPublicMessage } from '../schemas/public-messages'
import type { RoomSocket } from './sockets'
import { accountFeed } from './stubs'

/** A reconnecting client is sent at most this many missed messages; older ones come over REST. */
export const REPLAY_LIMIT = 500

/** The socket's conversation is on its account's shard; the socket's state names the account. */
const socketDb = async (env: Env, state: RoomSocket) =>
  createDb(await accountBinding(env, state.accountId))

/**
 * The messages after the socket's cursor that it may see, oldest first, as message.created data:
 * the visitor's public shape (no private notes or activity), or the agents' push data.
 */
export async function replayFrames(env: Env, state: RoomSocket) {
  if (state.after === null) return []
  const db = await socketDb(env, state)
  const visitor = state.role === 'visitor'
  const where = and(
    eq(messages.accountId, state.accountId),
    eq(messages.conversationId, state.conversationId),
    gt(messages.id, state.after),
    visitor ? eq(messages.private, false) : undefined,
    visitor ? ne(messages.messageType, MESSAGE_TYPE.activity) : undefined,
  )
  const page = db
    .select({ id: messages.id })
    .from(messages)
    .where(where)
    .orderBy(asc(messages.id))
    .limit(REPLAY_LIMIT)
  const rows = await messagesWithSendersStatement(db, sql`${messages.id} in ${page}`).orderBy(
    asc(messages.id),
  )
  if (rows.length === 0) return []
  const views = assembleMessageViews(rows)
  if (visitor)
    return views.map((v) => ({ id: v.message.id, data: toPublicMessage(v, state.origin) }))
  const [context] = await db
    .select({
      assigneeId: conversations.assigneeId,
      lastActivityAt: conversations.lastActivityAt,
      sourceId: contactInboxes.sourceId,
    })
    .from(conversations)
    .leftJoin(contactInboxes, eq(contactInboxes.id, conversations.contactInboxId))
    .where(
      and(eq(conversations.accountId, state.accountId), eq(conversations.id, state.conversationId)),
    )
    .limit(1)
  const conversation = {
    assignee_id: context?.assigneeId ?? null,
    unread_count: 0,
    last_activity_at: context?.lastActivityAt ?? 0,
    contact_inbox: { source_id: context?.sourceId ?? null },
  }
  return views.map((v) => ({
    id: v.message.id,
    data: toMessagePushData(v, conversation, state.origin) as unknown as Record<string, unknown>,
  }))
}

/**
 * Whether a side's last-seen time already covers the conversation's latest activity (every
 * message moves `last_activity_at`): then marking it seen again changes nothing, and is skipped.
 * Strictly after, as both are seconds: a message in the same second as the seen may follow it.
 */
export const seenIsCurrent = (seenAt: number | null, lastActivityAt: number) =>
  seenAt !== null && seenAt > lastActivityAt

/** Records that the socket's side has seen the conversation; returns the conversation.read data. */
export async function markSeen(env: Env, state: RoomSocket) {
  const db = await socketDb(env, state)
  const now = nowSeconds()
  if (state.role === 'visitor') {
    // The same as the public update_last_seen: agents' replies up to now become read.
    await markSeenByContact(db, state.accountId, state.conversationId, now)
    return { conversation_id: state.displayId, contact_last_seen_at: now }
  }
  const ours = and(
    eq(conversations.accountId, state.accountId),
    eq(conversations.id, state.conversationId),
  )
  const [row] = await db
    .update(conversations)
    .set({ agentLastSeenAt: now })
    .where(ours)
    .returning({ assigneeId: conversations.assigneeId })
  if (row?.assigneeId === state.userId) {
    await db.update(conversations).set({ assigneeLastSeenAt: now }).where(ours)
  }
  return announceAgentRead(env, state.accountId, state.inboxId, state.displayId, now)
}

/**
 * An agent read the conversation (its socket's `seen` frame, or update_last_seen): the inbox
 * lists of the account's agents who may see the inbox clear its unread mark. Returns the frame's
 * data. A feed out of reach costs the lists a stale badge until their next resync, nothing more.
 */
export async function announceAgentRead(
  env: Env,
  accountId: number,
  inboxId: number,
  displayId: number,
  at: number,
) {
  const data = { conversation_id: displayId, agent_last_seen_at: at }
  await accountFeed(env, accountId)
    .broadcast({ event: 'conversation.read', inboxId, data })
    .catch(() => 0)
  return data
}
