import { z } from '@hono/zod-openapi'
import type { accountUsers, users } from '../db/schema'
import { AttributesSchema } from './common'

type UserRow = typeof users.$inferSelect
type AccountUserRow = typeof accountUsers.$inferSelect

export const AgentSchema = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    availability_status: z.enum(['online', 'offline', 'busy']),
    auto_offline: z.boolean(),
    confirmed: z.boolean(),
    email: z.string(),
    provider: z.string(),
    available_name: z.string(),
    custom_attributes: AttributesSchema.optional(),
    name: z.string(),
    role: z.enum(['administrator', 'agent']),
    thumbnail: z.string(),
  })
  .openapi('Agent')
export type Agent = z.infer<typeof AgentSchema>

/** A user as a message sender or a conversation's assignee (Chatwoot's push_event_data). */
export const UserPushDataSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    available_name: z.string(),
    avatar_url: z.string(),
    type: z.literal('user'),
    availability_status: z.enum(['online', 'offline', 'busy']),
    thumbnail: z.string(),
  })
  .openapi('UserPushData')

export function toAgent(user: UserRow, membership: AccountUserRow): Agent {
  return {
    id: user.id,
    account_id: membership.accountId,
    availability_status: membership.availability,
    auto_offline: membership.autoOffline,
    confirmed: true,
    email: user.email,
    provider: 'email',
    available_name: user.displayName || user.name,
    ...(Object.keys(user.customAttributes).length > 0
      ? { custom_attributes: user.customAttributes }
      : {}),
    name: user.name,
    role: membership.role,
    thumbnail: '',
  }
}

export function toUserPushData(
  user: Pick<UserRow, 'id' | 'name' | 'displayName'>,
  availability: 'online' | 'offline' | 'busy' = 'offline',
): z.infer<typeof UserPushDataSchema> {
  return {
    id: user.id,
    name: user.name,
    available_name: user.displayName || user.name,
    avatar_url: '',
    type: 'user',
    availability_status: availability,
    thumbnail: '',
  }
}
