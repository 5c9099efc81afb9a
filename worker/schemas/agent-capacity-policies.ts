import { z } from '@hono/zod-openapi'
import type { AgentLoad } from '../db/queries/agent-capacity'
import type { InboxCapacityLimitRow, PolicyWithLinks } from '../db/queries/agent-capacity-policies'
import { AccountAndIdParamsSchema, IdSchema, TextSchema } from './common'

const Limit = z.number().int().min(1).max(10_000)

const limitExample = { id: 3, inbox_id: 7, conversation_limit: 5 }

export const InboxCapacityLimitSchema = z
  .object({
    id: z.number().int(),
    inbox_id: z.number().int(),
    conversation_limit: z.number().int(),
  })
  .openapi('InboxCapacityLimit', { example: limitExample })

/**
 * Chatwoot's agent_capacity_policy (Assignment v2), plus Parley's `overall_conversation_limit`:
 * the open conversations an agent may hold across the account, on top of each inbox's limit.
 */
export const AgentCapacityPolicySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    exclusion_rules: z.record(z.string(), z.unknown()),
    overall_conversation_limit: z.number().int().nullable().openapi({
      description:
        "Parley's extension: the most open conversations an agent of this policy holds in the whole account; null for no limit",
    }),
    account_id: z.number().int(),
    assigned_agent_count: z.number().int(),
    user_ids: z.array(z.number().int()).openapi({ description: "Parley's: the policy's agents" }),
    inbox_capacity_limits: z.array(InboxCapacityLimitSchema),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .openapi('AgentCapacityPolicy', {
    example: {
      id: 1,
      name: 'Day shift',
      description: 'Five chats per inbox, eight in all',
      exclusion_rules: {},
      overall_conversation_limit: 8,
      account_id: 1,
      assigned_agent_count: 2,
      user_ids: [4, 9],
      inbox_capacity_limits: [limitExample],
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
    },
  })

export const AgentCapacityPolicyInputSchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    description: TextSchema.max(1000).nullable().optional(),
    exclusion_rules: z.record(z.string(), z.unknown()).optional(),
    overall_conversation_limit: Limit.nullable().optional(),
  })
  .openapi('AgentCapacityPolicyInput', {
    example: { name: 'Day shift', overall_conversation_limit: 8 },
  })

export const AgentCapacityPolicyUpdateSchema = AgentCapacityPolicyInputSchema.partial().openapi(
  'AgentCapacityPolicyUpdate',
  { example: { overall_conversation_limit: 10 } },
)

export const InboxLimitInputSchema = z
  .object({ inbox_id: IdSchema, conversation_limit: Limit })
  .openapi('InboxCapacityLimitInput', { example: { inbox_id: 7, conversation_limit: 5 } })

export const InboxLimitUpdateSchema = z
  .object({ conversation_limit: Limit })
  .openapi('InboxCapacityLimitUpdate', { example: { conversation_limit: 6 } })

export const PolicyUserInputSchema = z
  .object({ user_id: IdSchema })
  .openapi('AgentCapacityPolicyUserInput', { example: { user_id: 4 } })

const pathId = (name: string) => IdSchema.openapi({ param: { name, in: 'path' }, example: 1 })
export const InboxLimitParamsSchema = AccountAndIdParamsSchema.extend({
  limit_id: pathId('limit_id'),
})
export const PolicyUserParamsSchema = AccountAndIdParamsSchema.extend({
  user_id: pathId('user_id'),
})

export const toInboxLimit = (row: InboxCapacityLimitRow) => ({
  id: row.id,
  inbox_id: row.inboxId,
  conversation_limit: row.conversationLimit,
})

export function toAgentCapacityPolicy(
  p: PolicyWithLinks,
): z.infer<typeof AgentCapacityPolicySchema> {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    exclusion_rules: p.exclusionRules,
    overall_conversation_limit: p.overallConversationLimit,
    account_id: p.accountId,
    assigned_agent_count: p.userIds.length,
    user_ids: p.userIds,
    inbox_capacity_limits: p.limits.map(toInboxLimit),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  }
}

/** Chatwoot's agents/{id}/capacity: room left (null: no limit) and open conversations held. */
export const AgentCapacitySchema = z
  .object({
    has_capacity: z.boolean().openapi({
      description:
        'Whether auto-assignment may give the agent one more conversation: room under the inbox limit (when inbox_id is given) and under the overall limit',
    }),
    overall_capacity: z.number().int().nullable().openapi({
      description: 'Conversations the agent may still take in the account; null for no limit',
    }),
    inbox_capacity: z.number().int().nullable().openapi({
      description: 'Conversations the agent may still take in inbox_id; null for no limit or inbox',
    }),
    current_conversations_count: z.number().int(),
    inbox_conversations_count: z.number().int().optional().openapi({
      description: 'Open conversations the agent holds in inbox_id (only with inbox_id)',
    }),
  })
  .openapi('AgentCapacity', {
    example: {
      has_capacity: true,
      overall_capacity: 3,
      inbox_capacity: 1,
      current_conversations_count: 5,
      inbox_conversations_count: 4,
    },
  })

export const AgentCapacityQuerySchema = z.object({
  inbox_id: IdSchema.optional().openapi({
    type: 'integer',
    description: 'An inbox of the account: also report the room in it',
  }),
})

const room = (limit: number | null, used: number) =>
  limit === null ? null : Math.max(limit - used, 0)

export function toAgentCapacity(
  load: AgentLoad,
  inboxId: number | undefined,
): z.infer<typeof AgentCapacitySchema> {
  const overall = room(load.overallLimit, load.accountOpen)
  const inbox = inboxId === undefined ? null : room(load.inboxLimit, load.inboxOpen)
  return {
    has_capacity: overall !== 0 && inbox !== 0,
    overall_capacity: overall,
    inbox_capacity: inbox,
    current_conversations_count: load.accountOpen,
    ...(inboxId === undefined ? {} : { inbox_conversations_count: load.inboxOpen }),
  }
}
