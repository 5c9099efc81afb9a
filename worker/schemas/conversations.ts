import { z } from '@hono/zod-openapi'
import { COUNT_CAP } from '../db/queries/conversation-counters'
import type { ConversationSort, ConversationView, TeamRow } from '../db/queries/conversations'
import { DETAILS_MESSAGE_LIMIT, SORTS } from '../db/queries/conversations'
import { MESSAGE_CANDIDATES } from '../db/queries/conversations/message-search'
import type { MessageView } from '../db/queries/messages'
import { nowSeconds } from '../lib/time'
import { isWhatsAppAddress } from '../phone/routing'
import { phoneSendRefusal } from '../phone/window'
import { AgentSchema, toAgent } from './agents'
import { AttributesSchema, IdSchema, nullableRef, SearchTextSchema } from './common'
import { ContactSchema, toContact } from './contacts'
import * as examples from './examples/conversations'
import { CHANNEL_CLASS } from './inboxes'
import {
  MAX_CONTENT_LENGTH,
  type MessageConversationContext,
  MessagePushDataSchema,
  toMessagePushData,
} from './messages'

export const STATUSES = ['open', 'resolved', 'pending', 'snoozed'] as const
export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const
export const PER_PAGE = 25

export const ConversationTeamSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    allow_auto_assign: z.boolean(),
    account_id: z.number().int(),
  })
  .openapi('ConversationTeam', { example: examples.ConversationTeamExample })

const AgentBotSlimSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  thumbnail: z.string(),
  outgoing_url: z.string().nullable(),
})

const ConversationMetaSchema = z.object({
  sender: ContactSchema,
  channel: z.string(),
  assignee: z.union([AgentSchema, AgentBotSlimSchema]).optional(),
  assignee_type: z.enum(['User', 'AgentBot']).optional(),
  team: ConversationTeamSchema.optional(),
  hmac_verified: z.boolean(),
  reply_refusal: z
    .enum(['opted_out', 'outside_whatsapp_window'])
    .nullable()
    .openapi({
      description:
        'Why a phone conversation may not be answered now (then can_reply is false): the contact ' +
        'texted STOP, or on WhatsApp the 24-hour window since their last message has closed and ' +
        'only a template may be sent. Null otherwise.',
    }),
})

const Seconds = z.number().int().openapi({ description: 'Unix seconds; 0 when unset' })

export const ConversationSchema = z
  .object({
    meta: ConversationMetaSchema,
    id: z.number().int().openapi({ description: 'The per-account display id' }),
    messages: z.array(MessagePushDataSchema).openapi({
      description:
        "In lists, the conversation's last message (of any type); in the conversation's " +
        `details, every message oldest first (its newest ${DETAILS_MESSAGE_LIMIT} at most).`,
    }),
    account_id: z.number().int(),
    uuid: z.string(),
    additional_attributes: AttributesSchema,
    agent_last_seen_at: Seconds,
    assignee_last_seen_at: Seconds,
    can_reply: z.boolean(),
    contact_last_seen_at: Seconds,
    custom_attributes: AttributesSchema,
    inbox_id: z.number().int(),
    labels: z.array(z.string()),
    muted: z.boolean(),
    snoozed_until: z.number().int().nullable(),
    status: z.enum(STATUSES),
    created_at: z.number().int(),
    updated_at: z.number(),
    timestamp: z.number().int(),
    first_reply_created_at: Seconds,
    unread_count: z.number().int(),
    last_non_activity_message: nullableRef(MessagePushDataSchema),
    last_activity_at: z.number().int(),
    priority: z.enum(PRIORITIES).nullable(),
    waiting_since: Seconds,
    sla_policy_id: z.number().int().nullable(),
  })
  .openapi('Conversation', { example: examples.ConversationExample })
export type Conversation = z.infer<typeof ConversationSchema>

export const ConversationCountsSchema = z
  .object({
    mine_count: z.number().int(),
    assigned_count: z.number().int(),
    unassigned_count: z.number().int(),
    all_count: z.number().int(),
    counts_capped: z
      .literal(true)
      .optional()
      .openapi({
        description:
          `Present when the filters are ones the kept counters do not cover (team, labels, \`q\`, ` +
          `\`source_id\`) and more than ${COUNT_CAP} conversations match: each count is then the ` +
          `number among the first ${COUNT_CAP} (show it as "${COUNT_CAP}+"). Also present when a \`q\` of ` +
          `three characters or more is in more than ${MESSAGE_CANDIDATES} messages, or a \`q\` of one or ` +
          `two characters (too short for the search index) is asked of an account with more than ` +
          `${MESSAGE_CANDIDATES} messages: the answer then comes from the newest ${MESSAGE_CANDIDATES} ` +
          `of those messages. Counts are exact otherwise.`,
      }),
  })
  .openapi({ example: examples.ConversationCountsExample })

