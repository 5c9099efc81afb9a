import { sql } from 'drizzle-orm'
import { batchable } from '../batch'
import type { Db } from '../client'
import { eventStatement } from './events'
import { renumberStagesStatement, type StageRow } from './funnels'

type StageRemoval = {
  accountId: number
  stage: StageRow
  /** Where its conversations go; null when it holds none. */
  moveTo: StageRow | null
  /** The funnel's other stages in order, for renumbering. */
  remainingIds: number[]
  actorId: number
  now: number
}

/**
 * Deletes a stage in one batch. With `moveTo`, its conversations move there first as ordinary
 * moves would (conversation_updated event, transition, checklist copy, timer restart), in
 * set-wise statements whatever their number. Without it, the delete only happens if the stage
 * is (still) empty. Returns whether it was deleted, the moved placements and the event ids.
 */
export async function removeStage(db: Db, r: StageRemoval) {
  const old = r.stage.id
  const funnelId = r.stage.funnelId
  const moves = r.moveTo ? bulkMoveStatements(db, r, r.moveTo) : []
  const results = (await db.batch([
    ...moves,
    batchable(
      db,
      db.all(sql`delete from funnel_stages where id = ${old} and account_id = ${r.accountId}
      and not exists (select 1 from conversation_stages where stage_id = ${old}) returning id`),
    ),
    batchable(
      db,
      db.run(sql`delete from checklist_items where account_id = ${r.accountId} and stage_id = ${old}
      and not exists (select 1 from funnel_stages where id = ${old})`),
    ),
    // A stage that could not be deleted goes last rather than sharing a position.
    renumberStagesStatement(db, r.accountId, funnelId, [...r.remainingIds, old]),
  ] as unknown as Parameters<Db['batch']>[0])) as unknown as unknown[]
  const rowsAt = <T>(i: number) => (results[i] ?? []) as T[]
  return {
    deleted: rowsAt<{ id: number }>(moves.length).length > 0,
    eventIds: r.moveTo ? rowsAt<{ id: number }>(0).map((e) => e.id) : [],
    moved: r.moveTo ? rowsAt<{ id: number; conversation_id: number }>(3) : [],
  }
}

function bulkMoveStatements(db: Db, r: StageRemoval, target: StageRow) {
  const old = r.stage.id
  const funnelId = r.stage.funnelId
  const placementOf = (stageId: number) =>
    sql`json_object('funnel_id', ${funnelId}, 'stage_id', ${stageId})`
  const template = JSON.stringify(target.checklistTemplate)
  return [
    // One conversation_updated per conversation the stage holds, read before they move.
    eventStatement(
      db,
      {
        kind: 'conversation_updated',
        accountId: sql`c.account_id`,
        conversationId: sql`c.id`,
        inboxId: sql`c.inbox_id`,
        contactId: sql`c.contact_id`,
        changedAttributes: sql`json_array(json_object('funnel_stage', json_object('previous_value', ${placementOf(old)}, 'current_value', ${placementOf(target.id)})))`,
        data: sql`json_object('deleted_stage_id', ${old})`,
      },
      {
        from: sql`conversation_stages cs join conversations c on c.id = cs.conversation_id`,
        where: sql`cs.stage_id = ${old}`,
      },
    ),
    batchable(
      db,
      db.run(sql`insert into checklist_items (account_id, conversation_id, stage_id, title, required, position, created_at, updated_at)
      select ${r.accountId}, cs.conversation_id, ${target.id}, json_extract(t.value, '$.title'),
        coalesce(json_extract(t.value, '$.required'), 0),
        t.key + (select coalesce(max(position) + 1, 0) from checklist_items ci where ci.conversation_id = cs.conversation_id and ci.stage_id = ${target.id}),
        ${r.now}, ${r.now}
      from conversation_stages cs, json_each(${template}) t
      where cs.stage_id = ${old}
        and not exists (select 1 from stage_transitions st where st.conversation_id = cs.conversation_id and st.to_stage_id = ${target.id})`),
    ),
    batchable(
      db,
      db.run(sql`insert into stage_transitions (account_id, conversation_id, funnel_id, from_stage_id, to_stage_id, actor_type, actor_id, created_at)
      select ${r.accountId}, conversation_id, ${funnelId}, ${old}, ${target.id}, 'User', ${r.actorId}, ${r.now}
      from conversation_stages where stage_id = ${old}`),
    ),
    batchable(
      db,
      db.all(sql`update conversation_stages set stage_id = ${target.id}, entered_at = ${r.now}, alerted_at = null
      where stage_id = ${old} returning id, conversation_id`),
    ),
  ]
}
