import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { conversationProducts } from '../schema'

const t = conversationProducts

/**
 * Columns of a product as the API reads them. The value is read as text: minor units reach 1e16,
 * past the 2^53 a JS number holds exactly.
 */
const productColumns = {
  id: t.id,
  conversationId: t.conversationId,
  productName: t.productName,
  valueMinor: sql<string>`cast(${t.productValueMinor} as text)`,
  quantity: t.quantity,
  notes: t.notes,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
}

export type ProductRow = {
  id: number
  conversationId: number
  productName: string
  valueMinor: string
  quantity: number
  notes: string | null
  createdAt: number
  updatedAt: number
}

export type ProductValues = {
  productName: string
  valueMinor: bigint
  quantity: number
  notes: string | null
}

/** Binds minor units as a decimal string; the column's integer affinity stores it exactly. */
const minorSql = (minor: bigint) => sql`cast(${minor.toString()} as integer)`

export function listProducts(db: Db, accountId: number, conversationId: number) {
  return db
    .select(productColumns)
    .from(t)
    .where(and(eq(t.accountId, accountId), eq(t.conversationId, conversationId)))
    .orderBy(asc(t.id)) as Promise<ProductRow[]>
}

export async function countProducts(db: Db, accountId: number, conversationId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(t)
    .where(and(eq(t.accountId, accountId), eq(t.conversationId, conversationId)))
  return row?.n ?? 0
}

export async function findProduct(db: Db, accountId: number, conversationId: number, id: number) {
  const [row] = await db
    .select(productColumns)
    .from(t)
    .where(and(eq(t.accountId, accountId), eq(t.conversationId, conversationId), eq(t.id, id)))
    .limit(1)
  return row as ProductRow | undefined
}

// Totals are summed in SQL as two integer halves of each value (÷ and mod 10^8), so no single
// sum can leave SQLite's 64-bit range for any accepted value (≤ 1e16 minor units × 1e6 items)
// within the per-conversation product cap, and nothing becomes a float.
const SPLIT = 100_000_000n
const highSum = sql<string>`cast(sum((${t.productValueMinor} / 100000000) * ${t.quantity}) as text)`
const lowSum = sql<string>`cast(sum((${t.productValueMinor} % 100000000) * ${t.quantity}) as text)`

/** Exact product totals (minor units) per conversation table id; missing ones are 0. */
export async function productTotalsMinor(db: Db, accountId: number, conversationIds: number[]) {
  const totals = new Map<number, bigint>(conversationIds.map((id) => [id, 0n]))
  for (let i = 0; i < conversationIds.length; i += 90) {
    const chunk = conversationIds.slice(i, i + 90)
    const rows = await db
      .select({ conversationId: t.conversationId, high: highSum, low: lowSum })
      .from(t)
      .where(and(eq(t.accountId, accountId), inArray(t.conversationId, chunk)))
      .groupBy(t.conversationId)
    for (const row of rows) {
      totals.set(row.conversationId, BigInt(row.high ?? 0) * SPLIT + BigInt(row.low ?? 0))
    }
  }
  return totals
}

export async function productTotalMinor(db: Db, accountId: number, conversationId: number) {
  return (await productTotalsMinor(db, accountId, [conversationId])).get(conversationId) ?? 0n
}

export function insertProductStatement(
  db: Db,
  accountId: number,
  conversationId: number,
  values: ProductValues,
) {
  return db
    .insert(t)
    .values({
      accountId,
      conversationId,
      productName: values.productName,
      productValueMinor: minorSql(values.valueMinor),
      quantity: values.quantity,
      notes: values.notes,
    })
    .returning(productColumns)
}

export function updateProductStatement(
  db: Db,
  accountId: number,
  id: number,
  values: ProductValues,
) {
  return db
    .update(t)
    .set({
      productName: values.productName,
      productValueMinor: minorSql(values.valueMinor),
      quantity: values.quantity,
      notes: values.notes,
      updatedAt: nowSeconds(),
    })
    .where(and(eq(t.accountId, accountId), eq(t.id, id)))
    .returning(productColumns)
}

export function deleteProductStatement(db: Db, accountId: number, id: number) {
  return db
    .delete(t)
    .where(and(eq(t.accountId, accountId), eq(t.id, id)))
    .returning({ id: t.id })
}
