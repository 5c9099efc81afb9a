import { eq } from 'drizzle-orm'
import { stageAlertWrite } from '../conversations/stage-alert'
import { createDb, type Db } from '../db/client'
import { conversationStages, conversations, funnelStages } from '../db/schema'
import { accountBinding, shardBindings } from '../db/shards'
import { commitEvents, publishCommitted } from '../events/outbox'
import type { OwnRoom } from '../live/sockets'

/** When the stage's time limit passes for a stay that began at `enteredAtSeconds` (ms epoch). */
export function stageAlertDueAt(
  enteredAtSeconds: number,
  timeLimitMinutes: number | null,
): number | null {
  if (timeLimitMinutes === null) return null
  return (enteredAtSeconds + timeLimitMinutes * 60) * 1000
}

async function findAlertSubject(db: Db, conversationStageId: number) {
  const [row] = await db
    .select({ placement: conversationStages, stage: funnelStages, conversation: conversations })
    .from(conversationStages)
    .innerJoin(funnelStages, eq(funnelStages.id, conversationStages.stageId))
    .innerJoin(conversations, eq(conversations.id, conversationStages.conversationId))
    .where(eq(conversationStages.id, conversationStageId))
    .limit(1)
  return row
}

/**
 * The placement and the database it is on: its account's shard when the caller knows the
 * account; else (a timer armed without it) whichever shard has it, since placement ids are
 * unique across shards. An alert fires once per placement, so asking every shard is cheap.
 */
async function locateAlertSubject(env: Env, conversationStageId: number, accountId?: number) {
  if (accountId !== undefined) {
    const db = createDb(await accountBinding(env, accountId))
    const row = await findAlertSubject(db, conversationStageId)
    return row ? { db, row } : undefined
  }
  const found = await Promise.all(
    shardBindings(env).map(async (binding) => {
      const db = createDb(binding)
      const row = await findAlertSubject(db, conversationStageId)
      return row ? { db, row } : undefined
    }),
  )
  return found.find((subject) => subject !== undefined)
}

/** Who fires an alert: its account when known (the room's timer says), its room's own frames. */
export type StageAlertOptions = { accountId?: number; ownRoom?: OwnRoom }

/**
 * When the alert of a placement is due (ms epoch), or null when there is nothing to wait for:
 * the placement is gone (the conversation moved or left the funnel), was alerted already, or its
 * stage has no limit. The room re-arms its alarm with this after a 'not_due'.
 */
export async function nextStageAlertDueAt(
  env: Env,
  conversationStageId: number,
  accountId?: number,
) {
  const row = (await locateAlertSubject(env, conversationStageId, accountId))?.row
  if (!row || row.placement.alertedAt !== null) return null
  return stageAlertDueAt(row.placement.enteredAt, row.stage.timeLimitMinutes)
}

/**
 * Fires the stage time-limit alert of one placement (stageAlertWrite) and publishes it. A placement that no longer exists (moved since: a move makes a new one),
 * was alerted already or whose stage has no limit is 'skipped'; one whose limit has not passed
 * at `nowSeconds` is 'not_due' (the caller re-arms).
 */
export async function fireStageAlert(
  env: Env,
  conversationStageId: number,
  nowSeconds: number,
  { accountId, ownRoom }: StageAlertOptions = {},
): Promise<'alerted' | 'not_due' | 'skipped'> {
  const subject = await locateAlertSubject(env, conversationStageId, accountId)
  if (!subject || subject.row.placement.alertedAt !== null) return 'skipped'
  const { db, row } = subject
  const { placement, stage, conversation } = row
  const dueAt = stageAlertDueAt(placement.enteredAt, stage.timeLimitMinutes)
  if (dueAt === null || stage.timeLimitMinutes === null) return 'skipped'
  if (nowSeconds * 1000 < dueAt) return 'not_due'

  const write = stageAlertWrite(db, row, stage.timeLimitMinutes, nowSeconds)
  const { eventIds } = await commitEvents(db, write.statements, write.events, write.when)
  if (eventIds.length === 0) return 'skipped'
  await publishCommitted(env, conversation.accountId, eventIds, undefined, ownRoom)
  return 'alerted'
}
