import { and, asc, eq, sql } from 'drizzle-orm'
import type { ChangedAttribute } from '../../events/kinds'
import type { Db } from '../client'
import { checklistItems, funnelStages, users } from '../schema'

export type ChecklistItemRow = typeof checklistItems.$inferSelect
export type ChecklistItemWithChecker = { item: ChecklistItemRow; checkedByName: string | null }

/** Items with the name of whoever checked them. */
const itemsWithChecker = (db: Db) =>
  db
    .select({ item: checklistItems, checkedByName: users.name })
    .from(checklistItems)
    .leftJoin(users, eq(users.id, checklistItems.checkedById))

/**
 * A conversation's checklist: the items of one stage, or of every stage it is in now (ordered by
 * funnel and stage order).
 */
export function checklistStatement(
  db: Db,
  accountId: number,
  conversationId: number,
  stageId?: number,
) {
  const t = checklistItems
  return itemsWithChecker(db)
    .innerJoin(funnelStages, eq(funnelStages.id, t.stageId))
    .where(
      and(
        eq(t.accountId, accountId),
        eq(t.conversationId, conversationId),
        stageId === undefined
          ? sql`${t.stageId} in (select stage_id from conversation_stages where conversation_id = ${conversationId})`
          : eq(t.stageId, stageId),
      ),
    )
    .orderBy(asc(funnelStages.funnelId), asc(funnelStages.position), asc(t.position), asc(t.id))
}

export async function findChecklistItem(
  db: Db,
  accountId: number,
  conversationId: number,
  id: number,
) {
  const [row] = await itemsWithChecker(db)
    .where(
      and(
        eq(checklistItems.accountId, accountId),
        eq(checklistItems.conversationId, conversationId),
        eq(checklistItems.id, id),
      ),
    )
    .limit(1)
  return row
}

export async function countChecklistItems(db: Db, conversationId: number, stageId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(checklistItems)
    .where(
      and(eq(checklistItems.conversationId, conversationId), eq(checklistItems.stageId, stageId)),
    )
  return Number(row?.n ?? 0)
}

type NewItem = {
  accountId: number
  conversationId: number
  stageId: number
  title: string
  required: boolean
  now: number
}

/** Appends an item after the stage's last one. */
export function insertChecklistItemStatement(db: Db, v: NewItem) {
  return db
    .insert(checklistItems)
    .values({
      accountId: v.accountId,
      conversationId: v.conversationId,
      stageId: v.stageId,
      title: v.title,
      required: v.required,
      position: sql`(select coalesce(max(position) + 1, 0) from checklist_items where conversation_id = ${v.conversationId} and stage_id = ${v.stageId})`,
      createdAt: v.now,
      updatedAt: v.now,
    })
    .returning()
}

/**
 * changed_attributes for an item the same batch inserts just before: its id is only known inside
 * the batch, so the JSON is built there (the conversation's newest item is the one inserted).
 */
export function createdItemAttributes(v: NewItem): ChangedAttribute[] {
  const current = sql`json_object('id', (select max(id) from checklist_items where conversation_id = ${v.conversationId}), 'stage_id', ${v.stageId}, 'title', ${v.title}, 'required', json(${v.required ? 'true' : 'false'}), 'checked', json('false'))`
  return sql`json_array(json_object('checklist', json_object('previous_value', null, 'current_value', ${current})))` as unknown as ChangedAttribute[]
}

export function updateChecklistItemStatement(
  db: Db,
  id: number,
  values: Partial<Pick<ChecklistItemRow, 'title' | 'required' | 'checkedAt' | 'checkedById'>> & {
    updatedAt: number
  },
) {
  return db.update(checklistItems).set(values).where(eq(checklistItems.id, id)).returning()
}

export function deleteChecklistItemStatement(db: Db, id: number) {
  return db.delete(checklistItems).where(eq(checklistItems.id, id))
}
