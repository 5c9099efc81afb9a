import { z } from '@hono/zod-openapi'
import type { accounts } from '../db/schema'
import {
  ALWAYS_ON_FEATURES,
  featureRefusal,
  LIMIT_KEYS,
  SWITCHABLE_FEATURES,
} from '../lib/account-plan'
import { isCurrencyCode } from '../lib/currency'
import { isoFromSeconds } from '../lib/time'
import { AttributesSchema, EmailSchema, MAX_ATTRIBUTE_KEYS, NameSchema } from './common'
import * as examples from './examples/accounts'

type AccountRow = typeof accounts.$inferSelect

export const AccountSchema = z
  .object({
    settings: AttributesSchema,
    created_at: z.string().openapi({ format: 'date-time' }),
    custom_attributes: AttributesSchema,
    domain: z.string().nullable(),
    features: z.record(z.string(), z.boolean()),
    id: z.number().int(),
    locale: z.string(),
    name: z.string(),
    support_email: z.string().nullable(),
    status: z.enum(['active', 'suspended']),
    cache_keys: z.object({ label: z.number(), inbox: z.number(), team: z.number() }),
  })
  .openapi('Account', { example: examples.AccountExample })

export const AccountDetailsSchema = AccountSchema.extend({
  latest_chatwoot_version: z.string(),
}).openapi('AccountDetails', { example: examples.AccountDetailsExample })

export const PlatformAccountSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    locale: z.string(),
    domain: z.string().nullable(),
    support_email: z.string().nullable(),
    features: z.record(z.string(), z.boolean()),
    custom_attributes: AttributesSchema,
    limits: AttributesSchema,
    status: z.enum(['active', 'suspended']),
  })
  .openapi('PlatformAccount', { example: examples.PlatformAccountExample })

// Checked against the deployment's mail domains by routes/account-mail-fields.ts.
const MailDomainInputSchema = z.string().trim().max(255).nullable().optional().openapi({
  description:
    'Only null, "" or the deployment\'s inbound mail domain: per-account mail domains are not supported',
})
const SupportEmailInputSchema = EmailSchema.or(z.literal('')).nullable().optional().openapi({
  description:
    'The From address of the mail the account sends for website inboxes (continuity); must be on the domain the deployment sends mail from. null or "" clears it',
})

const LocaleSchema = z.string().trim().min(2).max(16)
// What Parley does with each flag and limit: lib/account-plan.ts.
const FeaturesInputSchema = z
  .record(z.string().max(255), z.boolean())
  .superRefine((value, ctx) => {
    if (Object.keys(value).length > MAX_ATTRIBUTE_KEYS) {
      ctx.addIssue({ code: 'custom', message: `must have at most ${MAX_ATTRIBUTE_KEYS} keys` })
    }
    for (const [flag, on] of Object.entries(value)) {
      const refusal = featureRefusal(flag, on)
      if (refusal) ctx.addIssue({ code: 'custom', path: [flag], message: refusal })
    }
  })
  .openapi({
    description: `Switchable (false turns it off for the account): ${SWITCHABLE_FEATURES.join(', ')}. Always on (false refused): ${ALWAYS_ON_FEATURES.join(', ')}. Any other flag: only false.`,
  })
