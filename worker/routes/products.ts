import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ConversationRow } from '../db/queries/conversations'
import {
  countProducts,
  deleteProductStatement,
  findProduct,
  insertProductStatement,
  listProducts,
  type ProductValues,
  productTotalMinor,
  updateProductStatement,
} from '../db/queries/products'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { formatMoney } from '../lib/money'
import { visibleConversation } from '../middleware/access'
import { unwrapBody } from '../middleware/body'
import { accountSecurity } from '../schemas/auth'
import { EmptySchema, jsonBody, jsonResponse } from '../schemas/common'
import {
  ConversationParamsSchema,
  lineTotalMinor,
  ProductInputSchema,
  ProductListSchema,
  ProductParamsSchema,
  ProductSchema,
  ProductUpdateSchema,
  toProduct,
} from '../schemas/products'
import { createRouter } from './router'
import { commitWithEvents } from './write-adapter'

const tags = ['Products']
const base = '/api/v1/accounts/{account_id}/conversations/{conversation_id}/products'

/** Keeps GET unpaginated and every SQL total inside 64-bit integers. */
export const MAX_PRODUCTS_PER_CONVERSATION = 1000

const listRoute = createRoute({
  operationId: 'listConversationProducts',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "List a conversation's products with their exact total",
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(ProductListSchema, 'Products'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createProductRoute = createRoute({
  operationId: 'createConversationProduct',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Add a product to a conversation',
  description:
    '`product_value` is a non-negative decimal (JSON number or string, at most 4 decimal places, ' +
    '≤ 1e12); amounts are returned as exact decimal strings.',
  middleware: [unwrapBody('product')],
  request: { params: ConversationParamsSchema, body: jsonBody(ProductInputSchema) },
  responses: {
    200: jsonResponse(ProductSchema, 'The new product'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const updateRoute = (method: 'patch' | 'put') =>
  createRoute({
    operationId: method === 'put' ? 'updateConversationProductPut' : 'updateConversationProduct',
    method,
    path: `${base}/{id}`,
    tags,
    security: accountSecurity,
    summary: 'Update a product of a conversation',
    middleware: [unwrapBody('product')],
    request: { params: ProductParamsSchema, body: jsonBody(ProductUpdateSchema) },
    responses: {
      200: jsonResponse(ProductSchema, 'The updated product'),
      ...errorResponses(
        'unauthorized',
        'forbidden',
        'not_found',
        'validation_failed',
        'unsupported_media_type',
        'rate_limited',
      ),
    },
  })

const deleteRoute = createRoute({
  operationId: 'deleteConversationProduct',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Remove a product from a conversation',
  request: { params: ProductParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

/** The conversation_updated event every product change writes with it. */
function totalChangedEvent(
  conversation: ConversationRow,
  previousMinor: bigint,
  currentMinor: bigint,
  action:
    | { product_action: 'created' }
    | { product_action: 'updated' | 'deleted'; product_id: number },
) {
  return {
    kind: 'conversation_updated' as const,
    accountId: conversation.accountId,
    conversationId: conversation.id,
    inboxId: conversation.inboxId,
    contactId: conversation.contactId,
    changedAttributes: [
      {
        products_total: {
          previous_value: formatMoney(previousMinor),
          current_value: formatMoney(currentMinor),
        },
      },
    ],
    data: action,
  }
}

type UpdateBody = {
  product_name?: string
  product_value?: bigint
  quantity?: number
  notes?: string | null
}

async function updateProduct(c: Context<AppEnv>, id: number, displayId: number, body: UpdateBody) {
  const db = c.var.db
  const conversation = await visibleConversation(c, displayId)
  const existing = await findProduct(db, c.var.accountId, conversation.id, id)
  if (!existing) throw apiError('not_found', `Product ${id} not found`)
  if (Object.values(body).every((v) => v === undefined)) {
    return toProduct(existing, conversation.displayId)
  }
  const values: ProductValues = {
    productName: body.product_name ?? existing.productName,
    valueMinor: body.product_value ?? BigInt(existing.valueMinor),
    quantity: body.quantity ?? existing.quantity,
    notes: body.notes === undefined ? existing.notes : body.notes,
  }
  const previous = await productTotalMinor(db, c.var.accountId, conversation.id)
  const current = previous - lineTotalMinor(existing) + values.valueMinor * BigInt(values.quantity)
  const [rows] = await commitWithEvents(
    c,
    [updateProductStatement(db, c.var.accountId, id, values)],
    [
      totalChangedEvent(conversation, previous, current, {
        product_action: 'updated',
        product_id: id,
      }),
    ],
  )
  const row = rows[0]
  if (!row) throw apiError('not_found', `Product ${id} not found`)
  return toProduct(row, conversation.displayId)
}

export const productRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { conversation_id } = c.req.valid('param')
    const conversation = await visibleConversation(c, conversation_id)
    const rows = await listProducts(c.var.db, c.var.accountId, conversation.id)
    const total = await productTotalMinor(c.var.db, c.var.accountId, conversation.id)
    return c.json(
      {
        payload: rows.map((r) => toProduct(r, conversation.displayId)),
        meta: { count: rows.length, total: formatMoney(total) },
      },
      200,
    )
  })
  .openapi(createProductRoute, async (c) => {
    const { conversation_id } = c.req.valid('param')
    const body = c.req.valid('json')
    const db = c.var.db
    const conversation = await visibleConversation(c, conversation_id)
    if (
      (await countProducts(db, c.var.accountId, conversation.id)) >= MAX_PRODUCTS_PER_CONVERSATION
    ) {
      throw validationError([
        fieldError(
          'products',
          `are limited to ${MAX_PRODUCTS_PER_CONVERSATION} per conversation`,
          'too_many',
        ),
      ])
    }
    const values: ProductValues = {
      productName: body.product_name,
      valueMinor: body.product_value,
      quantity: body.quantity,
      notes: body.notes ?? null,
    }
    const previous = await productTotalMinor(db, c.var.accountId, conversation.id)
    const current = previous + values.valueMinor * BigInt(values.quantity)
    const insert = insertProductStatement(db, c.var.accountId, conversation.id, values)
    const [rows] = await commitWithEvents(
      c,
      [insert],
      [totalChangedEvent(conversation, previous, current, { product_action: 'created' })],
    )
    const row = rows[0]
    if (!row) throw new Error('product insert returned nothing')
    return c.json(toProduct(row, conversation.displayId), 200)
  })
  .openapi(updateRoute('patch'), async (c) => {
    const { id, conversation_id } = c.req.valid('param')
    return c.json(await updateProduct(c, id, conversation_id, c.req.valid('json')), 200)
  })
  .openapi(updateRoute('put'), async (c) => {
    const { id, conversation_id } = c.req.valid('param')
    return c.json(await updateProduct(c, id, conversation_id, c.req.valid('json')), 200)
  })
  .openapi(deleteRoute, async (c) => {
    const { id, conversation_id } = c.req.valid('param')
    const db = c.var.db
    const conversation = await visibleConversation(c, conversation_id)
    const existing = await findProduct(db, c.var.accountId, conversation.id, id)
    if (!existing) throw apiError('not_found', `Product ${id} not found`)
    const previous = await productTotalMinor(db, c.var.accountId, conversation.id)
    const current = previous - lineTotalMinor(existing)
    await commitWithEvents(
      c,
      [deleteProductStatement(db, c.var.accountId, id)],
      [
        totalChangedEvent(conversation, previous, current, {
          product_action: 'deleted',
          product_id: id,
        }),
      ],
    )
    return c.json({}, 200)
  })
