import { z } from '@hono/zod-openapi'
import type { ProductRow } from '../db/queries/products'
import { formatMoney, parseMoney } from '../lib/money'
import { AccountIdParamsSchema, IdSchema, TextSchema } from './common'
import * as examples from './examples/products'

/** A non-negative decimal (≤ 1e12, ≤ 4 places) as a JSON number or string, read exactly. */
const MoneyInputSchema = z
  .union([z.number(), z.string().max(64)])
  .transform((value, ctx) => {
    const parsed = parseMoney(value)
    if (parsed.ok) return parsed.minor
    ctx.addIssue({ code: 'custom', message: parsed.reason })
    return z.NEVER
  })
  .openapi({ type: 'string', example: '19.99', description: 'Decimal, at most 4 places' })

const ProductNameSchema = z.string().trim().min(1).max(255)
const QuantitySchema = z.number().int().min(1).max(1_000_000)

export const ProductInputSchema = z
  .object({
    product_name: ProductNameSchema,
    product_value: MoneyInputSchema,
    quantity: QuantitySchema.default(1),
    notes: TextSchema.nullable().optional(),
  })
  .openapi('ProductInput', { example: examples.ProductInputExample })

export const ProductUpdateSchema = z
  .object({
    product_name: ProductNameSchema.optional(),
    product_value: MoneyInputSchema.optional(),
    quantity: QuantitySchema.optional(),
    notes: TextSchema.nullable().optional(),
  })
  .openapi('ProductUpdate', { example: examples.ProductUpdateExample })

export const ConversationParamsSchema = AccountIdParamsSchema.extend({
  conversation_id: IdSchema.openapi({
    param: { name: 'conversation_id', in: 'path' },
    description: "The conversation's display id",
    example: 1,
  }),
})

export const ProductParamsSchema = ConversationParamsSchema.extend({
  id: IdSchema.openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
})

const Decimal = z.string().openapi({ example: '59.97' })

export const ProductSchema = z
  .object({
    id: z.number().int(),
    conversation_id: z.number().int().openapi({ description: "The conversation's display id" }),
    product_name: z.string(),
    product_value: Decimal,
    quantity: z.number().int(),
    notes: z.string().nullable(),
    total: Decimal.openapi({ description: 'product_value × quantity, exact' }),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .openapi('Product', { example: examples.ProductExample })
export type Product = z.infer<typeof ProductSchema>

export const ProductListSchema = z
  .object({
    payload: z.array(ProductSchema),
    meta: z.object({ count: z.number().int(), total: Decimal }),
  })
  .openapi('ProductList', { example: examples.ProductListExample })

export function toProduct(row: ProductRow, conversationDisplayId: number): Product {
  return {
    id: row.id,
    conversation_id: conversationDisplayId,
    product_name: row.productName,
    product_value: formatMoney(row.valueMinor),
    quantity: row.quantity,
    notes: row.notes,
    total: formatMoney(lineTotalMinor(row)),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }
}

export const lineTotalMinor = (row: { valueMinor: string | bigint; quantity: number }) =>
  BigInt(row.valueMinor) * BigInt(row.quantity)
