import { eq, inArray } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { agentBots } from '../schema'
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
