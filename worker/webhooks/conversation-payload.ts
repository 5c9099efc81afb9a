import { and, count, desc, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '../db/client'
import { MESSAGE_TYPE } from '../db/queries/messages'
import { contactInboxes, contacts, conversations, inboxes, messages, teams } from '../db/schema'
import { isoFromSeconds } from '../lib/time'
import { toUserPushData } from '../schemas/agents'
import { toContactPushData } from '../schemas/contacts'
import { CHANNEL_CLASS } from '../schemas/inboxes'
import type { MessagePushData } from '../schemas/messages'
import type { ConversationWebhookData } from '../schemas/webhook-payloads'
import {
  agentBot,
  attachmentData,
  botPushData,
  loadSender,
  senderPushData,
  userWithAvailability,
} from './payload-people'

type MessageRow = typeof messages.$inferSelect

type PushContext = {
  displayId: number
  assigneeId: number | null
  unreadCount: number
  lastActivityAt: number
  sourceId: string | null
}

/** Message#push_event_data: every column, the display id, and a summary of the conversation. */
async function messagePushData(
  db: Db,
  base: string,
  message: MessageRow,
  cv: PushContext,
): Promise<MessagePushData> {
  const [files, senderRow] = await Promise.all([
    attachmentData(db, base, message.id, message.accountId),
    loadSender(db, message),
  ])
  const sender = senderPushData(senderRow, base)
  return {
    id: message.id,
    content: message.content,
    account_id: message.accountId,
    inbox_id: message.inboxId,
    conversation_id: cv.displayId,
    message_type: message.messageType,
    created_at: message.createdAt,
    updated_at: message.updatedAt,
    private: message.private,
    status: message.status,
    source_id: message.sourceId,
    content_type: message.contentType,
    content_attributes: message.contentAttributes,
    sender_type: message.senderType,
    sender_id: message.senderId,
    external_source_ids: message.externalSourceIds,
    additional_attributes: message.additionalAttributes,
    processed_message_content: message.content,
    sentiment: {},
    conversation: {
      assignee_id: cv.assigneeId,
      unread_count: cv.unreadCount,
      last_activity_at: cv.lastActivityAt,
      contact_inbox: { source_id: cv.sourceId },
    },
    ...(sender ? { sender } : {}),
    ...(message.echoId ? { echo_id: message.echoId } : {}),
    ...(files.length > 0 ? { attachments: files } : {}),
  }
}

/** The assignee's push_event_data: a user of the account or an agent bot. */
async function assigneePushData(db: Db, cv: typeof conversations.$inferSelect) {
  if (!cv.assigneeId) return null
  if (cv.assigneeType === 'AgentBot') {
    const bot = await agentBot(db, cv.assigneeId)
    return bot ? botPushData(bot) : null
  }
  const row = await userWithAvailability(db, cv.assigneeId, cv.accountId)
  return row ? toUserPushData(row.user, row.availability) : null
}

/** Chatwoot's Conversations::EventDataPresenter#push_data. */
export async function conversationWebhookData(
  db: Db,
  base: string,
  conversationId: number,
): Promise<ConversationWebhookData | null> {
  const [row] = await db
    .select({
      conversation: conversations,
      contact: contacts,
      contactInbox: contactInboxes,
      inbox: inboxes,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .leftJoin(contactInboxes, eq(contactInboxes.id, conversations.contactInboxId))
    .where(eq(conversations.id, conversationId))
    .limit(1)
  if (!row) return null
  const { conversation: cv, contact, contactInbox, inbox } = row
  // The reads below need only the conversation row: they go out together, not one after another
  // (a webhook's first attempt waits on this rendering).
  const [[lastMessage], [team], [unread], assignee] = await Promise.all([
    // `messages` holds the last chat message: never an activity line, never a private note.
    db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, cv.id),
          ne(messages.messageType, MESSAGE_TYPE.activity),
          eq(messages.private, false),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(1),
    cv.teamId
      ? db
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .where(eq(teams.id, cv.teamId))
          .limit(1)
      : [],
    db
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, cv.id),
          eq(messages.messageType, MESSAGE_TYPE.incoming),
          gt(messages.createdAt, cv.agentLastSeenAt ?? 0),
        ),
      ),
    assigneePushData(db, cv),
  ])
  const unreadCount = Math.min(unread?.n ?? 0, 10)
  const pushContext: PushContext = {
    displayId: cv.displayId,
    assigneeId: cv.assigneeId,
    unreadCount,
    lastActivityAt: cv.lastActivityAt,
    sourceId: contactInbox?.sourceId ?? null,
  }
  return {
    additional_attributes: cv.additionalAttributes,
    can_reply: true,
    channel: CHANNEL_CLASS[inbox.channelType],
    contact_inbox: contactInbox
      ? {
          id: contactInbox.id,
          contact_id: contactInbox.contactId,
          inbox_id: contactInbox.inboxId,
          source_id: contactInbox.sourceId,
          created_at: isoFromSeconds(contactInbox.createdAt),
          updated_at: isoFromSeconds(contactInbox.createdAt),
          hmac_verified: contactInbox.hmacVerified,
          pubsub_token: contactInbox.pubsubToken,
        }
      : null,
    id: cv.displayId,
    inbox_id: cv.inboxId,
    messages: lastMessage ? [await messagePushData(db, base, lastMessage, pushContext)] : [],
    labels: cv.labels,
    meta: {
      sender: toContactPushData(contact, base),
      assignee,
      assignee_type: cv.assigneeId ? cv.assigneeType : null,
      team: team ?? null,
      hmac_verified: contactInbox?.hmacVerified ?? false,
    },
    status: cv.status,
    custom_attributes: cv.customAttributes,
    snoozed_until: cv.snoozedUntil,
    unread_count: unreadCount,
    first_reply_created_at: cv.firstReplyCreatedAt ? isoFromSeconds(cv.firstReplyCreatedAt) : null,
    priority: cv.priority,
    waiting_since: cv.waitingSince ?? 0,
    agent_last_seen_at: cv.agentLastSeenAt ?? 0,
    contact_last_seen_at: cv.contactLastSeenAt ?? 0,
    last_activity_at: cv.lastActivityAt,
    timestamp: cv.lastActivityAt,
    created_at: cv.createdAt,
    updated_at: cv.updatedAt,
  }
}
