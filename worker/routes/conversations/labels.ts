import { createRoute } from '@hono/zod-openapi'
import { replaceLabelRowsStatements } from '../../db/queries/conversations'
import { createRouter } from '../../env'
import { errorResponses } from '../../errors'
import { visibleConversation } from '../../lib/access'
import { nowSeconds } from '../../lib/time'
import { unwrapBody } from '../../middleware/body'
import { jsonBody, jsonResponse, tokenSecurity } from '../../schemas/common'
import { LabelsInputSchema, LabelsSchema } from '../../schemas/conversations'
import { activityText, actorOf, commit, patchConversation } from './changes'
import { ConversationParamsSchema, one, tags } from './shared'

const listLabelsRoute = createRoute({
  method: 'get',
  path: `${one}/labels`,
  tags,
  security: tokenSecurity,
  summary: "A conversation's labels",
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(LabelsSchema, 'Labels'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found'),
  },
})

const replaceLabelsRoute = createRoute({
  method: 'post',
  path: `${one}/labels`,
  tags,
  security: tokenSecurity,
  summary: "Replace a conversation's labels",
  description: 'At most 100 labels of at most 255 characters; the list replaces the current one.',
  middleware: [unwrapBody('label')],
  request: { params: ConversationParamsSchema, body: jsonBody(LabelsInputSchema) },
  responses: {
    200: jsonResponse(LabelsSchema, 'The labels now on the conversation'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'validation_failed'),
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
    const added = labels.filter((l) => !conversation.labels.includes(l))
    const removed = conversation.labels.filter((l) => !labels.includes(l))
    if (added.length === 0 && removed.length === 0) return c.json({ payload: labels }, 200)
    const actor = await actorOf(c)
    const activities = [
      ...(added.length > 0 ? [activityText.labelsAdded(added, actor.name)] : []),
      ...(removed.length > 0 ? [activityText.labelsRemoved(removed, actor.name)] : []),
    ]
    const db = c.var.db
    const write = patchConversation(db, conversation, { labels }, nowSeconds(), activities)
    write.statements.push(
      ...replaceLabelRowsStatements(db, c.var.accountId, conversation.id, labels),
    )
    await commit(c, write)
    return c.json({ payload: labels }, 200)
  })
