import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../db/client'
import { accountUsers, agentBots, attachments, contacts, type messages, users } from '../db/schema'
import { toUserPushData } from '../schemas/agents'
import { toContactPushData } from '../schemas/contacts'
import type { AgentBotPushDataSchema } from '../schemas/messages'
import type { ContactWebhookData, MessageWebhookSender } from '../schemas/webhook-payloads'

// The people and files inside webhook payloads: senders, assignees and attachments, in the
// push-data shape (inside a conversation) and the webhook-data shape (a message event's sender).

type MessageRow = typeof messages.$inferSelect
type ContactRow = typeof contacts.$inferSelect
export type AccountRef = { id: number; name: string }

/** Contact#webhook_data. */
export function contactWebhookData(
  contact: ContactRow,
  base: string,
  account: AccountRef,
): ContactWebhookData {
  const push = toContactPushData(contact, base)
  return {
    account,
    additional_attributes: push.additional_attributes,
    avatar: push.thumbnail,
    custom_attributes: push.custom_attributes,
    email: push.email,
    id: push.id,
    identifier: push.identifier,
    name: push.name,
    phone_number: push.phone_number,
    thumbnail: push.thumbnail,
    blocked: push.blocked,
  }
}

type Sender =
  | { type: 'Contact'; contact: ContactRow }
  | {
      type: 'User'
      user: { id: number; name: string; displayName: string | null; email: string }
      availability: 'online' | 'offline' | 'busy'
    }
  | { type: 'AgentBot'; bot: { id: number; name: string; avatarUrl: string | null } }

export async function loadSender(db: Db, message: MessageRow): Promise<Sender | null> {
  const id = message.senderId
  if (!id) return null
  if (message.senderType === 'Contact') {
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1)
    return contact ? { type: 'Contact', contact } : null
  }
  if (message.senderType === 'User') {
    const user = await userWithAvailability(db, id, message.accountId)
    return user ? { type: 'User', ...user } : null
  }
  const bot = await agentBot(db, id)
  return bot ? { type: 'AgentBot', bot } : null
}

export async function userWithAvailability(db: Db, userId: number, accountId: number) {
  const [row] = await db
    .select({
      user: { id: users.id, name: users.name, displayName: users.displayName, email: users.email },
      availability: accountUsers.availability,
    })
    .from(users)
    .leftJoin(
      accountUsers,
      and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, accountId)),
    )
    .where(eq(users.id, userId))
    .limit(1)
  return row ? { user: row.user, availability: row.availability ?? 'offline' } : undefined
}

export async function agentBot(db: Db, botId: number) {
  const [bot] = await db
    .select({ id: agentBots.id, name: agentBots.name, avatarUrl: agentBots.avatarUrl })
    .from(agentBots)
    .where(eq(agentBots.id, botId))
    .limit(1)
  return bot
}

export const botPushData = (bot: {
  id: number
  name: string
  avatarUrl: string | null
}): z.infer<typeof AgentBotPushDataSchema> => ({
  id: bot.id,
  name: bot.name,
  avatar_url: bot.avatarUrl ?? '',
  type: 'agent_bot',
})

/** Message#webhook_data's sender: the sender's webhook_data (a contact's, with its account). */
export function senderWebhookData(
  sender: Sender | null,
  base: string,
  account: AccountRef,
): MessageWebhookSender | null {
  if (!sender) return null
  if (sender.type === 'Contact') {
    return { ...contactWebhookData(sender.contact, base, account), type: 'contact' }
  }
  if (sender.type === 'User') {
    const { id, name, email } = sender.user
    return { id, name, email, type: 'user' }
  }
  return { id: sender.bot.id, name: sender.bot.name, type: 'agent_bot' }
}

/** Message#push_event_data's sender (messages inside a conversation). */
export function senderPushData(sender: Sender | null, base: string) {
  if (!sender) return null
  if (sender.type === 'Contact') return toContactPushData(sender.contact, base)
  if (sender.type === 'User') return toUserPushData(sender.user, sender.availability)
  return botPushData(sender.bot)
}

export async function attachmentData(db: Db, base: string, messageId: number, accountId: number) {
  const rows = await db.select().from(attachments).where(eq(attachments.messageId, messageId))
  return rows.map((a) => ({
    id: a.id,
    message_id: a.messageId,
    file_type: a.fileType,
    account_id: accountId,
    extension: a.extension,
    data_url: `${base}/files/${a.objectKey}`,
    thumb_url: a.fileType === 'image' ? `${base}/files/${a.objectKey}` : '',
    file_size: a.fileSize,
    width: a.width,
    height: a.height,
  }))
}
