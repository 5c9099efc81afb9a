import { z } from '@hono/zod-openapi'

/**
 * Twilio's status callback on a text Parley sent (form-encoded,
 * https://www.twilio.com/docs/messaging/guides/track-outbound-message-status), as far as Parley
 * reads it; every parameter is signed (X-Twilio-Signature), the ones not named here too.
 */
export const TwilioStatusSchema = z
  .looseObject({
    MessageSid: z.string().max(64),
    MessageStatus: z.string().max(32).openapi({
      description:
        'queued, sending, sent, delivered, read, undelivered or failed; only forwards moves apply',
    }),
    AccountSid: z.string().max(64),
    From: z.string().max(64).optional().openapi({ description: 'Our number (`whatsapp:+…`)' }),
    To: z.string().max(64).optional(),
    MessagingServiceSid: z.string().max(64).optional(),
    ErrorCode: z.string().max(16).optional(),
    ErrorMessage: z.string().max(1000).optional(),
  })
  .openapi('TwilioStatusCallback', {
    example: {
      MessageSid: 'SM0123456789abcdef0123456789abcdef',
      MessageStatus: 'delivered',
      AccountSid: 'AC0123456789abcdef0123456789abcdef',
      From: '+15550001111',
      To: '+15557654321',
    },
  })
