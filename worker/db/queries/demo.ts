import { and, asc, eq } from 'drizzle-orm'
import { DEMO_WEBSITE_INBOX } from '../../demo/names'
import type { Db } from '../client'
import { inboxes } from '../schema'

/** The identifier of the demo's website inbox (the first, should the seed have run twice). */
export async function findDemoWebsiteInboxIdentifier(db: Db): Promise<string | null> {
  const [inbox] = await db
    .select({ identifier: inboxes.identifier })
    .from(inboxes)
    .where(and(eq(inboxes.name, DEMO_WEBSITE_INBOX), eq(inboxes.channelType, 'web_widget')))
    .orderBy(asc(inboxes.id))
    .limit(1)
  return inbox?.identifier ?? null
}
