import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  insertStageAt,
  renumberStagesStatement,
  unalertedPlacementsOfStage,
  updateStageStatement,
} from '../../db/queries/funnels'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import { requireAdministrator } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { jsonBody, jsonResponse } from '../../schemas/common'
import {
  FunnelIdParamsSchema,
  StageInputSchema,
  StageParamsSchema,
  StageSchema,
  StageUpdateSchema,
  toStage,
} from '../../schemas/funnels'
import { createRouter } from '../router'
import {
  armStageAlerts,
  funnelOr404,
  funnelsBase,
  MAX_STAGES_PER_FUNNEL,
  stageOr404,
  funnelTags as tags,
} from './shared'

const base = `${funnelsBase}/{funnel_id}/stages`
const StageListSchema = z.object({ payload: z.array(StageSchema) })

const listRoute = createRoute({
  operationId: 'listFunnelStages',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "List a funnel's stages in order",
  request: { params: FunnelIdParamsSchema },
  responses: {
    200: jsonResponse(StageListSchema, 'Stages'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const showRoute = createRoute({
  operationId: 'getFunnelStage',
  method: 'get',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Show a stage',
  request: { params: StageParamsSchema },
  responses: {
    200: jsonResponse(StageSchema, 'The stage'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createStageRoute = createRoute({
  operationId: 'createFunnelStage',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Add a stage to a funnel (administrators)',
  description: 'Without `position` the stage goes last; with one, later stages move up by one.',
  middleware: [unwrapBody('stage')],
  request: { params: FunnelIdParamsSchema, body: jsonBody(StageInputSchema) },
  responses: {
    200: jsonResponse(StageSchema, 'The new stage'),
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
    operationId: method === 'put' ? 'updateFunnelStagePut' : 'updateFunnelStage',
    method,
    path: `${base}/{id}`,
    tags,
    security: accountSecurity,
    summary: 'Update a stage (administrators)',
    middleware: [unwrapBody('stage')],
    request: { params: StageParamsSchema, body: jsonBody(StageUpdateSchema) },
    responses: {
      200: jsonResponse(StageSchema, 'The updated stage'),
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

/** The ids in order with `id` moved to index `position` (clamped to the end). */
function placedAt(ids: number[], id: number, position: number) {
  const rest = ids.filter((other) => other !== id)
  rest.splice(Math.min(position, rest.length), 0, id)
  return rest
}

async function applyUpdate(
  c: Context<AppEnv>,
  funnelId: number,
  id: number,
  body: z.infer<typeof StageUpdateSchema>,
) {
  requireAdministrator(c)
  const db = c.var.db
  const { stages, stage } = await stageOr404(c, funnelId, id)
  const order = stages.map((s) => s.id)
  const reorder =
    body.position === undefined
      ? []
      : [renumberStagesStatement(db, c.var.accountId, funnelId, placedAt(order, id, body.position))]
  const [row] = (
    await db.batch([
      ...reorder,
      updateStageStatement(db, c.var.accountId, id, {
        name: body.name,
        color: body.color,
        timeLimitMinutes: body.time_limit_minutes,
        checklistTemplate: body.checklist_template,
      }),
    ] as unknown as Parameters<typeof db.batch>[0])
  ).at(-1) as (typeof stages)[number][]
  if (!row) throw apiError('not_found', `Stage ${id} not found`)
  if (body.time_limit_minutes !== undefined && body.time_limit_minutes !== stage.timeLimitMinutes) {
    // Stays already in the stage get the new limit: re-arm their alerts.
    const placements = await unalertedPlacementsOfStage(db, id)
    armStageAlerts(
      c,
      row.timeLimitMinutes,
      placements.map((p) => ({
        conversationId: p.conversationId,
        placementId: p.id,
        enteredAt: p.enteredAt,
      })),
    )
  }
  return toStage(row)
}

export const funnelStageRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { stages } = await funnelOr404(c, c.req.valid('param').funnel_id)
    return c.json({ payload: stages.map(toStage) }, 200)
  })
  .openapi(showRoute, async (c) => {
    const { funnel_id, id } = c.req.valid('param')
    const { stage } = await stageOr404(c, funnel_id, id)
    return c.json(toStage(stage), 200)
  })
  .openapi(createStageRoute, async (c) => {
    requireAdministrator(c)
    const { funnel_id } = c.req.valid('param')
    const body = c.req.valid('json')
    const { stages } = await funnelOr404(c, funnel_id)
    if (stages.length >= MAX_STAGES_PER_FUNNEL) {
      throw validationError([
        fieldError('stages', `are limited to ${MAX_STAGES_PER_FUNNEL} per funnel`, 'too_many'),
      ])
    }
    const row = await insertStageAt(c.var.db, {
      accountId: c.var.accountId,
      funnelId: funnel_id,
      name: body.name,
      color: body.color,
      position: Math.min(body.position ?? stages.length, stages.length),
      timeLimitMinutes: body.time_limit_minutes ?? null,
      checklistTemplate: body.checklist_template,
    })
    if (!row) throw new Error('stage insert returned nothing')
    return c.json(toStage(row), 200)
  })
  .openapi(updateRoute('patch'), async (c) => {
    const { funnel_id, id } = c.req.valid('param')
    return c.json(await applyUpdate(c, funnel_id, id, c.req.valid('json')), 200)
  })
  .openapi(updateRoute('put'), async (c) => {
    const { funnel_id, id } = c.req.valid('param')
    return c.json(await applyUpdate(c, funnel_id, id, c.req.valid('json')), 200)
  })
