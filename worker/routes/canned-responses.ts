import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  deleteCannedResponse,
  findCannedResponse,
  findCannedResponseByShortCode,
  insertCannedResponse,
  listCannedResponses,
  updateCannedResponse,
} from '../db/queries/canned-responses'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { unwrapBody } from '../middleware/body'
import { accountSecurity } from '../schemas/auth'
import {
  CannedResponseInputSchema,
  CannedResponseListQuerySchema,
  CannedResponseSchema,
  CannedResponseUpdateSchema,
  toCannedResponse,
} from '../schemas/canned-responses'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import { administratorsOnly } from './agents/shared'
import { createRouter } from './router'
import { invalidateAfterResponse } from './write-adapter'

const tags = ['Canned Responses']
const base = '/api/v1/accounts/{account_id}/canned_responses'
// Chatwoot's clients wrap the body as `{"canned_response": {...}}` (Rails' wrap_parameters).
const WRAPPER = 'canned_response'

const notFound = (id: number) => apiError('not_found', `Canned response ${id} not found`)

/**
 * A clear 422 before the write; two writers racing past it meet the unique index, which the
 * error handler turns into the same 422.
 */
async function requireFreeShortCode(c: Context<AppEnv>, shortCode: string, exceptId?: number) {
  const other = await findCannedResponseByShortCode(c.var.db, c.var.accountId, shortCode)
  if (other && other.id !== exceptId) {
    throw validationError([fieldError('short_code', 'has already been taken', 'taken')])
  }
}

const listRoute = createRoute({
  operationId: 'listCannedResponses',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "List the account's canned responses, or search them",
  description:
    'Answers a bare array, as Chatwoot does. The dashboard offers these when a reply starts ' +
    'with `/`, searching with the text after it.',
  request: { params: AccountIdParamsSchema, query: CannedResponseListQuerySchema },
  responses: {
    200: jsonResponse(z.array(CannedResponseSchema), 'Canned responses'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'not_found',
      'rate_limited',
    ),
  },
})

const createCannedResponseRoute = createRoute({
  operationId: 'createCannedResponse',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Create a canned response (administrators)',
  middleware: [administratorsOnly, unwrapBody(WRAPPER)],
  request: { params: AccountIdParamsSchema, body: jsonBody(CannedResponseInputSchema) },
  responses: {
    200: jsonResponse(CannedResponseSchema, 'The new canned response'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'not_found',
      'rate_limited',
    ),
  },
})

// Chatwoot's `resources` routes answer PUT as PATCH; both are documented.
const updateRoute = (method: 'patch' | 'put') =>
  createRoute({
    operationId: method === 'put' ? 'updateCannedResponsePut' : 'updateCannedResponse',
    method,
    path: `${base}/{id}`,
    tags,
    security: accountSecurity,
    summary: 'Update a canned response (administrators)',
    middleware: [administratorsOnly, unwrapBody(WRAPPER)],
    request: { params: AccountAndIdParamsSchema, body: jsonBody(CannedResponseUpdateSchema) },
    responses: {
      200: jsonResponse(CannedResponseSchema, 'The updated canned response'),
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
  operationId: 'deleteCannedResponse',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a canned response (administrators)',
  middleware: [administratorsOnly],
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

async function update(
  c: Context<AppEnv>,
  id: number,
  body: z.infer<typeof CannedResponseUpdateSchema>,
) {
  const db = c.var.db
  const accountId = c.var.accountId
  // Looked up first so a missing id is a 404 even when the body would clash.
  const current = await findCannedResponse(db, accountId, id)
  if (!current) throw notFound(id)
  if (body.short_code === undefined && body.content === undefined) return current
  if (body.short_code !== undefined) await requireFreeShortCode(c, body.short_code, id)
  const updated = await updateCannedResponse(db, accountId, id, {
    shortCode: body.short_code,
    content: body.content,
  })
  if (!updated) throw notFound(id)
  invalidateAfterResponse(c, 'canned_response')
  return updated
}

export const cannedResponseRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { search } = c.req.valid('query')
    const rows = await listCannedResponses(c.var.db, c.var.accountId, search)
    return c.json(rows.map(toCannedResponse), 200)
  })
  .openapi(createCannedResponseRoute, async (c) => {
    const body = c.req.valid('json')
    await requireFreeShortCode(c, body.short_code)
    const row = await insertCannedResponse(c.var.db, {
      accountId: c.var.accountId,
      shortCode: body.short_code,
      content: body.content,
    })
    if (!row) throw new Error('canned response insert returned nothing')
    invalidateAfterResponse(c, 'canned_response')
    return c.json(toCannedResponse(row), 200)
  })
  .openapi(updateRoute('patch'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(toCannedResponse(await update(c, id, c.req.valid('json'))), 200)
  })
  .openapi(updateRoute('put'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(toCannedResponse(await update(c, id, c.req.valid('json'))), 200)
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteCannedResponse(c.var.db, c.var.accountId, id))) throw notFound(id)
    invalidateAfterResponse(c, 'canned_response')
    return c.json({}, 200)
  })