const LimitsInputSchema = z
  .record(z.string().max(255), z.number().int().min(0).nullable())
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!(LIMIT_KEYS as readonly string[]).includes(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is not a supported limit (only ${LIMIT_KEYS.join(', ')})`,
        })
      }
    }
  })
  .openapi({
    description:
      'agents: the most members the account may have; inboxes: the most inboxes; null or absent: no limit',
  })

export const PlatformAccountInputSchema = z
  .object({
    name: NameSchema,
    locale: LocaleSchema.optional(),
    domain: MailDomainInputSchema,
    support_email: SupportEmailInputSchema,
    status: z.enum(['active', 'suspended']).optional(),
    features: FeaturesInputSchema.optional(),
    limits: LimitsInputSchema.optional(),
    custom_attributes: AttributesSchema.optional(),
    shard: z
      .number()
      .int()
      .min(0)
      .optional()
      .openapi({
        description:
          'Parley extension, root platform app only (403 for others): the shard (0, 1, …) to ' +
          'place the account on. Without it, the shard with the fewest accounts.',
      }),
  })
  .openapi('PlatformAccountInput', { example: examples.PlatformAccountInputExample })

// An account changes shard only through a move (docs/scaling.md), never through an update.
export const PlatformAccountUpdateSchema = PlatformAccountInputSchema.omit({
  shard: true,
})
  .partial()
  .openapi('PlatformAccountUpdate', { example: examples.PlatformAccountUpdateExample })

/** Minutes: Chatwoot's Account::SETTINGS_PARAMS_SCHEMA bounds. */
export const AUTO_RESOLVE_MIN = 10
export const AUTO_RESOLVE_MAX = 1_439_856

/**
 * Parley's addition: the ISO 4217 code money totals (funnels) are shown in, kept in settings;
 * absent or null means USD. Only codes the runtime's Intl knows, so every client can format it.
 */
const CurrencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => isCurrencyCode(code), { message: 'is not an ISO 4217 currency code' })
  .openapi({ description: 'ISO 4217 code (USD, EUR, BRL…); null or absent: USD', example: 'EUR' })

export const AccountUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    locale: LocaleSchema.optional(),
    domain: MailDomainInputSchema,
    support_email: SupportEmailInputSchema,
    industry: z.string().max(255).nullable().optional(),
    company_size: z.string().max(255).nullable().optional(),
    timezone: z.string().max(255).nullable().optional(),
    auto_resolve_after: z
      .number()
      .int()
      .min(AUTO_RESOLVE_MIN)
      .max(AUTO_RESOLVE_MAX)
      .nullable()
      .optional()
      .openapi({ description: 'Minutes of inactivity before an open conversation is resolved' }),
    auto_resolve_message: z.string().max(20_000).nullable().optional(),
    auto_resolve_ignore_waiting: z.boolean().nullable().optional(),
    auto_resolve_label: z.string().max(255).nullable().optional(),
    currency: CurrencySchema.nullable().optional(),
    auto_assign_on_reply: z.boolean().nullable().optional().openapi({
      description:
        "An agent's reply to an unassigned conversation assigns it to that agent (default true)",
    }),
    // Parley transcribes no audio: on is refused by name rather than stored and ignored.
    audio_transcriptions: z
      .boolean()
      .nullable()
      .optional()
      .refine((on) => on !== true, {
        message: 'is not supported: Parley does not transcribe audio',
      })
      .openapi({ description: 'Only false or null: Parley does not transcribe audio' }),
  })
  .openapi('AccountUpdate', { example: examples.AccountUpdateExample })

export const CUSTOM_ATTRIBUTE_FIELDS = ['industry', 'company_size', 'timezone'] as const
export const SETTINGS_FIELDS = [
  'auto_resolve_after',
  'auto_resolve_message',
  'auto_resolve_ignore_waiting',
  'auto_resolve_label',
  'audio_transcriptions',
  'auto_assign_on_reply',
  'currency',
] as const

export function toAccount(row: AccountRow): z.infer<typeof AccountSchema> {
  return {
    settings: row.settings,
    created_at: isoFromSeconds(row.createdAt),
    custom_attributes: row.customAttributes,
    domain: row.domain,
    features: Object.fromEntries(Object.entries(row.features).filter(([, on]) => on)),
    id: row.id,
    locale: row.locale,
    name: row.name,
    support_email: row.supportEmail,
    status: row.status,
    cache_keys: { label: row.updatedAt, inbox: row.updatedAt, team: row.updatedAt },
  }
}

export function toPlatformAccount(row: AccountRow): z.infer<typeof PlatformAccountSchema> {
  return {
    id: row.id,
    name: row.name,
    locale: row.locale,
    domain: row.domain,
    support_email: row.supportEmail,
    features: row.features,
    custom_attributes: row.customAttributes,
    limits: row.limits,
    status: row.status,
  }
}
