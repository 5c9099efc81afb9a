import { z } from '@hono/zod-openapi'
import type { accountUsers, users } from '../db/schema'
import { effectiveAvailability } from '../lib/presence'
import { isoFromSeconds } from '../lib/time'
import { AttributesSchema, EmailSchema, NameSchema, TextSchema } from './common'
import * as examples from './examples/users'

type UserRow = typeof users.$inferSelect
type AccountUserRow = typeof accountUsers.$inferSelect
export type Membership = AccountUserRow & { accountName: string; accountStatus: string }

/**
 * A new password: 8 to 128 characters. Nothing more is imposed (NIST SP 800-63B: length, not
 * composition rules); the upper bound keeps PBKDF2's input small. Stored only as a PBKDF2 hash.
 */
export const PasswordSchema = z.string().min(8).max(128).openapi({ format: 'password' })

const RoleSchema = z.enum(['administrator', 'agent'])
const AvailabilitySchema = z.enum(['online', 'offline', 'busy'])

export const ProfileAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  active_at: z.string().nullable(),
  role: RoleSchema,
  permissions: z.array(z.string()),
  availability: AvailabilitySchema,
  availability_status: AvailabilitySchema,
  auto_offline: z.boolean(),
})

const userFields = {
  account_id: z.number().int().nullable(),
  available_name: z.string(),
  avatar_url: z.string(),
  confirmed: z.boolean(),
  display_name: z.string().nullable(),
  message_signature: z.string().nullable(),
  email: z.string(),
  id: z.number().int(),
  inviter_id: z.number().int().nullable(),
  name: z.string(),
  provider: z.string(),
  pubsub_token: z.string(),
  custom_attributes: AttributesSchema,
  role: RoleSchema.nullable(),
  ui_settings: AttributesSchema,
  uid: z.string(),
  type: z.literal('user'),
}

export const ProfileSchema = z
  .object({
    access_token: z.string(),
    ...userFields,
    accounts: z.array(ProfileAccountSchema),
  })
  .openapi('Profile', { example: examples.ProfileExample })

export const PlatformUserSchema = z
  .object({
    access_token: z
      .string()
      .optional()
      .openapi({ description: 'Only in the response that created the user' }),
    ...userFields,
    accounts: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        active_at: z.string().nullable(),
        role: RoleSchema,
      }),
    ),
  })
  .openapi('PlatformUser', { example: examples.PlatformUserExample })

export const PlatformUserInputSchema = z
  .object({
    name: NameSchema,
    display_name: z.string().trim().max(255).nullable().optional(),
    email: EmailSchema,
    password: PasswordSchema.optional().openapi({
      description: 'Lets the user sign in (POST /auth/sign_in); never returned',
    }),
    custom_attributes: AttributesSchema.optional(),
  })
  .openapi('PlatformUserInput', { example: examples.PlatformUserInputExample })

export const PlatformUserUpdateSchema = PlatformUserInputSchema.partial().openapi(
  'PlatformUserUpdate',
  { example: examples.PlatformUserUpdateExample },
)

export const UserTokenSchema = z
  .object({
    access_token: z.string(),
    expiry: z.null(),
    user: z.object({
      id: z.number().int(),
      name: z.string(),
      display_name: z.string().nullable(),
      email: z.string(),
      pubsub_token: z.string(),
    }),
  })
  .openapi('UserToken', { example: examples.UserTokenExample })

export const ProfileUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    display_name: z.string().trim().max(255).nullable().optional(),
    message_signature: TextSchema.nullable().optional(),
    ui_settings: AttributesSchema.optional().openapi({
      description: 'Merged into the stored settings',
    }),
    current_password: z.string().max(128).optional().openapi({
      format: 'password',
      description: 'Required with `password`',
    }),
    password: PasswordSchema.optional().openapi({
      description:
        "The new password. Ends the user's other sessions (the caller's own stays signed in)",
    }),
    password_confirmation: z.string().max(128).optional().openapi({
      format: 'password',
      description: 'When given, must equal `password`',
    }),
  })
  .openapi('ProfileUpdate', { example: examples.ProfileUpdateExample })

export const AvailabilityInputSchema = z
  .object({
    account_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    availability: AvailabilitySchema,
  })
  .openapi('AvailabilityInput', { example: examples.AvailabilityInputExample })

export const AutoOfflineInputSchema = z
  .object({
    account_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    auto_offline: z.boolean().openapi({
      description: 'On: offline a short while after your last dashboard closes (the default)',
    }),
  })
  .openapi('AutoOfflineInput', { example: { account_id: 1, auto_offline: false } })

export const AccountUserSchema = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    user_id: z.number().int(),
    role: RoleSchema,
    inviter_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    active_at: z.string().nullable(),
    availability: AvailabilitySchema,
    auto_offline: z.boolean(),
  })
  .openapi('AccountUser', { example: examples.AccountUserExample })

export const AccountUserInputSchema = z
  .object({
    user_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    role: RoleSchema.default('agent'),
  })
  .openapi('AccountUserInput', { example: examples.AccountUserInputExample })

export const AccountUserDeleteSchema = z
  .object({ user_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
  .openapi('AccountUserDelete', { example: examples.AccountUserDeleteExample })

const isoOrNull = (s: number | null) => (s === null ? null : isoFromSeconds(s))
const permissionsFor = (role: 'administrator' | 'agent') =>
  role === 'administrator' ? ['administrator'] : ['agent']

function userBase(user: UserRow, memberships: Membership[]) {
  const first = memberships[0]
  return {
    account_id: first?.accountId ?? null,
    available_name: user.displayName || user.name,
    avatar_url: '',
    confirmed: true,
    display_name: user.displayName,
    message_signature: user.messageSignature,
    email: user.email,
    id: user.id,
    inviter_id: first?.inviterId ?? null,
    name: user.name,
    provider: 'email',
    pubsub_token: user.pubsubToken,
    custom_attributes: user.customAttributes,
    role: first?.role ?? null,
    ui_settings: user.uiSettings,
    uid: user.email,
    type: 'user' as const,
  }
}

export function toProfile(
  user: UserRow,
  memberships: Membership[],
  accessToken: string,
): z.infer<typeof ProfileSchema> {
  return {
    access_token: accessToken,
    ...userBase(user, memberships),
    accounts: memberships.map((m) => ({
      id: m.accountId,
      name: m.accountName,
      status: m.accountStatus,
      active_at: isoOrNull(m.activeAt),
      role: m.role,
      permissions: permissionsFor(m.role),
      availability: m.availability,
      availability_status: effectiveAvailability(m),
      auto_offline: m.autoOffline,
    })),
  }
}

export function toPlatformUser(
  user: UserRow,
  memberships: Membership[],
  accessToken?: string,
): z.infer<typeof PlatformUserSchema> {
  return {
    ...(accessToken ? { access_token: accessToken } : {}),
    ...userBase(user, memberships),
    accounts: memberships.map((m) => ({
      id: m.accountId,
      name: m.accountName,
      active_at: isoOrNull(m.activeAt),
      role: m.role,
    })),
  }
}

export function toAccountUser(row: AccountUserRow): z.infer<typeof AccountUserSchema> {
  return {
    id: row.id,
    account_id: row.accountId,
    user_id: row.userId,
    role: row.role,
    inviter_id: row.inviterId,
    created_at: isoFromSeconds(row.createdAt),
    updated_at: isoFromSeconds(row.updatedAt),
    active_at: isoOrNull(row.activeAt),
    availability: row.availability,
    auto_offline: row.autoOffline,
  }
}
