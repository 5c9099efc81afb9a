import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { findInboxBotTarget } from '../db/queries/agent-bots'
import type { NewDelivery } from '../db/queries/webhook-deliveries'
import { type events, messages } from '../db/schema'

type EventRow = typeof events.$inferSelect

/** Chatwoot's agent-bot events (app/listeners/agent_bot_listener.rb). */
export const BOT_EVENTS = [
  'message_created',
  'message_updated',
  'conversation_opened',
  'conversation_resolved',
  'webwidget_triggered',
] as const
export type BotEvent = (typeof BOT_EVENTS)[number]

const ACTIVITY = 2

/** The status a conversation_status_changed event moved the conversation to. */
function newStatusOf(event: EventRow): unknown {
  for (const change of event.changedAttributes) {
    if ('status' in change) return change.status?.current_value
  }
  return undefined
}

/**
 * Which bot event, if any, this event is for the inbox's bot `botId`. A message goes to the bot
 * unless it is an activity line, a private note, or the bot's own message (Chatwoot sends the
 * bot its own replies back; a bot then has to filter them to avoid answering itself).
 */
async function botEventOf(db: Db, event: EventRow, botId: number): Promise<BotEvent | null> {
  switch (event.kind) {
    case 'message_created':
    case 'message_updated': {
      if (!event.messageId) return null
      const [message] = await db
        .select({
          messageType: messages.messageType,
          private: messages.private,
          senderType: messages.senderType,
          senderId: messages.senderId,
        })
        .from(messages)
        .where(eq(messages.id, event.messageId))
        .limit(1)
      if (!message || message.messageType === ACTIVITY || message.private) return null
      if (message.senderType === 'AgentBot' && message.senderId === botId) return null
      return event.kind
    }
    case 'conversation_status_changed': {
      const status = newStatusOf(event)
      if (status === 'open') return 'conversation_opened'
      if (status === 'resolved') return 'conversation_resolved'
      return null
    }
    case 'webwidget_triggered':
      return 'webwidget_triggered'
    default:
      return null
  }
}

/** The delivery of this event to its inbox's active agent bot, if the bot gets it. */
export async function botDeliveryTarget(db: Db, event: EventRow): Promise<NewDelivery | null> {
  if (!event.inboxId) return null
  const bot = await findInboxBotTarget(db, event.inboxId)
  if (!bot?.url) return null
  const botEvent = await botEventOf(db, event, bot.id)
  if (!botEvent) return null
  return {
    accountId: event.accountId,
    agentBotId: bot.id,
    eventId: event.id,
    event: botEvent,
    messageId: `msg_${event.id}_b${bot.id}`,
    url: bot.url,
  }
}

/**
 * The body a bot receives: the event's frozen payload, except that a status change is sent as
 * Chatwoot's conversation_opened / conversation_resolved (the conversation's webhook_data with
 * `event`, no changed_attributes). A pure function of the frozen payload, so every attempt sends
 * the same bytes.
 */
export function botBody(payload: Record<string, unknown>, botEvent: string) {
  if (payload.event === botEvent) return payload
  const { changed_attributes: _changed, ...rest } = payload
  return { ...rest, event: botEvent }
}
