// Making a phone inbox, for both of its routes (Chatwoot's twilio_channel and our inboxes API):
// Twilio is asked about the credentials first, the sender is claimed in the directory (Twilio's
// webhooks find their inbox through it, on any shard), then the inbox and its channel are one batch.
import type { Context } from 'hono'
import type { Db } from '../db/client'
import { findInboxRoute, insertInboxRouteStatement } from '../db/queries/directory'
import {
  findTwilioChannel,
  insertPhoneInboxStatements,
  isTwilioSenderConflict,
} from '../db/queries/phone'
import { directoryDb } from '../db/replicate'
import type { AppEnv } from '../env'
import { apiError, fieldError, validationError } from '../errors'
import { checkTwilioCredentials, sealAuthToken } from '../phone/credentials'
import { twilioRouteKey } from '../phone/routing'
import type { PhoneMedium } from '../phone/window'
import { assertRoomFor } from './account-limits'

export type PhoneInboxInput = {
  name: string
  medium: PhoneMedium
  accountSid: string
  authToken: string
  phoneNumber: string | null
  messagingServiceSid: string | null
  settings: Record<string, unknown>
  /** How the caller's body names fields (`channel.` in ours, none in Chatwoot's). */
  fieldPrefix: string
}

export async function createPhoneInbox(c: Context<AppEnv>, input: PhoneInboxInput) {
  const field = (name: string) => `${input.fieldPrefix}${name}`
  if (!input.phoneNumber && !input.messagingServiceSid) {
    throw validationError([
      fieldError(field('phone_number'), 'or messaging_service_sid is required', 'required'),
    ])
  }
  await assertRoomFor(c.var.db, c.var.accountId, 'inboxes')
  const check = await checkTwilioCredentials(c.env, input.accountSid, input.authToken)
  if (check === 'refused') {
    throw validationError([
      fieldError(field('auth_token'), 'was refused by Twilio for this Account SID', 'invalid'),
    ])
  }
  if (check === 'unreachable') {
    throw apiError('unavailable', 'Twilio could not be reached to check the credentials; try again')
  }
  const taken = validationError([
    fieldError(
      field(input.messagingServiceSid ? 'messaging_service_sid' : 'phone_number'),
      'has already been taken',
      'taken',
    ),
  ])
  const key = twilioRouteKey(input.accountSid, input.messagingServiceSid ?? input.phoneNumber ?? '')
  const directory = await directoryDb(c)
  await insertInboxRouteStatement(directory, key, c.var.accountId)
  const route = await findInboxRoute(directory, key)
  if (route?.accountId !== c.var.accountId) throw taken
  const statements = insertPhoneInboxStatements(
    c.var.db,
    {
      accountId: c.var.accountId,
      name: input.name,
      channelType: 'phone',
      phoneNumber: input.phoneNumber,
      settings: {
        ...input.settings,
        // What the inbox's JSON shows of its channel (schemas/inboxes.ts), never the token.
        phone_channel: {
          provider: 'twilio',
          medium: input.medium,
          messaging_service_sid: input.messagingServiceSid,
        },
      },
    },
    {
      accountId: c.var.accountId,
      twilioAccountSid: input.accountSid,
      authTokenEncrypted: await sealAuthToken(c.env, input.authToken),
      phoneNumber: input.phoneNumber,
      messagingServiceSid: input.messagingServiceSid,
      medium: input.medium,
    },
  )
  try {
    const [[inbox]] = await c.var.db.batch(statements)
    if (!inbox) throw new Error('inbox insert returned nothing')
    return inbox
  } catch (error) {
    if (isTwilioSenderConflict(error)) throw taken
    throw error
  }
}

/** The directory route a phone inbox's sender holds, to free it when the inbox is deleted. */
export async function twilioRouteOfInbox(db: Db, accountId: number, inboxId: number) {
  const channel = await findTwilioChannel(db, accountId, inboxId)
  if (!channel) return null
  return twilioRouteKey(
    channel.twilioAccountSid,
    channel.messagingServiceSid ?? channel.phoneNumber ?? '',
  )
}
