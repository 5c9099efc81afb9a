/**
 * What Twilio's message webhook says (https://www.twilio.com/docs/messaging/guides/webhook-request),
 * read from its form parameters and bounded: a body of at most 1600 characters (Twilio's own
 * limit) and at most 10 media (an MMS's limit). A webhook past them is refused whole.
 */
import { bareNumber, isWhatsAppAddress } from './routing'
import type { PhoneMedium } from './window'

export const MAX_INBOUND_BODY_CHARS = 1600
export const MAX_INBOUND_MEDIA = 10

export type InboundMedia = { url: string; contentType: string | null }

export type InboundText = {
  messageSid: string
  accountSid: string
  /** The contact's address as Twilio gives it (`whatsapp:+…` on WhatsApp): the source_id. */
  from: string
  /** The contact's E.164 number. */
  fromNumber: string
  /** Our number, without `whatsapp:`. */
  toNumber: string
  messagingServiceSid: string | null
  medium: PhoneMedium
  body: string
  media: InboundMedia[]
  profileName: string | null
}

export type InboundProblem = { field: string; message: string; tooLarge?: boolean }

const E164 = /^\+[1-9]\d{1,14}$/

export function readInboundText(
  params: URLSearchParams,
): { ok: true; text: InboundText } | { ok: false; problem: InboundProblem } {
  const value = (name: string) => params.get(name)?.trim() || null
  const messageSid = value('MessageSid') ?? value('SmsMessageSid')
  const accountSid = value('AccountSid')
  const from = value('From')
  const to = value('To')
  for (const [field, v] of [
    ['MessageSid', messageSid],
    ['AccountSid', accountSid],
    ['From', from],
    ['To', to],
  ] as const) {
    if (!v) return { ok: false, problem: { field, message: 'is required' } }
  }
  const fromNumber = bareNumber(from ?? '')
  if (!E164.test(fromNumber))
    return { ok: false, problem: { field: 'From', message: 'must be a phone number in E.164' } }
  const body = params.get('Body') ?? ''
  if (body.length > MAX_INBOUND_BODY_CHARS) {
    return {
      ok: false,
      problem: {
        field: 'Body',
        message: `is longer than ${MAX_INBOUND_BODY_CHARS} characters`,
        tooLarge: true,
      },
    }
  }
  const count = Number(params.get('NumMedia') ?? '0')
  if (!Number.isInteger(count) || count < 0)
    return { ok: false, problem: { field: 'NumMedia', message: 'must be a whole number' } }
  if (count > MAX_INBOUND_MEDIA) {
    return {
      ok: false,
      problem: { field: 'NumMedia', message: `is more than ${MAX_INBOUND_MEDIA}`, tooLarge: true },
    }
  }
  const media: InboundMedia[] = []
  for (let index = 0; index < count; index++) {
    const url = value(`MediaUrl${index}`)
    if (!url) return { ok: false, problem: { field: `MediaUrl${index}`, message: 'is required' } }
    media.push({ url, contentType: value(`MediaContentType${index}`) })
  }
  return {
    ok: true,
    text: {
      messageSid: messageSid ?? '',
      accountSid: accountSid ?? '',
      from: from ?? '',
      fromNumber,
      toNumber: bareNumber(to ?? ''),
      messagingServiceSid: value('MessagingServiceSid'),
      medium: isWhatsAppAddress(from ?? '') ? 'whatsapp' : 'sms',
      body,
      media,
      profileName: value('ProfileName'),
    },
  }
}
