import { z } from '@hono/zod-openapi'
import { NameSchema } from './common'

/** Twilio's account SID (`AC…`), Messaging Service SID (`MG…`) and an E.164 number. */
export const TwilioAccountSidSchema = z
  .string()
  .trim()
  .regex(/^AC[0-9A-Za-z]{8,64}$/, 'must be a Twilio Account SID (AC…)')
export const MessagingServiceSidSchema = z
  .string()
  .trim()
  .regex(/^MG[0-9A-Za-z]{8,64}$/, 'must be a Twilio Messaging Service SID (MG…)')
export const E164Schema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{1,14}$/, 'must be in E.164 format')
export const MediumSchema = z.enum(['sms', 'whatsapp'])

/**
 * Chatwoot's `POST /channels/twilio_channel` body (Twilio::ChannelsController): the number or
 * the Messaging Service the inbox sends from, and the credentials checked with Twilio first.
 */
/** A Twilio auth token: printable ASCII, since it travels in HTTP Basic auth to check it. */
export const TwilioAuthTokenSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII, as Twilio gives it')

export const TwilioChannelInputSchema = z
  .object({
    name: NameSchema,
    medium: MediumSchema.default('sms'),
    account_sid: TwilioAccountSidSchema,
    auth_token: TwilioAuthTokenSchema.openapi({ description: 'Stored encrypted, never returned' }),
    phone_number: E164Schema.nullable().optional(),
    messaging_service_sid: MessagingServiceSidSchema.nullable().optional(),
  })
  .openapi('TwilioChannelInput', {
    example: {
      name: 'Support SMS',
      medium: 'sms',
      account_sid: 'AC0123456789abcdef0123456789abcdef',
      auth_token: 'your-auth-token',
      phone_number: '+15550001111',
    },
  })

/**
 * Twilio's message webhook (form-encoded), as far as Parley reads it
 * (https://www.twilio.com/docs/messaging/guides/webhook-request); every parameter is signed.
 */
export const TwilioInboundSchema = z
  .object({
    MessageSid: z.string(),
    AccountSid: z.string(),
    From: z.string().openapi({ description: 'E.164, or `whatsapp:+…` on WhatsApp' }),
    To: z.string(),
    MessagingServiceSid: z.string().optional(),
    Body: z.string().optional().openapi({ description: 'At most 1600 characters' }),
    NumMedia: z.string().optional().openapi({ description: 'At most 10' }),
    MediaUrl0: z.string().optional(),
    MediaContentType0: z.string().optional(),
    ProfileName: z.string().optional(),
  })
  .openapi('TwilioInbound', {
    example: {
      MessageSid: 'SM0123456789abcdef0123456789abcdef',
      AccountSid: 'AC0123456789abcdef0123456789abcdef',
      From: '+15557654321',
      To: '+15550001111',
      Body: 'Hello, is my order on its way?',
      NumMedia: '0',
    },
  })
