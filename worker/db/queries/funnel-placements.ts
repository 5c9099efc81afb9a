import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { batchable } from '../batch'
import type { Db } from '../client'
import {
  checklistItems,
  conversationStages,
  funnelStages,
  funnels,
  stageTransitions,
  users,
} from '../schema'
import { funnelStatement, type StageRow, stageStatement } from './funnels'

export type PlacementRow = typeof conversationStages.$inferSelect

const placementFilter = (conversationId: number, funnelId: number) =>
  and(
    eq(conversationStages.conversationId, conversationId),
    eq(conversationStages.funnelId, funnelId),
  )

// Batched selects stay single-table: drizzle maps D1 batch rows by column name, so a join's
// repeated names (id, account_id…) would collapse.
const currentPlacementStatement = (db: Db, conversationId: number, funnelId: number) =>
  db.select().from(conversationStages).where(placementFilter(conversationId, funnelId)).limit(1)

const currentStageStatement = (db: Db, conversationId: number, funnelId: number) =>
  db
    .select()
    .from(funnelStages)
    .where(
      eq(
        funnelStages.id,
        sql`(select stage_id from conversation_stages where conversation_id = ${conversationId} and funnel_id = ${funnelId})`,
      ),
    )
    .limit(1)

/**
 * What a move needs to decide, in one round trip: the funnel, the target stage (only if it is in
 * that funnel), the current placement in the funnel and the open required items of its stage.
 */
export async function loadMoveContext(
  db: Db,
  accountId: number,
  conversationId: number,
  funnelId: number,
  stageId: number,
) {
  const [[funnel], [target], [placement], [stage], openRequired] = await db.batch([
    funnelStatement(db, accountId, funnelId),
    stageStatement(db, accountId, stageId, funnelId),
    currentPlacementStatement(db, conversationId, funnelId),
    currentStageStatement(db, conversationId, funnelId),
    db
      .select({ id: checklistItems.id, title: checklistItems.title })
      .from(checklistItems)
      .where(
        and(
          eq(checklistItems.conversationId, conversationId),
          sql`${checklistItems.stageId} = (select stage_id from conversation_stages where conversation_id = ${conversationId} and funnel_id = ${funnelId})`,
          eq(checklistItems.required, true),
          isNull(checklistItems.checkedAt),
        ),
      )
      .orderBy(asc(checklistItems.position), asc(checklistItems.id)),
  ])
  const current = placement && stage ? { placement, stage } : undefined
  return { funnel, target, current, openRequired }
}

export async function findPlacement(
  db: Db,
  accountId: number,
  conversationId: number,
  funnelId: number,
) {
  const [row] = await db
    .select({ placement: conversationStages, stage: funnelStages })
    .from(conversationStages)
    .innerJoin(funnelStages, eq(funnelStages.id, conversationStages.stageId))
    .where(
      and(placementFilter(conversationId, funnelId), eq(conversationStages.accountId, accountId)),
    )
    .limit(1)
  return row
}

type MoveInput = {
  accountId: number
  conversationId: number
  funnelId: number
  fromStageId: number | null
  target: StageRow
  actorId: number
  now: number
}

/**
 * Copies the target stage's checklist template into the conversation's checklist, unless the
 * conversation has been in that stage before (its items are then kept as they are). Must run
 * before the transition into the stage is recorded.
 */
export function copyTemplateStatement(db: Db, m: Omit<MoveInput, 'fromStageId'>) {
  const template = JSON.stringify(m.target.checklistTemplate)
  return batchable(
    db,
    db.run(sql`insert into checklist_items (account_id, conversation_id, stage_id, title, required, position, created_at, updated_at)
    select ${m.accountId}, ${m.conversationId}, ${m.target.id}, json_extract(t.value, '$.title'),
      coalesce(json_extract(t.value, '$.required'), 0),
      t.key + (select coalesce(max(position) + 1, 0) from checklist_items where conversation_id = ${m.conversationId} and stage_id = ${m.target.id}),
      ${m.now}, ${m.now}
    from json_each(${template}) t
    where not exists (select 1 from stage_transitions where conversation_id = ${m.conversationId} and to_stage_id = ${m.target.id})`),
  )
}

export function transitionStatement(
  db: Db,
  m: Omit<MoveInput, 'target'> & { toStageId: number | null },
) {
  return db.insert(stageTransitions).values({
    accountId: m.accountId,
    conversationId: m.conversationId,
    funnelId: m.funnelId,
    fromStageId: m.fromStageId,
    toStageId: m.toStageId,
    actorType: 'User',
    actorId: m.actorId,
    createdAt: m.now,
  })
}

const deletePlacementStatement = (db: Db, conversationId: number, funnelId: number) =>
  db
    .delete(conversationStages)
    .where(
      and(
        eq(conversationStages.conversationId, conversationId),
        eq(conversationStages.funnelId, funnelId),
      ),
    )
    .returning({ id: conversationStages.id })

/**
 * The statements of a move, in order: checklist copy, transition, and a fresh placement (a new
 * row, so an alert armed for the previous stay finds nothing and does nothing).
 */
export function moveStatements(db: Db, m: MoveInput) {
  return [
    copyTemplateStatement(db, m),
    transitionStatement(db, { ...m, toStageId: m.target.id }),
    deletePlacementStatement(db, m.conversationId, m.funnelId),
    db
      .insert(conversationStages)
      .values({
        accountId: m.accountId,
        conversationId: m.conversationId,
        funnelId: m.funnelId,
        stageId: m.target.id,
        enteredAt: m.now,
        alertedAt: null,
      })
      .returning(),
  ] as const
}

export function removeStatements(db: Db, m: Omit<MoveInput, 'target'>) {
  return [
    transitionStatement(db, { ...m, toStageId: null }),
    deletePlacementStatement(db, m.conversationId, m.funnelId),
  ] as const
}

/** A conversation's placements with their stage and funnel, by funnel. */
export function placementsOfConversation(db: Db, accountId: number, conversationId: number) {
  return db
    .select({ placement: conversationStages, stage: funnelStages, funnelName: funnels.name })
    .from(conversationStages)
    .innerJoin(funnelStages, eq(funnelStages.id, conversationStages.stageId))
    .innerJoin(funnels, eq(funnels.id, conversationStages.funnelId))
    .where(
      and(
        eq(conversationStages.accountId, accountId),
        eq(conversationStages.conversationId, conversationId),
      ),
    )
    .orderBy(asc(conversationStages.funnelId))
}

const fromStage = alias(funnelStages, 'from_stage')
const toStage = alias(funnelStages, 'to_stage')

/** Every move of a conversation (optionally in one funnel), oldest first, with names. */
export function historyOfConversation(
  db: Db,
  accountId: number,
  conversationId: number,
  funnelId?: number,
) {
  const t = stageTransitions
  return db
    .select({
      transition: t,
      fromName: fromStage.name,
      toName: toStage.name,
      actorName: users.name,
    })
    .from(t)
    .leftJoin(fromStage, eq(fromStage.id, t.fromStageId))
    .leftJoin(toStage, eq(toStage.id, t.toStageId))
    .leftJoin(users, and(eq(t.actorType, 'User'), eq(users.id, t.actorId)))
    .where(
      and(
        eq(t.accountId, accountId),
        eq(t.conversationId, conversationId),
        funnelId === undefined ? undefined : eq(t.funnelId, funnelId),
      ),
    )
    .orderBy(asc(t.id))
}
