import { createRoute } from '@hono/zod-openapi'
import { latestConversationOf } from '../../db/queries/public'
import { errorResponses } from '../../errors'
import { limitVisitor, visitorOf } from '../../middleware/visitor'
import { EmptySchema, jsonBody, jsonResponse, noCredentials } from '../../schemas/common'
import { ContactParamsSchema, WidgetEventInputSchema } from '../../schemas/public'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { capability, contactPath, publicTags } from './shared'

const triggerEvent = createRoute({
  security: noCredentials,
  operationId: 'createPublicContactEvent',
  method: 'post',
  path: `${contactPath}/events`,
  tags: publicTags.contacts,
  summary: 'The visitor opened the widget (webwidget.triggered)',
  description:
    `${capability} Records a \`webwidget_triggered\` event (for webhooks) with the contact, the ` +
    "inbox, the visitor's latest conversation if any, and `data: {source_id, event_info}`. " +
    'Rate limited per visitor.',
  request: { params: ContactParamsSchema, body: jsonBody(WidgetEventInputSchema) },
  responses: {
    200: jsonResponse(EmptySchema, 'Recorded'),
    ...errorResponses(
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

export const publicEventRoutes = createRouter().openapi(triggerEvent, async (c) => {
  const { inbox_identifier, source_id } = c.req.valid('param')
  await limitVisitor(c, source_id)
  const { inbox, contactInbox } = await visitorOf(c, inbox_identifier, source_id)
  const db = c.var.db
  const latest = await latestConversationOf(db, contactInbox)
  // No change goes with this event: it is the whole write, published like any other.
  await commitWithEvents(
    c,
    [],
    [
      {
        kind: 'webwidget_triggered',
        accountId: inbox.accountId,
        inboxId: inbox.id,
        contactId: contactInbox.contactId,
        conversationId: latest?.id ?? null,
        data: { source_id: contactInbox.sourceId, event_info: c.req.valid('json').event_info },
      },
    ],
  )
  return c.json({}, 200)
})
