import { createRoute, z } from '@hono/zod-openapi'
import { isHexColor, readableOn } from '../../../protocol/shared/color'
import { listAvailableInboxAgents } from '../../db/queries/users'
import { errorResponses } from '../../errors'
import { publicInbox } from '../../middleware/visitor'
import { jsonResponse, noCredentials } from '../../schemas/common'
import { toInbox } from '../../schemas/inboxes'
import { InboxParamsSchema, PublicInboxSchema, toPublicInbox } from '../../schemas/public'
import { createRouter } from '../router'
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

/** How long browsers may keep the launcher's colours: a changed colour shows within this. */
export const LAUNCHER_CSS_MAX_AGE_SECONDS = 300

const launcherStylesheet = createRoute({
  security: noCredentials,
  operationId: 'getPublicInboxLauncherCss',
  method: 'get',
  path: `${inboxPath}/launcher.css`,
  tags: publicTags.inboxes,
  summary: "The launcher's colours, as a stylesheet",
  description:
    "What the widget's loader links in the launcher's shadow root on every page view, so the " +
    'launcher takes the inbox colour with no script work on the page: `:host` with ' +
    '`--parley-color` and `--parley-on-color` (black or white, whichever reads better on it). ' +
    `Browsers may keep it ${LAUNCHER_CSS_MAX_AGE_SECONDS} seconds. No token; any other kind of ` +
    'inbox, or an unknown identifier, is 404.',
  request: { params: InboxParamsSchema },
  responses: {
    200: {
      description: 'The stylesheet (empty when the inbox has no colour of its own)',
      content: { 'text/css': { schema: z.string() } },
    },
    ...errorResponses('not_found'),
  },
})

export const publicInboxRoutes = createRouter()
  .openapi(showInbox, async (c) => {
    const { inbox, locale } = await publicInbox(c, c.req.valid('param').inbox_identifier)
    const available = await listAvailableInboxAgents(c.var.db, inbox.accountId, inbox.id)
    return c.json(toPublicInbox(inbox, locale, available), 200)
  })
  .openapi(launcherStylesheet, async (c) => {
    const { inbox } = await publicInbox(c, c.req.valid('param').inbox_identifier)
    const color = toInbox(inbox, { withSecrets: false }).widget_color
    // Stored colours are validated on write; checked again, as this text goes into CSS as is.
    const css = isHexColor(color)
      ? `:host{--parley-color:${color};--parley-on-color:${readableOn(color)}}`
      : ''
    return c.body(css, 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': `public, max-age=${LAUNCHER_CSS_MAX_AGE_SECONDS}`,
    }) as never
  })
