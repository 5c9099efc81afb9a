import { and, eq } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { customAttributeDefinitions } from '../schema'

export type AttributeModel = 'contact_attribute' | 'conversation_attribute'
export type CustomAttributeDefinitionRow = typeof customAttributeDefinitions.$inferSelect

export function listDefinitions(db: Db, accountId: number, model?: AttributeModel) {
  return db
    .select()
    .from(customAttributeDefinitions)
    .where(
      and(
        eq(customAttributeDefinitions.accountId, accountId),
        model ? eq(customAttributeDefinitions.attributeModel, model) : undefined,
      ),
    )
    .orderBy(customAttributeDefinitions.id)
}

export type NewCustomAttributeDefinition = typeof customAttributeDefinitions.$inferInsert

export async function findDefinition(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(customAttributeDefinitions)
    .where(
      and(
        eq(customAttributeDefinitions.accountId, accountId),
        eq(customAttributeDefinitions.id, id),
      ),
    )
    .limit(1)
  return row
}

export async function findDefinitionByKey(
  db: Db,
  accountId: number,
  model: AttributeModel,
  key: string,
) {
  const [row] = await db
    .select()
    .from(customAttributeDefinitions)
    .where(
      and(
        eq(customAttributeDefinitions.accountId, accountId),
        eq(customAttributeDefinitions.attributeModel, model),
        eq(customAttributeDefinitions.attributeKey, key),
      ),
    )
    .limit(1)
  return row
}

export async function insertDefinition(db: Db, values: NewCustomAttributeDefinition) {
  const [row] = await db.insert(customAttributeDefinitions).values(values).returning()
  return row
}

export async function updateDefinition(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<Omit<NewCustomAttributeDefinition, 'id' | 'accountId'>>,
) {
  const [row] = await db
    .update(customAttributeDefinitions)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(
      and(
        eq(customAttributeDefinitions.accountId, accountId),
        eq(customAttributeDefinitions.id, id),
      ),
    )
    .returning()
  return row
}

export async function deleteDefinition(db: Db, accountId: number, id: number) {
  const rows = await db
    .delete(customAttributeDefinitions)
    .where(
      and(
        eq(customAttributeDefinitions.accountId, accountId),
        eq(customAttributeDefinitions.id, id),
      ),
    )
    .returning({ id: customAttributeDefinitions.id })
  return rows.length > 0
}
