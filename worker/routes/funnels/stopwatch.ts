import { createRoute } from '@hono/zod-openapi'
import {
  applyStopwatch,
  findStopwatch,
  type StopwatchAction,
} from '../../db/queries/funnel-stopwatch'
import { errorResponses } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { visibleConversation } from '../../middleware/access'
import { currentUserId } from '../../middleware/auth'
import { accountSecurity } from '../../schemas/auth'
import { jsonResponse } from '../../schemas/common'
import { StopwatchSchema, toStopwatch } from '../../schemas/funnel-views'
import { ConversationParamsSchema } from '../../schemas/funnels'
import { createRouter } from '../router'
import { conversationBase, funnelTags as tags } from './shared'

const base = `${conversationBase}/stopwatch`

const showRoute = createRoute({
  operationId: 'getConversationStopwatch',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "A conversation's stopwatch",
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(StopwatchSchema, 'The stopwatch'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const SUMMARIES: Record<StopwatchAction, string> = {
  start: 'Start the stopwatch (starting a running one changes nothing)',
  stop: 'Stop the stopwatch, adding the run to accumulated_seconds (stopping a stopped one changes nothing)',
  reset: 'Stop the stopwatch and set accumulated_seconds to 0',
}

const actionRoute = (action: StopwatchAction) =>
  createRoute({
    operationId: `${action}ConversationStopwatch`,
    method: 'post',
    path: `${base}/${action}`,
    tags,
    security: accountSecurity,
    summary: SUMMARIES[action],
    request: { params: ConversationParamsSchema },
    responses: {
      200: jsonResponse(StopwatchSchema, 'The stopwatch after the action'),
      ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
    },
  })

const router = createRouter().openapi(showRoute, async (c) => {
  const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
  const view = await findStopwatch(c.var.db, conversation.id)
  return c.json(toStopwatch(view, nowSeconds()), 200)
})

for (const action of ['start', 'stop', 'reset'] as const) {
  router.openapi(actionRoute(action), async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const now = nowSeconds()
    const view = await applyStopwatch(
      c.var.db,
      c.var.accountId,
      conversation.id,
      action,
      currentUserId(c),
      now,
    )
    return c.json(toStopwatch(view, now), 200)
  })
}

export const funnelStopwatchRoutes = router
