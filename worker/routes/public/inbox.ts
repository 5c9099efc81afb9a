import { createRoute } from '@hono/zod-openapi'
import { listAvailableInboxAgents } from '../../db/queries/users'
import { createRouter } from '../../env'
import { errorResponses } from '../../errors'
import { publicInbox } from '../../lib/visitor'
import { jsonResponse, noCredentials } from '../../schemas/common'
import { InboxParamsSchema, PublicInboxSchema, toPublicInbox } from '../../schemas/public'
import { inboxPath, publicTags } from './shared'

const showInbox = createRoute({
  security: noCredentials,
  operationId: 'getPublicInbox',
  method: 'get',
  path: inboxPath,
  tags: publicTags.inboxes,
  summary: 'A website or API inbox as the widget needs it',
  description:
    'Name, working hours, whether an agent is online, identity validation and widget ' +
    'settings. No token; any other kind ' +
    'of inbox, or an unknown identifier, is 404.',
  request: { params: InboxParamsSchema },
  responses: {
    200: jsonResponse(PublicInboxSchema, 'The inbox'),
    ...errorResponses('forbidden', 'not_found'),
  },
})

export const publicInboxRoutes = createRouter().openapi(showInbox, async (c) => {
  const { inbox, locale } = await publicInbox(c, c.req.valid('param').inbox_identifier)
  const available = await listAvailableInboxAgents(c.var.db, inbox.accountId, inbox.id)
  return c.json(toPublicInbox(inbox, locale, available), 200)
})
