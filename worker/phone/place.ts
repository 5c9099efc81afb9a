import { createDb, type Db } from '../db/client'
import { findInboxRoute } from '../db/queries/directory'
import { findTwilioInbox } from '../db/queries/phone'
import { accountBinding } from '../db/shards'
import { openAuthToken } from './credentials'
import { twilioRouteKey } from './routing'

/**
 * The phone inbox a Twilio webhook is for, on its account's shard, with its auth token opened:
 * the directory's route for the Messaging Service (when the webhook names one) or our number,
 * then the channel in that account only. Another account's inbox is never found.
 */
export async function phoneInboxOf(
  env: Env,
  sender: { accountSid: string; ourNumber: string | null; messagingServiceSid: string | null },
) {
  const candidates: { phoneNumber: string | null; messagingServiceSid: string | null }[] = []
  if (sender.messagingServiceSid)
    candidates.push({ phoneNumber: null, messagingServiceSid: sender.messagingServiceSid })
  if (sender.ourNumber)
    candidates.push({ phoneNumber: sender.ourNumber, messagingServiceSid: null })
  const directory = createDb(env.DIRECTORY)
  for (const candidate of candidates) {
    const sent = candidate.messagingServiceSid ?? candidate.phoneNumber ?? ''
    const route = await findInboxRoute(directory, twilioRouteKey(sender.accountSid, sent))
    if (!route) continue
    const db: Db = createDb(await accountBinding(env, route.accountId))
    const found = await findTwilioInbox(db, route.accountId, {
      accountSid: sender.accountSid,
      ...candidate,
    })
    if (!found) continue
    const authToken = await openAuthToken(env, found.channel.authTokenEncrypted)
    if (authToken === null) continue
    return { db, accountId: route.accountId, ...found, authToken }
  }
  return null
}

export type PhonePlace = NonNullable<Awaited<ReturnType<typeof phoneInboxOf>>>
