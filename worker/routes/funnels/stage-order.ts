import { createRoute, z } from '@hono/zod-openapi'
import { removeStage } from '../../db/queries/funnel-stage-removal'
import { countStageConversations, renumberStagesStatement } from '../../db/queries/funnels'
import { errorResponses, fieldError, validationError } from '../../errors'
import { publishEvents } from '../../events/publish'
import { nowSeconds } from '../../lib/time'
import { currentUserId, requireAdministrator } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { EmptySchema, jsonBody, jsonResponse } from '../../schemas/common'
import {
  FunnelIdParamsSchema,
  StageDeleteQuerySchema,
  StageParamsSchema,
  StageReorderSchema,
  StageSchema,
  toStage,
} from '../../schemas/funnels'
import { createRouter } from '../router'
import {
  afterResponse,
  armStageAlerts,
  funnelOr404,
  funnelsBase,
  stageOr404,
  funnelTags as tags,
} from './shared'

/** The routes that change a funnel's set or order of stages: reorder and delete. */

const base = `${funnelsBase}/{funnel_id}/stages`
const StageListSchema = z.object({ payload: z.array(StageSchema) })

const reorderRoute = createRoute({
  operationId: 'reorderFunnelStages',
  method: 'post',
  path: `${base}/reorder`,
  tags,
  security: accountSecurity,
  summary: "Set the order of a funnel's stages (administrators)",
  description: '`stage_ids` must list every stage of the funnel exactly once.',
  middleware: [unwrapBody('stage')],
  request: { params: FunnelIdParamsSchema, body: jsonBody(StageReorderSchema) },
  responses: {
    200: jsonResponse(StageListSchema, 'The stages in their new order'),
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
  operationId: 'deleteFunnelStage',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a stage (administrators)',
  description:
    'A stage holding conversations is only deleted with `move_to`: its conversations then move to ' +
    'that stage of the same funnel (recorded as moves).',
  request: { params: StageParamsSchema, query: StageDeleteQuerySchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

export const funnelStageOrderRoutes = createRouter()
  .openapi(reorderRoute, async (c) => {
    requireAdministrator(c)
    const { funnel_id } = c.req.valid('param')
    const { stage_ids } = c.req.valid('json')
    const { stages } = await funnelOr404(c, funnel_id)
    const known = new Set(stages.map((s) => s.id))
    const exact =
      stage_ids.length === known.size &&
      new Set(stage_ids).size === stage_ids.length &&
      stage_ids.every((id) => known.has(id))
    if (!exact) {
      throw validationError([
        fieldError('stage_ids', "must list each of the funnel's stages exactly once", 'invalid'),
      ])
    }
    await renumberStagesStatement(c.var.db, c.var.accountId, funnel_id, stage_ids)
    const { stages: reordered } = await funnelOr404(c, funnel_id)
    return c.json({ payload: reordered.map(toStage) }, 200)
  })
  .openapi(deleteRoute, async (c) => {
    requireAdministrator(c)
    const { funnel_id, id } = c.req.valid('param')
    const { move_to } = c.req.valid('query')
    const { stages, stage } = await stageOr404(c, funnel_id, id)
    const moveTo =
      move_to === undefined ? null : stages.find((s) => s.id === move_to && s.id !== id)
    if (move_to !== undefined && !moveTo) {
      throw validationError([
        fieldError('move_to', 'must be another stage of this funnel', 'invalid'),
      ])
    }
    const held = await countStageConversations(c.var.db, id)
    const notEmpty = (n: number) =>
      validationError([
        fieldError(
          'move_to',
          `is required: the stage holds ${n} conversation(s)`,
          'stage_not_empty',
        ),
      ])
    if (held > 0 && !moveTo) throw notEmpty(held)
    const now = nowSeconds()
    const result = await removeStage(c.var.db, {
      accountId: c.var.accountId,
      stage,
      moveTo: moveTo ?? null,
      remainingIds: stages.filter((s) => s.id !== id).map((s) => s.id),
      actorId: currentUserId(c),
      now,
    })
    if (!result.deleted) throw notEmpty(await countStageConversations(c.var.db, id))
    if (result.eventIds.length > 0)
      afterResponse(c, () => publishEvents(c.env, c.var.accountId, result.eventIds))
    if (moveTo) {
      armStageAlerts(
        c,
        moveTo.timeLimitMinutes,
        result.moved.map((p) => ({
          conversationId: p.conversation_id,
          placementId: p.id,
          enteredAt: now,
        })),
      )
    }
    return c.json({}, 200)
  })
