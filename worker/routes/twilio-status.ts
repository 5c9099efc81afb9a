import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { findSentPhoneMessage } from '../db/queries/phone-outbound'
import type { AppEnv } from '../env'
import { apiError, errorResponses } from '../errors'
import { commitEvents } from '../events/outbox'
import { nowSeconds } from '../lib/time'
import { isTwilioSignatureValid } from '../lib/twilio-signature'
import { replayableRequest } from '../middleware/body'
import { phoneInboxOf } from '../phone/place'
import { bareNumber } from '../phone/routing'
import { externalErrorOf, phoneStatusOf, phoneStatusWrite } from '../phone/status'
import { jsonBody, noCredentials } from '../schemas/common'
import { TwilioStatusSchema } from '../schemas/twilio-status'
import { createRouter } from './router'
import { publishAfterResponse } from './write-adapter'

const deliveryStatusRoute = createRoute({
  operationId: 'receiveTwilioDeliveryStatus',
  method: 'post',
  path: '/twilio/delivery_status',
  tags: ['Twilio'],
  security: noCredentials,
  summary: "Twilio's status callback on a sent text",
  description:
    'Where Chatwoot receives it, so a shop moving from Chatwoot changes only the host. Signed ' +
    'with X-Twilio-Signature (HMAC-SHA1 of the URL and the sorted parameters with the auth ' +
    'token): unsigned or badly signed is 403 and nothing is written. Moves the message Twilio ' +
    'sent as MessageSid to delivered, read or failed (with ErrorCode in ' +
    '`content_attributes.external_error`), never backwards, and raises `message_updated`.',
  // Twilio posts a form; every JSON route takes its body as a form too (middleware/body.ts).
  request: { body: jsonBody(TwilioStatusSchema, 'Form-encoded, as Twilio posts it') },
  responses: {
    204: { description: 'Taken (also when the message is unknown or already further on)' },
    ...errorResponses('forbidden', 'validation_failed'),
  },
})

/** The form's parameters exactly as Twilio signed them, each repeated name with each value. */
async function signedParams(c: Context<AppEnv>): Promise<[string, string][]> {
  const bytes = await (await replayableRequest(c)).arrayBuffer()
  const text = new TextDecoder().decode(bytes)
  return [...new URLSearchParams(text)]
}

/** The URL Twilio signed: the public one when the deployment names it (behind a proxy). */
function signedUrlOf(c: Context<AppEnv>) {
  const url = new URL(c.req.url)
  const base = c.env.PUBLIC_BASE_URL?.replace(/\/+$/, '')
  return base ? `${base}${url.pathname}${url.search}` : url.href
}

/**
 * The phone inbox that sent the text (a status callback's From is our number, as Twilio's
 * callback's To is), on its account's shard, once the signature is its auth token's; else 403.
 */
async function signedInbox(c: Context<AppEnv>, params: [string, string][]) {
  const get = (name: string) => params.find(([n]) => n === name)?.[1]?.trim() || null
  const accountSid = get('AccountSid')
  const place = accountSid
    ? await phoneInboxOf(c.env, {
        accountSid,
        ourNumber: get('From') ? bareNumber(get('From') ?? '') : null,
        messagingServiceSid: get('MessagingServiceSid'),
      })
    : null
  const signature = c.req.header('x-twilio-signature')
  if (
    !place ||
    !(await isTwilioSignatureValid(place.authToken, signedUrlOf(c), params, signature))
  ) {
    throw apiError('forbidden', 'X-Twilio-Signature is missing or does not match')
  }
  return { db: place.db, accountId: place.accountId, inboxId: place.inbox.id }
}

export const twilioStatusRoutes = createRouter().openapi(deliveryStatusRoute, async (c) => {
  const params = await signedParams(c)
  const { db, accountId, inboxId } = await signedInbox(c, params)
  const input = c.req.valid('json')
  const to = phoneStatusOf(input.MessageStatus)
  const message = to && (await findSentPhoneMessage(db, inboxId, input.MessageSid))
  if (!to || !message) return c.body(null, 204)
  const error = to === 'failed' ? externalErrorOf(input.ErrorCode, input.ErrorMessage) : null
  const write = phoneStatusWrite(db, message, input.MessageSid, to, error, nowSeconds())
  const { eventIds } = await commitEvents(db, write.statements, write.events, write.when)
  publishAfterResponse(c, accountId, eventIds)
  return c.body(null, 204)
})
