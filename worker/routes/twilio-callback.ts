// Twilio's message webhook, where Chatwoot receives it (POST /twilio/callback), so a shop moving
// from Chatwoot changes only the host in Twilio's console. Unlike Chatwoot's, every request must
// carry a valid X-Twilio-Signature: the inbox is found by AccountSid and our number (or the
// Messaging Service), its auth token checks the signature over the URL Twilio called, and only
// then is anything read further or written.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Statement } from '../conversations/changes'
import { mayReopen } from '../conversations/message-effects'
import { hasActiveBot } from '../db/queries/agent-bots'
import { isAccountActive } from '../db/queries/inbound-mail'
import { MESSAGE_TYPE } from '../db/queries/messages'
import {
  findContactByPhone,
  findInboundPhoneMessage,
  findPhoneContactInbox,
  findPhoneConversation,
  isInboundPhoneMessageConflict,
} from '../db/queries/phone'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { commitEvents } from '../events/outbox'
import { deleteStored } from '../lib/files'
import { isTwilioSignatureValid } from '../lib/twilio-signature'
import { replayableRequest } from '../middleware/body'
import { inboundTextWrite } from '../phone/inbound-message'
import { type InboundText, readInboundText } from '../phone/inbound-params'
import { storeInboundMedia } from '../phone/media'
import { type PhonePlace, phoneInboxOf } from '../phone/place'
import { noCredentials } from '../schemas/common'
import { TwilioInboundSchema } from '../schemas/twilio'
import { createRouter } from './router'
import { publishAfterResponse } from './write-adapter'

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>'

const twilioCallback = createRoute({
  operationId: 'receiveTwilioMessage',
  method: 'post',
  path: '/twilio/callback',
  tags: ['Twilio'],
  // Twilio signs the request (X-Twilio-Signature) instead of sending a credential.
  security: noCredentials,
  summary: 'Receive a text from Twilio (SMS, MMS or WhatsApp)',
  description:
    'Twilio’s messaging webhook, form-encoded and signed with `X-Twilio-Signature` over the URL ' +
    'Twilio called: `PUBLIC_BASE_URL` and the path when the deployment sets it, else the ' +
    'request’s own URL. A missing or wrong signature is 403 and nothing is written; a sender no ' +
    'inbox has is 404. The same `MessageSid` again is the same message (200, nothing new). Bodies ' +
    'over 1600 characters or more than 10 media are 413; media go into the message’s attachments. ' +
    'A text that is only STOP (or UNSUBSCRIBE, CANCEL, END, QUIT, STOPALL) opts the contact out ' +
    'of the number, START (YES, UNSTOP) back in.',
  request: {
    body: {
      // Read from the body as it arrived (every parameter is signed), so nothing is refused
      // before the signature is checked; the form reaches the route re-made as JSON (readBody).
      content: {
        'application/x-www-form-urlencoded': { schema: TwilioInboundSchema },
        'application/json': { schema: TwilioInboundSchema.partial() },
      },
      required: false,
    },
  },
  responses: {
    200: {
      description: 'Empty TwiML: no automatic answer',
      content: { 'text/xml': { schema: z.string().openapi({ example: EMPTY_TWIML }) } },
    },
    ...errorResponses(
      'bad_request',
      'forbidden',
      'not_found',
      'payload_too_large',
      'validation_failed',
    ),
  },
})

/** The URL Twilio signed: the public one when the deployment names it (behind a proxy). */
function signedUrlOf(c: Context<AppEnv>) {
  const url = new URL(c.req.url)
  const base = c.env.PUBLIC_BASE_URL?.replace(/\/+$/, '')
  return base ? `${base}${url.pathname}${url.search}` : url.href
}

const twiml = (c: Context<AppEnv>) => c.body(EMPTY_TWIML, 200, { 'content-type': 'text/xml' })

/** Where the text lands, read fresh: a retry after a lost race sees the winner's rows. */
async function threadOf(place: PhonePlace, text: InboundText) {
  const { db, accountId, inbox } = place
  const contact = await findContactByPhone(db, accountId, text.fromNumber)
  const contactInbox = await findPhoneContactInbox(db, inbox.id, text.from)
  const conversation = contactInbox
    ? await findPhoneConversation(
        db,
        accountId,
        contactInbox.id,
        inbox.settings.lock_to_single_conversation === true,
      )
    : undefined
  const botInbox =
    !!conversation &&
    mayReopen(conversation, MESSAGE_TYPE.incoming) &&
    (await hasActiveBot(db, inbox.id))
  return {
    inbox: { id: inbox.id, accountId },
    contact: contact ?? null,
    contactInbox: contactInbox ?? null,
    conversation: conversation ?? null,
    botInbox,
  }
}

const isUniqueConflict = (error: unknown) =>
  /UNIQUE constraint failed/.test(
    `${error instanceof Error ? error.message : ''} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`,
  )

export const twilioCallbackRoutes = createRouter().openapi(twilioCallback, async (c) => {
  const request = await replayableRequest(c)
  const params = new URLSearchParams(await request.text())
  const accountSid = params.get('AccountSid')?.trim() ?? ''
  const place = accountSid
    ? await phoneInboxOf(c.env, {
        accountSid,
        ourNumber:
          params
            .get('To')
            ?.trim()
            .replace(/^whatsapp:/i, '') || null,
        messagingServiceSid: params.get('MessagingServiceSid')?.trim() || null,
      })
    : null
  if (!place) throw apiError('not_found', 'No phone inbox has this Twilio sender')
  const signed = await isTwilioSignatureValid(
    place.authToken,
    signedUrlOf(c),
    [...params.entries()],
    c.req.header('x-twilio-signature'),
  )
  if (!signed) throw apiError('forbidden', 'X-Twilio-Signature is missing or does not match')
  if (!(await isAccountActive(place.db, place.accountId)))
    throw apiError('forbidden', 'The account is suspended')
  const read = readInboundText(params)
  if (!read.ok) {
    const { field, message, tooLarge } = read.problem
    if (tooLarge) throw apiError('payload_too_large', `${field} ${message}`)
    throw validationError([fieldError(field, message, 'invalid')])
  }
  const text = read.text
  if (await findInboundPhoneMessage(place.db, place.inbox.id, text.messageSid)) return twiml(c)
  const stored = await storeInboundMedia(c.env, place.accountId, text.media, {
    accountSid: place.channel.twilioAccountSid,
    authToken: place.authToken,
  })
  const now = Math.floor(Date.now() / 1000)
  for (let attempt = 1; ; attempt++) {
    try {
      const write = inboundTextWrite(place.db, await threadOf(place, text), text, stored, now)
      const { eventIds } = await commitEvents(
        place.db,
        write.statements as [Statement, ...Statement[]],
        write.events,
      )
      publishAfterResponse(c, place.accountId, eventIds)
      return twiml(c)
    } catch (error) {
      // The same MessageSid committed by a concurrent delivery of the webhook: that one message.
      const duplicate = isInboundPhoneMessageConflict(error)
      // A contact or contact inbox made by a concurrent text of the same sender: once more.
      if (!duplicate && attempt < 2 && isUniqueConflict(error)) continue
      await deleteStored(
        c.env,
        stored.map((f) => f.key),
      )
      if (duplicate) return twiml(c)
      throw error
    }
  }
})