export const ConversationListMetaSchema = ConversationCountsSchema.extend({
  next_cursor: z
    .string()
    .optional()
    .openapi({
      description:
        'Present when the page is full: pass it as `cursor` (with the same filters and sort) for ' +
        'the page after this one, which then starts at this row instead of walking the ones before.',
    }),
})

const UnixSecondsInput = z.coerce.number().int().nonnegative().max(32_503_680_000)

export const ConversationInputSchema = z
  .object({
    source_id: z.string().min(1).max(255).optional(),
    inbox_id: IdSchema.optional(),
    contact_id: IdSchema.optional(),
    additional_attributes: AttributesSchema.optional(),
    custom_attributes: AttributesSchema.optional(),
    status: z.enum(STATUSES).optional(),
    assignee_id: IdSchema.nullable().optional(),
    team_id: IdSchema.nullable().optional(),
    snoozed_until: UnixSecondsInput.nullable().optional(),
    hmac_verified: z.boolean().optional(),
    message: z
      .object({
        content: z.string().min(1).max(MAX_CONTENT_LENGTH),
        template_params: AttributesSchema.optional(),
      })
      .optional(),
  })
  .openapi('ConversationInput', { example: examples.ConversationInputExample })

const LEGACY_SORTS = {
  latest: 'last_activity_at_desc',
  sort_on_created_at: 'created_at_asc',
  sort_on_priority: 'priority_desc',
  sort_on_waiting_since: 'waiting_since_asc',
} as const

const StringList = z.union([z.string().max(255), z.array(z.string().max(255)).max(50)])

export const ConversationListQuerySchema = z.object({
  status: z.enum([...STATUSES, 'all']).optional(),
  assignee_type: z.enum(['me', 'unassigned', 'assigned', 'all']).optional(),
  inbox_id: IdSchema.optional(),
  team_id: IdSchema.optional(),
  labels: StringList.optional(),
  'labels[]': StringList.optional(),
  q: SearchTextSchema.optional(),
  source_id: z.string().max(255).optional(),
  page: z.coerce.number().int().positive().max(100_000).optional(),
  cursor: z.string().max(200).optional().openapi({
    description:
      "The previous page's `meta.next_cursor`: the page after it (then `page` is not used).",
  }),
  sort_by: z
    .enum([...SORTS, ...(Object.keys(LEGACY_SORTS) as (keyof typeof LEGACY_SORTS)[])])
    .optional(),
})
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>

export function sortOf(sortBy: ConversationListQuery['sort_by']): ConversationSort {
  if (!sortBy) return 'last_activity_at_desc'
  if (sortBy in LEGACY_SORTS) return LEGACY_SORTS[sortBy as keyof typeof LEGACY_SORTS]
  return sortBy as ConversationSort
}

export const ToggleStatusInputSchema = z
  .object({
    status: z.enum(STATUSES).optional(),
    snoozed_until: UnixSecondsInput.nullable().optional(),
  })
  .openapi('ToggleStatusInput', { example: examples.ToggleStatusInputExample })

export const ToggleStatusResponseSchema = z
  .object({
    meta: z.object({}),
    payload: z.object({
      success: z.boolean(),
      conversation_id: z.number().int(),
      current_status: z.enum(STATUSES),
      snoozed_until: z.number().int().nullable(),
    }),
  })
  .openapi({ example: examples.ToggleStatusResponseExample })

/** `null` or "" clears the priority. */
export const PriorityInputSchema = z
  .object({
    priority: z
      .union([z.enum(PRIORITIES), z.literal('')])
      .nullable()
      .optional(),
  })
  .openapi('PriorityInput', { example: examples.PriorityInputExample })

export const CustomAttributesInputSchema = z
  .object({ custom_attributes: AttributesSchema })
  .openapi('ConversationCustomAttributesInput', {
    example: examples.ConversationCustomAttributesInputExample,
  })

