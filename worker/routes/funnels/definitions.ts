import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  countFunnels,
  deleteFunnel,
  findFunnelWithStages,
  insertFunnel,
  listFunnelsWithStages,
  updateFunnel,
} from '../../db/queries/funnels'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import { requireAdministrator } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, EmptySchema, jsonBody, jsonResponse } from '../../schemas/common'
import {
  FunnelInputSchema,
  FunnelParamsSchema,
  FunnelSchema,
  FunnelUpdateSchema,
  toFunnel,
} from '../../schemas/funnels'
import { createRouter } from '../router'
import { funnelsBase as base, MAX_FUNNELS_PER_ACCOUNT, funnelTags as tags } from './shared'

const listRoute = createRoute({
  operationId: 'listFunnels',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "List the account's funnels with their stages",
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.object({ payload: z.array(FunnelSchema) }), 'Funnels'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const showRoute = createRoute({
  operationId: 'getFunnel',
  method: 'get',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Show a funnel with its stages in order',
  request: { params: FunnelParamsSchema },
  responses: {
    200: jsonResponse(FunnelSchema, 'The funnel'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createFunnelRoute = createRoute({
  operationId: 'createFunnel',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Create a funnel (administrators)',
  middleware: [unwrapBody('funnel')],
  request: { params: AccountIdParamsSchema, body: jsonBody(FunnelInputSchema) },
  responses: {
    200: jsonResponse(FunnelSchema, 'The new funnel'),
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

const updateRoute = (method: 'patch' | 'put') =>
  createRoute({
    operationId: method === 'put' ? 'updateFunnelPut' : 'updateFunnel',
    method,
    path: `${base}/{id}`,
    tags,
    security: accountSecurity,
    summary: 'Update a funnel (administrators)',
    middleware: [unwrapBody('funnel')],
    request: { params: FunnelParamsSchema, body: jsonBody(FunnelUpdateSchema) },
    responses: {
      200: jsonResponse(FunnelSchema, 'The updated funnel'),
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
  operationId: 'deleteFunnel',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a funnel, its stages and every placement in it (administrators)',
  request: { params: FunnelParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

async function applyUpdate(
  c: Context<AppEnv>,
  id: number,
  body: z.infer<typeof FunnelUpdateSchema>,
) {
  requireAdministrator(c)
  const db = c.var.db
  const found = await findFunnelWithStages(db, c.var.accountId, id)
  if (!found) throw apiError('not_found', `Funnel ${id} not found`)
  if (body.name === undefined && body.description === undefined) {
    return toFunnel(found.funnel, found.stages)
  }
  const row = await updateFunnel(db, c.var.accountId, id, {
    name: body.name,
    description: body.description,
  })
  if (!row) throw apiError('not_found', `Funnel ${id} not found`)
  return toFunnel(row, found.stages)
}

export const funnelDefinitionRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const rows = await listFunnelsWithStages(c.var.db, c.var.accountId)
    return c.json({ payload: rows.map((r) => toFunnel(r.funnel, r.stages)) }, 200)
  })
  .openapi(showRoute, async (c) => {
    const { id } = c.req.valid('param')
    const found = await findFunnelWithStages(c.var.db, c.var.accountId, id)
    if (!found) throw apiError('not_found', `Funnel ${id} not found`)
    return c.json(toFunnel(found.funnel, found.stages), 200)
  })
  .openapi(createFunnelRoute, async (c) => {
    requireAdministrator(c)
    const body = c.req.valid('json')
    if ((await countFunnels(c.var.db, c.var.accountId)) >= MAX_FUNNELS_PER_ACCOUNT) {
      throw validationError([
        fieldError('funnels', `are limited to ${MAX_FUNNELS_PER_ACCOUNT} per account`, 'too_many'),
      ])
    }
    const row = await insertFunnel(c.var.db, {
      accountId: c.var.accountId,
      name: body.name,
      description: body.description ?? null,
    })
    if (!row) throw new Error('funnel insert returned nothing')
    return c.json(toFunnel(row, []), 200)
  })
  .openapi(updateRoute('patch'), async (c) =>
    c.json(await applyUpdate(c, c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(updateRoute('put'), async (c) =>
    c.json(await applyUpdate(c, c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(deleteRoute, async (c) => {
    requireAdministrator(c)
    const { id } = c.req.valid('param')
    if (!(await deleteFunnel(c.var.db, c.var.accountId, id))) {
      throw apiError('not_found', `Funnel ${id} not found`)
    }
    return c.json({}, 200)
  })
