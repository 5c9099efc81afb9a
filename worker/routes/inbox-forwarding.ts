import type { Context } from 'hono'
import { insertInboxRouteStatement } from '../db/queries/directory'
import { type findInbox, updateInbox } from '../db/queries/inboxes'
import { directoryDb } from '../db/replicate'
import { newForwardingIdentifier } from '../email/forwarding'
import type { AppEnv } from '../env'

type InboxRow = NonNullable<Awaited<ReturnType<typeof findInbox>>>

/**
 * An email inbox made before inboxes had forwarding addresses gets its identifier the first time
 * it is shown or updated: the directory route lives in another database than the inbox, so a
 * migration cannot write both. Route first, as on create: a failure after it leaves a route to
 * no inbox, which the intake refuses as an unknown address.
 */
export async function withForwardingIdentifier(c: Context<AppEnv>, inbox: InboxRow) {
  if (inbox.channelType !== 'email' || inbox.identifier !== null) return inbox
  const identifier = newForwardingIdentifier()
  await insertInboxRouteStatement(await directoryDb(c), identifier, c.var.accountId)
  return (await updateInbox(c.var.db, c.var.accountId, inbox.id, { identifier })) ?? inbox
}
