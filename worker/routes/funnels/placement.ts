import { createRoute, z } from '@hono/zod-openapi'
import type { ConversationRow } from '../../db/queries/conversations'
import {
  findPlacement,
  historyOfConversation,
  loadMoveContext,
  moveStatements,
  placementsOfConversation,
  removeStatements,
} from '../../db/queries/funnel-placements'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import type { EventInput } from '../../events/outbox'
import { nowSeconds } from '../../lib/time'
import { visibleConversation } from '../../middleware/access'
import { currentUserId } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { EmptySchema, jsonBody, jsonResponse } from '../../schemas/common'
import {
  PlacementSchema,
  TransitionSchema,
  toPlacement,
  toTransition,
} from '../../schemas/funnel-views'
import {
  ConversationParamsSchema,
  HistoryQuerySchema,
  PlacementDeleteQuerySchema,
  PlacementInputSchema,
} from '../../schemas/funnels'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { armStageAlerts, conversationBase as base, funnelTags as tags } from './shared'

const placeRoute = createRoute({
  operationId: 'setConversationFunnelStage',
  method: 'post',
  path: `${base}/funnel_stage`,
  tags,
  security: accountSecurity,
  summary: 'Place a conversation in a funnel stage, or move it to another stage of that funnel',
  description:
    'A conversation is in at most one stage per funnel. Moving forward (to a later stage) while ' +
    'required checklist items of the current stage are unchecked is refused with 422 naming ' +
    'them, unless an administrator sends `force: true` (agents may not force). A move records ' +
    "the transition, copies the new stage's checklist template the first time the conversation " +
    'enters that stage, and restarts the stage timer. Placing it in its current stage changes nothing.',
  middleware: [unwrapBody('funnel_stage')],
  request: { params: ConversationParamsSchema, body: jsonBody(PlacementInputSchema) },
  responses: {
    200: jsonResponse(PlacementSchema, 'The placement'),
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

const removeRoute = createRoute({
  operationId: 'removeConversationFunnelStage',
  method: 'delete',
  path: `${base}/funnel_stage`,
  tags,
  security: accountSecurity,
  summary: 'Take a conversation out of a funnel',
  request: { params: ConversationParamsSchema, query: PlacementDeleteQuerySchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Removed'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const listRoute = createRoute({
  operationId: 'listConversationFunnelStages',
  method: 'get',
  path: `${base}/funnel_stages`,
  tags,
  security: accountSecurity,
  summary: "A conversation's placements (one per funnel) with time in stage",
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(z.object({ payload: z.array(PlacementSchema) }), 'Placements'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const historyRoute = createRoute({
  operationId: 'listConversationStageHistory',
  method: 'get',
  path: `${base}/stage_history`,
  tags,
  security: accountSecurity,
  summary: 'Every move of a conversation between stages (who, when, from, to), oldest first',
  request: { params: ConversationParamsSchema, query: HistoryQuerySchema },
  responses: {
    200: jsonResponse(z.object({ payload: z.array(TransitionSchema) }), 'Transitions'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

type Placed = { funnel_id: number; stage_id: number } | null

function placementEvent(
  conversation: ConversationRow,
  previous: Placed,
  current: Placed,
): EventInput {
  return {
    kind: 'conversation_updated',
    accountId: conversation.accountId,
    conversationId: conversation.id,
    inboxId: conversation.inboxId,
    contactId: conversation.contactId,
    changedAttributes: [{ funnel_stage: { previous_value: previous, current_value: current } }],
  }
}

export const funnelPlacementRoutes = createRouter()
  .openapi(placeRoute, async (c) => {
    const { conversation_id } = c.req.valid('param')
    const body = c.req.valid('json')
    const conversation = await visibleConversation(c, conversation_id)
    if (body.force && c.var.role !== 'administrator') {
      throw apiError(
        'forbidden',
        'Only administrators may force a move past required checklist items',
      )
    }
    const actorId = currentUserId(c)
    const db = c.var.db
    const accountId = c.var.accountId
    const move = await loadMoveContext(
      db,
      accountId,
      conversation.id,
      body.funnel_id,
      body.stage_id,
    )
    if (!move.funnel) throw apiError('not_found', `Funnel ${body.funnel_id} not found`)
    if (!move.target)
      throw apiError('not_found', `Stage ${body.stage_id} not found in funnel ${body.funnel_id}`)
    const target = move.target
    const now = nowSeconds()
    if (move.current?.stage.id === target.id) {
      const same = { ...move.current, funnelName: move.funnel.name }
      return c.json(toPlacement(same, conversation.displayId, now), 200)
    }
    const forward = move.current !== undefined && target.position > move.current.stage.position
    if (forward && move.openRequired.length > 0 && !body.force) {
      throw validationError(
        move.openRequired.map((item) =>
          fieldError(
            `checklist.${item.id}`,
            `"${item.title}" is required and unchecked`,
            'required_item_open',
          ),
        ),
      )
    }
    const previous = move.current
      ? { funnel_id: body.funnel_id, stage_id: move.current.stage.id }
      : null
    const results = await commitWithEvents(
      c,
      moveStatements(db, {
        accountId,
        conversationId: conversation.id,
        funnelId: body.funnel_id,
        fromStageId: move.current?.stage.id ?? null,
        target,
        actorId,
        now,
      }),
      [placementEvent(conversation, previous, { funnel_id: body.funnel_id, stage_id: target.id })],
    )
    const [placement] = results[3]
    if (!placement) throw new Error('placement insert returned nothing')
    armStageAlerts(c, target.timeLimitMinutes, [
      {
        conversationId: conversation.id,
        placementId: placement.id,
        enteredAt: placement.enteredAt,
      },
    ])
    const placed = { placement, stage: target, funnelName: move.funnel.name }
    return c.json(toPlacement(placed, conversation.displayId, now), 200)
  })
  .openapi(removeRoute, async (c) => {
    const { conversation_id } = c.req.valid('param')
    const { funnel_id } = c.req.valid('query')
    const conversation = await visibleConversation(c, conversation_id)
    const actorId = currentUserId(c)
    const db = c.var.db
    const current = await findPlacement(db, c.var.accountId, conversation.id, funnel_id)
    if (!current) throw apiError('not_found', `Conversation is not in funnel ${funnel_id}`)
    await commitWithEvents(
      c,
      removeStatements(db, {
        accountId: c.var.accountId,
        conversationId: conversation.id,
        funnelId: funnel_id,
        fromStageId: current.stage.id,
        actorId,
        now: nowSeconds(),
      }),
      [placementEvent(conversation, { funnel_id, stage_id: current.stage.id }, null)],
    )
    return c.json({}, 200)
  })
  .openapi(listRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const rows = await placementsOfConversation(c.var.db, c.var.accountId, conversation.id)
    const now = nowSeconds()
    return c.json({ payload: rows.map((r) => toPlacement(r, conversation.displayId, now)) }, 200)
  })
  .openapi(historyRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const { funnel_id } = c.req.valid('query')
    const rows = await historyOfConversation(c.var.db, c.var.accountId, conversation.id, funnel_id)
    return c.json({ payload: rows.map(toTransition) }, 200)
  })
