import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import {
  checklistItems,
  conversationStages,
  funnelStages,
  funnels,
  stageTransitions,
} from '../schema'

export type FunnelRow = typeof funnels.$inferSelect
export type StageRow = typeof funnelStages.$inferSelect
export type NewStage = typeof funnelStages.$inferInsert

const stagesOfAccountFunnels = (db: Db, accountId: number) =>
  db
    .select()
    .from(funnelStages)
    .where(
      inArray(
        funnelStages.funnelId,
        db.select({ id: funnels.id }).from(funnels).where(eq(funnels.accountId, accountId)),
      ),
    )
    .orderBy(asc(funnelStages.position), asc(funnelStages.id))

/** The account's funnels and all their stages, in one round trip. */
export async function listFunnelsWithStages(db: Db, accountId: number) {
  const [rows, stages] = await db.batch([
    db.select().from(funnels).where(eq(funnels.accountId, accountId)).orderBy(asc(funnels.id)),
    stagesOfAccountFunnels(db, accountId),
  ])
  return rows.map((funnel) => ({ funnel, stages: stages.filter((s) => s.funnelId === funnel.id) }))
}

export const stagesOfFunnelStatement = (db: Db, accountId: number, funnelId: number) =>
  db
    .select()
    .from(funnelStages)
    .where(and(eq(funnelStages.funnelId, funnelId), eq(funnelStages.accountId, accountId)))
    .orderBy(asc(funnelStages.position), asc(funnelStages.id))

export const funnelStatement = (db: Db, accountId: number, id: number) =>
  db
    .select()
    .from(funnels)
    .where(and(eq(funnels.accountId, accountId), eq(funnels.id, id)))
    .limit(1)

/** A funnel of the account with its ordered stages, in one round trip (undefined if none). */
export async function findFunnelWithStages(db: Db, accountId: number, id: number) {
  const [[funnel], stages] = await db.batch([
    funnelStatement(db, accountId, id),
    stagesOfFunnelStatement(db, accountId, id),
  ])
  return funnel ? { funnel, stages } : undefined
}

export async function countFunnels(db: Db, accountId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(funnels)
    .where(eq(funnels.accountId, accountId))
  return Number(row?.n ?? 0)
}

export async function insertFunnel(
  db: Db,
  values: { accountId: number; name: string; description: string | null },
) {
  const [row] = await db.insert(funnels).values(values).returning()
  return row
}

export async function updateFunnel(
  db: Db,
  accountId: number,
  id: number,
  values: { name?: string; description?: string | null },
) {
  const [row] = await db
    .update(funnels)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(and(eq(funnels.accountId, accountId), eq(funnels.id, id)))
    .returning()
  return row
}

/**
 * Deletes a funnel with its stages, placements, checklist items and stage history, atomically.
 * Checklist items and transitions carry no stage/funnel foreign key, so they are removed here.
 */
export async function deleteFunnel(db: Db, accountId: number, id: number) {
  const stageIds = db
    .select({ id: funnelStages.id })
    .from(funnelStages)
    .where(eq(funnelStages.funnelId, id))
  const [, , , , deleted] = await db.batch([
    db
      .delete(checklistItems)
      .where(
        and(eq(checklistItems.accountId, accountId), inArray(checklistItems.stageId, stageIds)),
      ),
    db
      .delete(stageTransitions)
      .where(and(eq(stageTransitions.accountId, accountId), eq(stageTransitions.funnelId, id))),
    db
      .delete(conversationStages)
      .where(
        and(
          eq(conversationStages.accountId, accountId),
          inArray(conversationStages.stageId, stageIds),
        ),
      ),
    db
      .delete(funnelStages)
      .where(and(eq(funnelStages.accountId, accountId), eq(funnelStages.funnelId, id))),
    db
      .delete(funnels)
      .where(and(eq(funnels.accountId, accountId), eq(funnels.id, id)))
      .returning({ id: funnels.id }),
  ])
  return deleted.length > 0
}

/** A stage of the account, optionally required to belong to `funnelId`. */
export const stageStatement = (db: Db, accountId: number, id: number, funnelId?: number) =>
  db
    .select()
    .from(funnelStages)
    .where(
      and(
        eq(funnelStages.accountId, accountId),
        eq(funnelStages.id, id),
        funnelId === undefined ? undefined : eq(funnelStages.funnelId, funnelId),
      ),
    )
    .limit(1)

export async function findStage(db: Db, accountId: number, id: number, funnelId?: number) {
  const [row] = await stageStatement(db, accountId, id, funnelId)
  return row
}

/**
 * Sets every listed stage's position to its index in `orderedIds` (one statement, whatever the
 * number of stages); stages not listed keep theirs.
 */
export function renumberStagesStatement(
  db: Db,
  accountId: number,
  funnelId: number,
  orderedIds: number[],
) {
  return db
    .update(funnelStages)
    .set({
      position: sql`coalesce((select key from json_each(${JSON.stringify(orderedIds)}) where value = ${funnelStages.id}), ${funnelStages.position})`,
      updatedAt: nowSeconds(),
    })
    .where(and(eq(funnelStages.accountId, accountId), eq(funnelStages.funnelId, funnelId)))
}

/** Makes room at `position` (shifting later stages) and inserts the stage there. */
export async function insertStageAt(db: Db, values: NewStage & { position: number }) {
  const [, [row]] = await db.batch([
    db
      .update(funnelStages)
      .set({ position: sql`${funnelStages.position} + 1` })
      .where(
        and(
          eq(funnelStages.funnelId, values.funnelId),
          sql`${funnelStages.position} >= ${values.position}`,
        ),
      ),
    db.insert(funnelStages).values(values).returning(),
  ])
  return row
}

export function updateStageStatement(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<NewStage>,
) {
  return db
    .update(funnelStages)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(and(eq(funnelStages.accountId, accountId), eq(funnelStages.id, id)))
    .returning()
}

export async function countStageConversations(db: Db, stageId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(conversationStages)
    .where(eq(conversationStages.stageId, stageId))
  return Number(row?.n ?? 0)
}

/** Placements in a stage still waiting for their time-limit alert (to re-arm after a change). */
export function unalertedPlacementsOfStage(db: Db, stageId: number) {
  return db
    .select({
      id: conversationStages.id,
      conversationId: conversationStages.conversationId,
      enteredAt: conversationStages.enteredAt,
    })
    .from(conversationStages)
    .where(
      and(eq(conversationStages.stageId, stageId), sql`${conversationStages.alertedAt} is null`),
    )
}
