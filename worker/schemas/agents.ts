import { z } from '@hono/zod-openapi'
import type { accountUsers, users } from '../db/schema'
import { effectiveAvailability } from '../lib/presence'
import { isoFromSeconds } from '../lib/time'
import { AttributesSchema, EmailSchema, NameSchema } from './common'
import * as examples from './examples/agents'

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
    invitation_expires_at: z.string().optional().openapi({
      format: 'date-time',
      description:
        "Parley's addition: while the user has no password, when its latest invitation link expires",
    }),
    invitation_url: z
      .string()
      .optional()
      .openapi({
        format: 'uri',
        description:
          "Parley's addition, only in the response that added a user without a password: the " +
          'one-time link (7 days) with which it sets its password and signs in',
      }),
  })
  .openapi('Agent', { example: examples.AgentExample })
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
  .openapi('UserPushData', { example: examples.UserPushDataExample })

/**
 * `confirmed` is false while the user has no password; where the caller has not read that (the
 * assignee of a conversation, a team's members), it stays true.
 */
export function toAgent(
  user: Pick<UserRow, 'id' | 'name' | 'displayName' | 'email' | 'customAttributes'>,
  membership: Pick<AccountUserRow, 'accountId' | 'availability' | 'autoOffline' | 'role'> & {
    /** Whether a dashboard of theirs is open; unknown (a former member) counts as not. */
    connected?: boolean
  },
  invitation: { confirmed: boolean; expiresAt?: number; url?: string } = { confirmed: true },
): Agent {
  return {
    id: user.id,
    account_id: membership.accountId,
    availability_status: effectiveAvailability({
      ...membership,
      connected: membership.connected ?? false,
    }),
    auto_offline: membership.autoOffline,
    confirmed: invitation.confirmed,
    email: user.email,
    provider: 'email',
    available_name: user.displayName || user.name,
    ...(Object.keys(user.customAttributes).length > 0
      ? { custom_attributes: user.customAttributes }
      : {}),
    name: user.name,
    role: membership.role,
    thumbnail: '',
    ...(invitation.expiresAt !== undefined
      ? { invitation_expires_at: isoFromSeconds(invitation.expiresAt) }
      : {}),
    ...(invitation.url !== undefined ? { invitation_url: invitation.url } : {}),
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

/** An invitation's `inbox_ids`: at most this many. */
export const MAX_INBOX_IDS = 100

const AgentRoleSchema = z.enum(['administrator', 'agent'])
const AvailabilityInputSchema = z.enum(['online', 'offline', 'busy'])

export const AgentInputSchema = z
  .object({
    name: NameSchema.optional().openapi({ description: 'Required when the email is new' }),
    email: EmailSchema,
    role: AgentRoleSchema.default('agent'),
    availability: AvailabilityInputSchema.optional(),
    auto_offline: z.boolean().optional(),
    inbox_ids: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .max(MAX_INBOX_IDS)
      .transform((ids) => [...new Set(ids)])
      .optional()
      .openapi({
        description:
          "Parley's addition (Chatwoot adds inbox members with a separate call): inboxes of the " +
          'account to add the agent to, with the invitation. An id that is not an inbox of the ' +
          `account refuses the whole request (422) and nothing is created. At most ${MAX_INBOX_IDS}.`,
        example: [1, 2],
      }),
  })
  .openapi('AgentInput', { example: examples.AgentInputExample })

export const AgentUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    role: AgentRoleSchema.optional(),
    availability: AvailabilityInputSchema.optional(),
    auto_offline: z.boolean().optional(),
  })
  .openapi('AgentUpdate', { example: examples.AgentUpdateExample })

/** A request's `user_ids`: at most 100 user ids of the account (duplicates are ignored). */
export const MAX_USER_IDS = 100
const userIdArray = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(MAX_USER_IDS)
const dedupe = (ids: number[]) => [...new Set(ids)]
export const UserIdsSchema = userIdArray
  .transform(dedupe)
  .openapi({ description: `User ids (at most ${MAX_USER_IDS})`, example: [1, 2] })
export const NonEmptyUserIdsSchema = userIdArray
  .min(1)
  .transform(dedupe)
  .openapi({ description: `User ids (1 to ${MAX_USER_IDS})`, example: [1, 2] })

// Chatwoot clients (and Rails) send the inbox id as a number or as a numeric string.
const InboxIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
)

export const InboxMembersAddSchema = z
  .object({ inbox_id: InboxIdSchema, user_ids: NonEmptyUserIdsSchema })
  .openapi('InboxMembersInput', { example: examples.InboxMembersInputExample })

export const InboxMembersReplaceSchema = z
  .object({ inbox_id: InboxIdSchema, user_ids: UserIdsSchema })
  .openapi('InboxMembersReplace', { example: examples.InboxMembersReplaceExample })

export const InboxMembersRemoveByPathSchema = z
  .object({ user_ids: NonEmptyUserIdsSchema })
  .openapi('InboxMembersRemove', { example: examples.InboxMembersRemoveExample })

export const TeamMembersAddSchema = z
  .object({ user_ids: NonEmptyUserIdsSchema })
  .openapi('TeamMembersInput', { example: examples.TeamMembersInputExample })

export const TeamMembersReplaceSchema = z
  .object({ user_ids: UserIdsSchema })
  .openapi('TeamMembersReplace', { example: examples.TeamMembersReplaceExample })

export const AgentPayloadSchema = z
  .object({ payload: z.array(AgentSchema) })
  .openapi('AgentPayload', { example: examples.AgentPayloadExample })

export const InvitationLinkSchema = z
  .object({
    invitation_url: z.string().openapi({ format: 'uri' }),
    expires_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('InvitationLink', { example: examples.InvitationLinkExample })

export const ResetLinkSchema = z
  .object({
    reset_url: z.string().openapi({ format: 'uri' }),
    expires_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ResetLink', { example: examples.ResetLinkExample })
