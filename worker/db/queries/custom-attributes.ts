import { and, eq } from 'drizzle-orm'
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
