import { createRoute } from '@hono/zod-openapi'
import { inboundDomain } from '../email/reply-address'
import { errorResponses } from '../errors'
import { requireAdministrator } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { accountSecurity } from '../schemas/auth'
import { AccountIdParamsSchema, jsonBody, jsonResponse } from '../schemas/common'
import { InboxSchema, toInbox } from '../schemas/inboxes'
import { TwilioChannelInputSchema } from '../schemas/twilio'
import { createPhoneInbox } from './phone-inbox'
import { createRouter } from './router'

const createTwilioChannel = createRoute({
  operationId: 'createTwilioChannel',
  method: 'post',
  path: '/api/v1/accounts/{account_id}/channels/twilio_channel',
  tags: ['Inboxes'],
  security: accountSecurity,
  summary: 'Create a phone inbox on Twilio (administrators)',
  description:
    'Chatwoot’s Twilio channel: SMS or WhatsApp from `phone_number` or a Messaging Service. ' +
    'The credentials are checked with Twilio first (422 when Twilio refuses them, 503 when it ' +
    'cannot be reached); the auth token is stored encrypted and never returned. Point the ' +
    'number’s messaging webhook at `/twilio/callback` and its status callback at ' +
    '`/twilio/delivery_status`.',
  middleware: [unwrapBody('twilio_channel')],
  request: { params: AccountIdParamsSchema, body: jsonBody(TwilioChannelInputSchema) },
  responses: {
    200: jsonResponse(InboxSchema, 'The new inbox'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'not_found',
      'rate_limited',
      'unavailable',
    ),
  },
})

export const twilioChannelRoutes = createRouter().openapi(createTwilioChannel, async (c) => {
  requireAdministrator(c)
  const body = c.req.valid('json')
  const inbox = await createPhoneInbox(c, {
    name: body.name,
    medium: body.medium,
    accountSid: body.account_sid,
    authToken: body.auth_token,
    phoneNumber: body.phone_number ?? null,
    messagingServiceSid: body.messaging_service_sid ?? null,
    settings: {},
    fieldPrefix: '',
  })
  return c.json(toInbox(inbox, { withSecrets: true, mailDomain: inboundDomain(c.env) }), 200)
})