export const AssignmentInputSchema = z
  .object({
    assignee_id: IdSchema.nullable().optional(),
    team_id: IdSchema.nullable().optional(),
  })
  .openapi('AssignmentInput', { example: examples.AssignmentInputExample })

export const LabelsInputSchema = z
  .object({ labels: z.array(z.string().trim().min(1).max(255)).max(100) })
  .openapi('LabelsInput', { example: examples.LabelsInputExample })

export const LabelsSchema = z
  .object({ payload: z.array(z.string()) })
  .openapi({ example: { payload: ['billing', 'vip'] } })

export function toTeam(team: TeamRow): z.infer<typeof ConversationTeamSchema> {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    allow_auto_assign: team.allowAutoAssign,
    account_id: team.accountId,
  }
}

/** What each message's push data carries about this conversation. */
export function messageContextOf(view: ConversationView): MessageConversationContext {
  return {
    assignee_id: view.conversation.assigneeId,
    unread_count: view.unreadCount,
    last_activity_at: view.conversation.lastActivityAt,
    contact_inbox: { source_id: view.contactInbox?.sourceId ?? null },
  }
}

function metaOf(view: ConversationView, requestUrl: string) {
  const { assignee, assigneeBot, team } = view
  return {
    sender: toContact(view.contact, requestUrl),
    channel: CHANNEL_CLASS[view.inbox.channelType],
    ...(assignee
      ? { assignee: toAgent(assignee.user, assignee.membership), assignee_type: 'User' as const }
      : {}),
    ...(assigneeBot
      ? {
          assignee: {
            id: assigneeBot.id,
            name: assigneeBot.name,
            description: assigneeBot.description,
            thumbnail: assigneeBot.avatarUrl ?? '',
            outgoing_url: assigneeBot.outgoingUrl,
          },
          assignee_type: 'AgentBot' as const,
        }
      : {}),
    ...(team ? { team: toTeam(team) } : {}),
    hmac_verified: view.contactInbox?.hmacVerified ?? false,
    reply_refusal: replyRefusalOf(view),
  }
}

/** A phone conversation's refusal now (worker/phone/window.ts); WhatsApp's contacts are `whatsapp:…`. */
function replyRefusalOf(view: ConversationView) {
  const contactInbox = view.contactInbox
  if (view.inbox.channelType !== 'phone' || !contactInbox) return null
  const medium = isWhatsAppAddress(contactInbox.sourceId) ? 'whatsapp' : 'sms'
  return phoneSendRefusal(
    {
      optedOutAt: contactInbox.optedOutAt ?? null,
      lastInboundAt: contactInbox.lastInboundAt ?? null,
    },
    { medium },
    nowSeconds(),
  )
}

/**
 * Chatwoot's conversation JSON (`_conversation.json.jbuilder`). `messages` is the last message
 * (of any type), as in Chatwoot's list, unless `shownMessages` is given (the details endpoint's
 * messages: every one, as Chatwoot's API documents the details).
 */
export function toConversation(
  view: ConversationView,
  requestUrl: string,
  shownMessages?: MessageView[],
): Conversation {
  const c = view.conversation
  const context = messageContextOf(view)
  const push = (m: MessageView) => toMessagePushData(m, context, requestUrl)
  const messages = shownMessages ?? (view.lastMessage ? [view.lastMessage] : [])
  return {
    meta: metaOf(view, requestUrl),
    id: c.displayId,
    messages: messages.map(push),
    account_id: c.accountId,
    uuid: c.uuid,
    additional_attributes: c.additionalAttributes,
    agent_last_seen_at: c.agentLastSeenAt ?? 0,
    assignee_last_seen_at: c.assigneeLastSeenAt ?? 0,
    can_reply: replyRefusalOf(view) === null,
    contact_last_seen_at: c.contactLastSeenAt ?? 0,
    custom_attributes: c.customAttributes,
    inbox_id: c.inboxId,
    labels: c.labels,
    muted: c.muted,
    snoozed_until: c.snoozedUntil,
    status: c.status,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    timestamp: c.lastActivityAt,
    first_reply_created_at: c.firstReplyCreatedAt ?? 0,
    unread_count: view.unreadCount,
    last_non_activity_message: view.lastNonActivityMessage
      ? push(view.lastNonActivityMessage)
      : null,
    last_activity_at: c.lastActivityAt,
    priority: c.priority,
    waiting_since: c.waitingSince ?? 0,
    sla_policy_id: null,
  }
}
