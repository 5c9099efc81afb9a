import { z } from '@hono/zod-openapi'
import type { inboxes } from '../db/schema'
import { forwardingAddress } from '../email/reply-address'
import { isKnownTimeZone } from '../lib/business-hours'
import { AttributesSchema, EmailSchema, NameSchema, TextSchema } from './common'
import * as examples from './examples/inboxes'
import {
  MediumSchema,
  MessagingServiceSidSchema,
  TwilioAccountSidSchema,
  TwilioAuthTokenSchema,
} from './twilio'

type InboxRow = typeof inboxes.$inferSelect
export type ChannelType = InboxRow['channelType']

/** Chatwoot's channel class names, as clients read them from `channel_type`. */
export const CHANNEL_CLASS: Record<ChannelType, string> = {
  web_widget: 'Channel::WebWidget',
  api: 'Channel::Api',
  email: 'Channel::Email',
  phone: 'Channel::Sms',
}

const WorkingHourSchema = z.object({
  day_of_week: z.number().int().min(0).max(6),
  closed_all_day: z.boolean().default(false),
  open_hour: z.number().int().min(0).max(23).nullable().optional(),
  open_minutes: z.number().int().min(0).max(59).nullable().optional(),
  close_hour: z.number().int().min(0).max(24).nullable().optional(),
  close_minutes: z.number().int().min(0).max(59).nullable().optional(),
  open_all_day: z.boolean().default(false),
})

const PreChatFieldSchema = z.object({
  name: z.string().max(255),
  label: z.string().max(255).optional(),
  type: z.string().max(64).default('text'),
  field_type: z.string().max(64).optional(),
  required: z.boolean().default(false),
  enabled: z.boolean().default(true),
  placeholder: z.string().max(255).optional(),
})

const PreChatFormOptionsSchema = z.object({
  pre_chat_message: z.string().max(20_000).optional(),
  pre_chat_fields: z.array(PreChatFieldSchema).max(50).optional(),
})

const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #1f93ff')
const UrlSchema = z.string().trim().max(2048).url()
const DomainListSchema = z.string().max(2048).openapi({
  description: 'Comma-separated host names; the widget and public API only answer those',
})

/** Settings kept in the inbox's JSON column, with their defaults. */
export const InboxSettingsSchema = z.object({
  greeting_enabled: z.boolean().optional(),
  greeting_message: TextSchema.nullable().optional(),
  enable_email_collect: z.boolean().optional(),
  csat_survey_enabled: z.boolean().optional(),
  enable_auto_assignment: z.boolean().optional(),
  working_hours_enabled: z.boolean().optional(),
  working_hours: z.array(WorkingHourSchema).max(7).optional(),
  out_of_office_message: TextSchema.nullable().optional(),
  timezone: z
    .string()
    .max(64)
    // Working hours are read on this clock; a name the runtime does not know would silently be
    // UTC (lib/business-hours.ts), so it is refused instead.
    .refine(isKnownTimeZone, 'must be an IANA time zone, like Europe/Berlin')
    .optional(),
  allow_messages_after_resolved: z.boolean().optional(),
  lock_to_single_conversation: z.boolean().optional(),
  // Chatwoot's mail sender name (inbox.sender_name_type, business_name): email/compose-reply.ts.
  business_name: z.string().trim().max(255).nullable().optional(),
  sender_name_type: z.enum(['friendly', 'professional']).optional(),
})

