import { and, asc, eq } from 'drizzle-orm'
import { DEMO_ACCOUNT_NAME, DEMO_WEBSITE_INBOX } from '../../demo/names'
import { createDb } from '../client'
import { accounts, inboxes } from '../schema'
import { accountBinding } from '../shards'

/**
 * The identifier of the demo's website inbox (the first, should the seed have run twice). The
 * demo pages name no account: the directory finds the demo account, and its shard the inbox.
 */
export async function findDemoWebsiteInboxIdentifier(env: Env): Promise<string | null> {
  const [account] = await createDb(env.DIRECTORY)
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, DEMO_ACCOUNT_NAME))
    .orderBy(asc(accounts.id))
    .limit(1)
  if (!account) return null
  const [inbox] = await createDb(await accountBinding(env, account.id))
    .select({ identifier: inboxes.identifier })
    .from(inboxes)
    .where(
      and(
        eq(inboxes.accountId, account.id),
        eq(inboxes.name, DEMO_WEBSITE_INBOX),
        eq(inboxes.channelType, 'web_widget'),
      ),
    )
    .orderBy(asc(inboxes.id))
    .limit(1)
  return inbox?.identifier ?? null
}
