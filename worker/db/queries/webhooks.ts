import { and, asc, eq, ne } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { inboxes, webhooks } from '../schema'

export type WebhookRow = typeof webhooks.$inferSelect
export type NewWebhook = typeof webhooks.$inferInsert
/** A webhook with the name of the inbox it names, when that inbox still exists in the account. */
export type WebhookWithInbox = { webhook: WebhookRow; inbox: { id: number; name: string } | null }

function selectWithInbox(db: Db) {
  return db
    .select({ webhook: webhooks, inbox: { id: inboxes.id, name: inboxes.name } })
    .from(webhooks)
    .leftJoin(
      inboxes,
      and(eq(inboxes.id, webhooks.inboxId), eq(inboxes.accountId, webhooks.accountId)),
    )
}

export function listWebhooks(db: Db, accountId: number): Promise<WebhookWithInbox[]> {
  return selectWithInbox(db).where(eq(webhooks.accountId, accountId)).orderBy(asc(webhooks.id))
}

export async function findWebhook(
  db: Db,
  accountId: number,
  id: number,
): Promise<WebhookWithInbox | undefined> {
  const [row] = await selectWithInbox(db)
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)))
    .limit(1)
  return row
}

/** Whether another webhook of the account already posts to `url`. */
export async function webhookUrlTaken(db: Db, accountId: number, url: string, exceptId?: number) {
  const [row] = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.accountId, accountId),
        eq(webhooks.url, url),
        exceptId === undefined ? undefined : ne(webhooks.id, exceptId),
      ),
    )
    .limit(1)
  return Boolean(row)
}

export async function insertWebhook(db: Db, values: NewWebhook) {
  const [row] = await db.insert(webhooks).values(values).returning({ id: webhooks.id })
  return row?.id
}

export async function updateWebhook(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<NewWebhook>,
) {
  const rows = await db
    .update(webhooks)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id })
  return rows.length > 0
}

export async function deleteWebhook(db: Db, accountId: number, id: number) {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id })
  return rows.length > 0
}
