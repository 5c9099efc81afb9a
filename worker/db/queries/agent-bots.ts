import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { agentBotInboxes, agentBots, conversations, events, webhookDeliveries } from '../schema'
import { permissibleIdsQuery } from './platform-apps'

export type NewAgentBot = typeof agentBots.$inferInsert

export function insertAgentBotStatement(db: Db, values: NewAgentBot) {
  return db.insert(agentBots).values(values).returning()
}

export async function findAgentBot(db: Db, id: number) {
  const [row] = await db.select().from(agentBots).where(eq(agentBots.id, id)).limit(1)
  return row
}

export function listPlatformAppAgentBots(db: Db, platformAppId: number) {
  return db
    .select()
    .from(agentBots)
    .where(inArray(agentBots.id, permissibleIdsQuery(db, platformAppId, 'agent_bot')))
    .orderBy(agentBots.id)
}

export async function updateAgentBot(db: Db, id: number, values: Partial<NewAgentBot>) {
  const [row] = await db
    .update(agentBots)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(eq(agentBots.id, id))
    .returning()
  return row
}

export function deleteAgentBotStatement(db: Db, id: number) {
  return db.delete(agentBots).where(eq(agentBots.id, id))
}

/**
 * Before a bot moves to another account, on the shards: it belongs to none there (its token is
 * refused everywhere) until the directory's change is copied back.
 */
export function detachAgentBotStatement(db: Db, id: number) {
  return db.update(agentBots).set({ accountId: null }).where(eq(agentBots.id, id))
}

/** Bots an account may use: its own and the global ones (no account), as Chatwoot's accessible_to. */
const usableBy = (accountId: number) =>
  or(eq(agentBots.accountId, accountId), isNull(agentBots.accountId))

export function listUsableAgentBots(db: Db, accountId: number) {
  return db.select().from(agentBots).where(usableBy(accountId)).orderBy(agentBots.id)
}

export async function findUsableAgentBot(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(agentBots)
    .where(and(eq(agentBots.id, id), usableBy(accountId)))
    .limit(1)
  return row
}

/** The bot connected to an inbox of the account, if any, with whether the link is active. */
export async function findInboxAgentBot(db: Db, accountId: number, inboxId: number) {
  const [row] = await db
    .select({ bot: agentBots, status: agentBotInboxes.status })
    .from(agentBotInboxes)
    .innerJoin(agentBots, eq(agentBots.id, agentBotInboxes.agentBotId))
    .where(and(eq(agentBotInboxes.accountId, accountId), eq(agentBotInboxes.inboxId, inboxId)))
    .limit(1)
  return row
}

/** Connects `agentBotId` to the inbox, replacing the bot it had (one per inbox). */
export function setInboxAgentBot(db: Db, accountId: number, inboxId: number, agentBotId: number) {
  return db
    .insert(agentBotInboxes)
    .values({ accountId, inboxId, agentBotId, status: 'active' })
    .onConflictDoUpdate({
      target: agentBotInboxes.inboxId,
      set: { agentBotId, status: 'active', updatedAt: nowSeconds() },
    })
}

export function removeInboxAgentBot(db: Db, accountId: number, inboxId: number) {
  return db
    .delete(agentBotInboxes)
    .where(and(eq(agentBotInboxes.accountId, accountId), eq(agentBotInboxes.inboxId, inboxId)))
}

/**
 * Whether the inbox has an active bot (Chatwoot's `inbox.active_bot?`), as a subquery so a
 * conversation's insert can decide its status in the same statement.
 */
export function inboxHasActiveBot(inboxId: number | SQL) {
  // A deleted bot's link (the bot is in the directory, the link on the shard) counts for nothing.
  // Spelled out: in an insert's values drizzle would name columns without their tables.
  return sql<number>`exists (select 1 from agent_bot_inboxes link inner join agent_bots bot on bot.id = link.agent_bot_id where link.inbox_id = ${inboxId} and link.status = 'active')`
}

/** Whether the inbox has an active agent bot, read now. */
export async function hasActiveBot(db: Db, inboxId: number) {
  const row = await db.get<{ active: number }>(sql`select ${inboxHasActiveBot(inboxId)} as active`)
  return row?.active === 1
}

/** Whether `agentBotId` is the active bot of the inbox: a bot acts on its inboxes' conversations only. */
export async function botServesInbox(
  db: Db,
  accountId: number,
  agentBotId: number,
  inboxId: number,
) {
  const [row] = await db
    .select({ id: agentBotInboxes.id })
    .from(agentBotInboxes)
    .where(
      and(
        eq(agentBotInboxes.accountId, accountId),
        eq(agentBotInboxes.inboxId, inboxId),
        eq(agentBotInboxes.agentBotId, agentBotId),
        eq(agentBotInboxes.status, 'active'),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** The active bot of an inbox with an outgoing_url and a secret: the one its events go to. */
export async function findInboxBotTarget(db: Db, inboxId: number) {
  const [row] = await db
    .select({ id: agentBots.id, url: agentBots.outgoingUrl })
    .from(agentBotInboxes)
    .innerJoin(agentBots, eq(agentBots.id, agentBotInboxes.agentBotId))
    .where(
      and(
        eq(agentBotInboxes.inboxId, inboxId),
        eq(agentBotInboxes.status, 'active'),
        isNotNull(agentBots.outgoingUrl),
      ),
    )
    .limit(1)
  return row
}

/**
 * The conversation of a bot's message_created delivery that was given up (dead), or undefined
 * for any other delivery.
 */
export async function findGivenUpBotMessageConversation(db: Db, deliveryId: number) {
  const [row] = await db
    .select({ conversation: conversations })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .innerJoin(
      conversations,
      and(
        eq(conversations.id, events.conversationId),
        eq(conversations.accountId, webhookDeliveries.accountId),
      ),
    )
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        isNotNull(webhookDeliveries.agentBotId),
        eq(webhookDeliveries.event, 'message_created'),
        eq(webhookDeliveries.status, 'dead'),
      ),
    )
    .limit(1)
  return row?.conversation
}