export const ChannelInputSchema = z.object({
  type: z.enum(['web_widget', 'api', 'email', 'phone', 'sms']).optional(),
  website_url: UrlSchema.optional(),
  widget_color: HexColorSchema.optional(),
  welcome_title: z.string().max(255).nullable().optional(),
  welcome_tagline: z.string().max(255).nullable().optional(),
  reply_time: z.enum(['in_a_few_minutes', 'in_a_few_hours', 'in_a_day']).optional(),
  pre_chat_form_enabled: z.boolean().optional(),
  pre_chat_form_options: PreChatFormOptionsSchema.optional(),
  continuity_via_email: z.boolean().optional(),
  hmac_mandatory: z.boolean().optional(),
  allowed_domains: DomainListSchema.optional(),
  webhook_url: UrlSchema.nullable().optional(),
  // Chatwoot's API-channel additional_attributes (agent_reply_time_window) would limit when agents
  // may reply; Parley has no such window, so anything in it is refused by name, not ignored.
  additional_attributes: AttributesSchema.optional()
    .refine((value) => !value || Object.keys(value).length === 0, {
      message: 'is not supported: Parley keeps no channel attributes (no reply time window)',
    })
    .openapi({ description: 'Only empty: Parley keeps no channel attributes' }),
  email: EmailSchema.optional(),
  phone_number: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/, 'must be in E.164 format')
    .optional(),
  // A phone inbox's Twilio account (routes/phone-inbox.ts): required for channel.type phone.
  account_sid: TwilioAccountSidSchema.optional(),
  auth_token: TwilioAuthTokenSchema.optional().openapi({
    description: 'Twilio auth token: stored encrypted, never returned',
  }),
  messaging_service_sid: MessagingServiceSidSchema.optional(),
  medium: MediumSchema.optional(),
})

export const InboxInputSchema = InboxSettingsSchema.extend({
  name: NameSchema,
  channel: ChannelInputSchema,
}).openapi('InboxInput', { example: examples.InboxInputExample })

export const InboxUpdateSchema = InboxSettingsSchema.extend({
  name: NameSchema.optional(),
  channel: ChannelInputSchema.omit({
    type: true,
    account_sid: true,
    auth_token: true,
    messaging_service_sid: true,
    medium: true,
  }).optional(),
}).openapi('InboxUpdate', { example: examples.InboxUpdateExample })

export const InboxSchema = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    avatar_url: z.string(),
    channel_id: z.number().int(),
    name: z.string(),
    channel_type: z.string(),
    provider: z.string().nullable(),
    greeting_enabled: z.boolean(),
    greeting_message: z.string().nullable(),
    working_hours_enabled: z.boolean(),
    enable_email_collect: z.boolean(),
    csat_survey_enabled: z.boolean(),
    enable_auto_assignment: z.boolean(),
    out_of_office_message: z.string().nullable(),
    working_hours: z.array(WorkingHourSchema),
    timezone: z.string(),
    allow_messages_after_resolved: z.boolean(),
    lock_to_single_conversation: z.boolean(),
    business_name: z.string().nullable().openapi({
      description: 'The name outgoing mail is sent as (null: the inbox name)',
    }),
    sender_name_type: z.enum(['friendly', 'professional']).openapi({
      description:
        'friendly: mail from "<agent> from <business_name>"; professional: from "<business_name>"',
    }),
    website_url: z.string().nullable(),
    widget_color: z.string().nullable(),
    welcome_title: z.string().nullable(),
    welcome_tagline: z.string().nullable(),
    reply_time: z.string().nullable(),
    pre_chat_form_enabled: z.boolean(),
    pre_chat_form_options: PreChatFormOptionsSchema,
    continuity_via_email: z.boolean().nullable().openapi({
      description:
        "Website inboxes: an agent's replies to a visitor who gave an email and has left are emailed to them (on by default); null for other inboxes",
    }),
    allowed_domains: z.string(),
    hmac_mandatory: z.boolean(),
    webhook_url: z.string().nullable(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    medium: MediumSchema.nullable().openapi({
      description: 'A Twilio phone inbox: sms or whatsapp',
    }),
    messaging_service_sid: z.string().nullable(),
    inbox_identifier: z.string().nullable(),
    forward_to_email: z.string().nullable().openapi({
      description:
        "Email inboxes: the address to forward the support mailbox to (the deployment's inbound mail domain); null for other inboxes or when the deployment receives no mail",
    }),
    hmac_token: z.string().optional().openapi({ description: 'Administrators only' }),
    webhook_secret: z.string().optional().openapi({
      description:
        'API inboxes, administrators only: verifies the signature of webhook_url deliveries',
    }),
  })
  .openapi('Inbox', { example: examples.InboxExample })
export type Inbox = z.infer<typeof InboxSchema>

export const DEFAULT_WORKING_HOURS = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day_of_week: day,
  closed_all_day: day === 0 || day === 6,
  open_hour: day === 0 || day === 6 ? null : 9,
  open_minutes: day === 0 || day === 6 ? null : 0,
  close_hour: day === 0 || day === 6 ? null : 17,
  close_minutes: day === 0 || day === 6 ? null : 0,
  open_all_day: false,
}))

