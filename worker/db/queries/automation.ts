import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../client'
import { contacts, conversations, events, inboxes, messages } from '../schema'

/** The event kinds automations react to (worker/automation/). */
export const AUTOMATION_KINDS = [
  'conversation_created',
  'conversation_status_changed',
  'conversation_updated',
  'message_created',
  'message_updated',
  'webwidget_triggered',
] as const

/**
 * The committed events automations may react to, each with its conversation as it is now, its
 * contact (email, blocked), the conversation's inbox (its channel and settings) and, for message
 * events, the message's kind.
 * One read, so a publish whose inbox has nothing switched on costs one round trip.
 */
export async function loadAutomationTriggers(db: Db, accountId: number, eventIds: number[]) {
  if (eventIds.length === 0) return []
  return db
    .select({
      event: {
        id: events.id,
        kind: events.kind,
        changedAttributes: events.changedAttributes,
        data: events.data,
        createdAt: events.createdAt,
      },
      conversation: conversations,
      contact: { email: contacts.email, blocked: contacts.blocked },
      inbox: {
        id: inboxes.id,
        channelType: inboxes.channelType,
        settings: inboxes.settings,
        email: inboxes.email,
      },
      message: {
        id: messages.id,
        messageType: messages.messageType,
        contentType: messages.contentType,
        private: messages.private,
        senderType: messages.senderType,
        senderId: messages.senderId,
        createdAt: messages.createdAt,
      },
    })
    .from(events)
    .innerJoin(conversations, eq(conversations.id, events.conversationId))
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(messages, eq(messages.id, events.messageId))
    .where(
      and(
        inArray(events.id, eventIds),
        eq(events.accountId, accountId),
        inArray(events.kind, [...AUTOMATION_KINDS]),
      ),
    )
    .orderBy(events.id)
}

export type AutomationTrigger = Awaited<ReturnType<typeof loadAutomationTriggers>>[number]
