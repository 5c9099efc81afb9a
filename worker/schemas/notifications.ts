import { z } from '@hono/zod-openapi'
import type { NotificationActors, NotificationRow } from '../db/queries/notifications'
import { mentionsAsNames } from '../lib/mentions'

const NOTIFICATION_TYPES = [
  'conversation_creation',
  'conversation_assignment',
  'assigned_conversation_new_message',
  'conversation_mention',
  'participating_conversation_new_message',
] as const

const NOTIFICATION_EXAMPLE = {
  id: 17,
  notification_type: 'conversation_mention',
  push_message_title: 'You have been mentioned in conversation [ID - 12] by Ada Admin',
  primary_actor_type: 'Conversation',
  primary_actor_id: 12,
  primary_actor: { id: 12, inbox_id: 3, status: 'open' },
  read_at: null,
  secondary_actor: null,
  user: { id: 4, name: 'Ada Admin', available_name: 'Ada Admin', type: 'user' as const },
  created_at: 1795840000,
  last_activity_at: 1795840000,
  snoozed_until: null,
  account_id: 1,
}

const FLAGS = NOTIFICATION_TYPES.flatMap((t) => [`email_${t}`, `push_${t}`])

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    notification_type: z.enum(NOTIFICATION_TYPES),
    push_message_title: z.string(),
    primary_actor_type: z.string(),
    primary_actor_id: z.number().int(),
    primary_actor: z.object({
      id: z.number().int().openapi({ description: "The conversation's display id" }),
      inbox_id: z.number().int(),
      status: z.string(),
    }),
    read_at: z.number().int().nullable(),
    secondary_actor: z.record(z.string(), z.unknown()).nullable(),
    user: z
      .object({
        id: z.number().int(),
        name: z.string(),
        available_name: z.string(),
        type: z.literal('user'),
      })
      .nullable(),
    created_at: z.number().int(),
    last_activity_at: z.number().int(),
    snoozed_until: z.number().int().nullable(),
    account_id: z.number().int(),
  })
  .openapi('Notification', { example: NOTIFICATION_EXAMPLE })

export const NotificationListSchema = z
  .object({
    data: z.object({
      meta: z.object({
        unread_count: z.number().int(),
        count: z.number().int(),
        current_page: z.number().int(),
      }),
      payload: z.array(NotificationSchema),
    }),
  })
  .openapi('NotificationList', {
    example: {
      data: {
        meta: { unread_count: 1, count: 1, current_page: 1 },
        payload: [NOTIFICATION_EXAMPLE],
      },
    },
  })

export const NotificationPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().openapi({ example: 1 }),
})

export const ReadAllInputSchema = z
  .object({
    primary_actor_type: z.literal('Conversation').optional(),
    primary_actor_id: z.coerce.number().int().positive().optional(),
  })
  .openapi('NotificationsReadAll')

const FlagListSchema = z.array(z.enum(FLAGS as [string, ...string[]])).max(FLAGS.length)

export const NotificationSettingsSchema = z
  .object({
    id: z.number().int().nullable(),
    account_id: z.number().int(),
    user_id: z.number().int(),
    selected_email_flags: z.array(z.string()),
    selected_push_flags: z.array(z.string()),
  })
  .openapi('NotificationSettings', {
    example: {
      id: 5,
      account_id: 1,
      user_id: 4,
      selected_email_flags: ['email_conversation_assignment'],
      selected_push_flags: ['push_conversation_assignment', 'push_conversation_mention'],
    },
  })

export const NotificationSettingsInputSchema = z
  .object({
    selected_email_flags: FlagListSchema.optional(),
    selected_push_flags: FlagListSchema.optional(),
  })
  .openapi('NotificationSettingsInput')

export const NotificationSubscriptionInputSchema = z
  .object({
    subscription_type: z.literal('browser_push'),
    subscription_attributes: z.object({
      endpoint: z.string().url().max(2000).startsWith('https://', 'must be an https URL'),
      p256dh: z.string().min(1).max(200),
      auth: z.string().min(1).max(100),
    }),
  })
  .openapi('NotificationSubscriptionInput', {
    example: {
      subscription_type: 'browser_push',
      subscription_attributes: {
        endpoint: 'https://push.example.com/send/abc123',
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  })

export const NotificationSubscriptionSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    subscription_type: z.string(),
    subscription_attributes: z.record(z.string(), z.string()),
    identifier: z.string(),
  })
  .openapi('NotificationSubscription', {
    example: {
      id: 2,
      user_id: 4,
      subscription_type: 'browser_push',
      subscription_attributes: {
        endpoint: 'https://push.example.com/send/abc123',
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
      identifier: 'https://push.example.com/send/abc123',
    },
  })

export const VapidKeySchema = z
  .object({ vapid_public_key: z.string().nullable() })
  .openapi('VapidPublicKey', {
    example: {
      vapid_public_key:
        'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    },
  })

/** Chatwoot's push titles (notification.rb), in English. */
function titleOf(row: NotificationRow, displayId: number, content: string) {
  switch (row.notificationType) {
    case 'conversation_mention':
      return `[#${displayId}] ${content}`
    case 'conversation_assignment':
      return `A conversation (#${displayId}) has been assigned to you`
    case 'conversation_creation':
      return `A conversation (#${displayId}) has been created`
    default:
      return `A new message is created in conversation (#${displayId})${content ? `: ${content}` : ''}`
  }
}

/** A few words of a message, with mentions as names (Chatwoot truncates to ten words). */
function excerpt(content: string | null | undefined) {
  const words = mentionsAsNames(content ?? '')
    .split(/\s+/)
    .filter(Boolean)
  return words.length > 10 ? `${words.slice(0, 10).join(' ')}...` : words.join(' ')
}

export function toNotification(
  row: NotificationRow,
  actors: NotificationActors,
): z.infer<typeof NotificationSchema> {
  const conversation = actors.conversations.get(row.primaryActorId)
  const message =
    row.secondaryActorType === 'Message' && row.secondaryActorId
      ? actors.messages.get(row.secondaryActorId)
      : undefined
  const user = actors.users.get(row.userId)
  const displayId = conversation?.displayId ?? 0
  return {
    id: row.id,
    notification_type: row.notificationType,
    push_message_title: titleOf(row, displayId, excerpt(message?.content)),
    primary_actor_type: row.primaryActorType,
    primary_actor_id: row.primaryActorId,
    primary_actor: {
      id: displayId,
      inbox_id: conversation?.inboxId ?? 0,
      status: conversation?.status ?? 'open',
    },
    read_at: row.readAt,
    secondary_actor: message
      ? {
          id: message.id,
          content: message.content,
          message_type: message.messageType,
          private: message.private,
          sender_type: message.senderType,
          sender_id: message.senderId,
          created_at: message.createdAt,
        }
      : null,
    user: user
      ? {
          id: user.id,
          name: user.name,
          available_name: user.displayName || user.name,
          type: 'user',
        }
      : null,
    created_at: row.createdAt,
    last_activity_at: row.lastActivityAt,
    snoozed_until: row.snoozedUntil,
    account_id: row.accountId,
  }
}