const DEFAULT_PRE_CHAT_FORM = {
  pre_chat_message: 'Share your queries or comments here.',
  pre_chat_fields: [
    { name: 'emailAddress', label: 'Email Id', type: 'email', required: true, enabled: false },
    { name: 'fullName', label: 'Full name', type: 'text', required: false, enabled: false },
  ],
}

const str = (v: unknown) => (typeof v === 'string' ? v : null)
const bool = (v: unknown, fallback = false) => (typeof v === 'boolean' ? v : fallback)

/** How the inbox's outgoing mail names its sender, with Chatwoot's defaults (friendly, no name). */
export function mailSenderSettings(settings: Record<string, unknown>) {
  const name = str(settings.business_name)?.trim()
  return {
    businessName: name ? name : null,
    senderNameType: settings.sender_name_type === 'professional' ? 'professional' : 'friendly',
  } as const
}

export type InboxView = {
  withSecrets: boolean
  /** The deployment's inbound mail domain (inboundDomain(env)), for an email inbox's address. */
  mailDomain?: string | null
}

export function toInbox(row: InboxRow, { withSecrets, mailDomain }: InboxView): Inbox {
  const s = row.settings
  const hasIdentifier = row.channelType === 'web_widget' || row.channelType === 'api'
  const phoneChannel = s.phone_channel as
    | { medium: 'sms' | 'whatsapp'; messaging_service_sid: string | null }
    | undefined
  return {
    id: row.id,
    account_id: row.accountId,
    avatar_url: '',
    channel_id: row.id,
    name: row.name,
    channel_type: CHANNEL_CLASS[row.channelType],
    provider: phoneChannel ? 'twilio' : null,
    greeting_enabled: bool(s.greeting_enabled),
    greeting_message: str(s.greeting_message),
    working_hours_enabled: bool(s.working_hours_enabled),
    enable_email_collect: bool(s.enable_email_collect, true),
    csat_survey_enabled: bool(s.csat_survey_enabled),
    enable_auto_assignment: bool(s.enable_auto_assignment, true),
    out_of_office_message: str(s.out_of_office_message),
    working_hours: (s.working_hours as Inbox['working_hours'] | undefined) ?? DEFAULT_WORKING_HOURS,
    timezone: str(s.timezone) ?? 'UTC',
    allow_messages_after_resolved: bool(s.allow_messages_after_resolved, true),
    lock_to_single_conversation: bool(s.lock_to_single_conversation),
    business_name: mailSenderSettings(s).businessName,
    sender_name_type: mailSenderSettings(s).senderNameType,
    website_url: str(s.website_url),
    widget_color: str(s.widget_color) ?? (row.channelType === 'web_widget' ? '#1f93ff' : null),
    welcome_title: str(s.welcome_title),
    welcome_tagline: str(s.welcome_tagline),
    reply_time: str(s.reply_time) ?? (row.channelType === 'web_widget' ? 'in_a_few_minutes' : null),
    pre_chat_form_enabled: bool(s.pre_chat_form_enabled),
    pre_chat_form_options:
      (s.pre_chat_form_options as Inbox['pre_chat_form_options'] | undefined) ??
      DEFAULT_PRE_CHAT_FORM,
    continuity_via_email:
      row.channelType === 'web_widget' ? bool(s.continuity_via_email, true) : null,
    allowed_domains: str(s.allowed_domains) ?? '',
    hmac_mandatory: row.hmacMandatory,
    webhook_url: row.webhookUrl,
    email: row.email,
    phone_number: row.phoneNumber,
    medium: phoneChannel?.medium ?? null,
    messaging_service_sid: phoneChannel?.messaging_service_sid ?? null,
    inbox_identifier: hasIdentifier ? row.identifier : null,
    forward_to_email:
      row.channelType === 'email' && row.identifier && mailDomain
        ? forwardingAddress(mailDomain, row.identifier)
        : null,
    ...(withSecrets && row.hmacToken ? { hmac_token: row.hmacToken } : {}),
    ...(withSecrets && row.webhookSecret ? { webhook_secret: row.webhookSecret } : {}),
  }
}
