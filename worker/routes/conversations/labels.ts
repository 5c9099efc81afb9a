import { createRoute } from '@hono/zod-openapi'
import { labelsChangeWrite } from '../../conversations/labels'
import { errorResponses } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { visibleConversation } from '../../middleware/access'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { jsonBody, jsonResponse } from '../../schemas/common'
import { LabelsInputSchema, LabelsSchema } from '../../schemas/conversations'
import { createRouter } from '../router'
import { actorOf, commit } from '../write-adapter'
import { ConversationParamsSchema, one, tags } from './shared'

const listLabelsRoute = createRoute({
  operationId: 'listConversationLabels',
  method: 'get',
  path: `${one}/labels`,
  tags,
  security: accountSecurity,
  summary: "A conversation's labels",
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(LabelsSchema, 'Labels'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const replaceLabelsRoute = createRoute({
  operationId: 'addConversationLabels',
  method: 'post',
  path: `${one}/labels`,
  tags,
  security: accountSecurity,
  summary: "Replace a conversation's labels",
  description: 'At most 100 labels of at most 255 characters; the list replaces the current one.',
  middleware: [unwrapBody('label')],
  request: { params: ConversationParamsSchema, body: jsonBody(LabelsInputSchema) },
  responses: {
    200: jsonResponse(LabelsSchema, 'The labels now on the conversation'),
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

export const conversationLabelRoutes = createRouter()
  .openapi(listLabelsRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    return c.json({ payload: conversation.labels }, 200)
  })
  .openapi(replaceLabelsRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const labels = [...new Set(c.req.valid('json').labels)]
    const actor = await actorOf(c)
    const write = labelsChangeWrite(c.var.db, conversation, labels, actor, nowSeconds())
    if (write) await commit(c, write)
    return c.json({ payload: labels }, 200)
  })
