import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { deleteInboxRouteStatement, insertInboxRouteStatement } from '../db/queries/directory'
import { recordInboxFilesStatements } from '../db/queries/file-deletions'
import {
  deleteInboxStatement,
  findInbox,
  insertInbox,
  isInboxMember,
  listInboxes,
  updateInbox,
} from '../db/queries/inboxes'
import { directoryDb } from '../db/replicate'
import { forgetInboxRoute } from '../db/shards'
import { newForwardingIdentifier } from '../email/forwarding'
import { inboundDomain } from '../email/reply-address'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { removeRecordedFiles } from '../files/deletions'
import { randomToken } from '../lib/crypto'
import { checkOutboundUrl } from '../lib/ssrf'
import { revokeLiveAccess } from '../live/revoke'
import { currentUserId, requireAdministrator } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import {
  type ChannelType,
  InboxInputSchema,
  InboxSchema,
  InboxSettingsSchema,
  InboxUpdateSchema,
  toInbox,
} from '../schemas/inboxes'
import { newWebhookSecret } from '../webhooks/signature'
import { assertFeatureOn, assertRoomFor } from './account-limits'
import { withForwardingIdentifier } from './inbox-forwarding'
import { createPhoneInbox, twilioRouteOfInbox } from './phone-inbox'
import { createRouter } from './router'

const tags = ['Inboxes']
const base = '/api/v1/accounts/{account_id}/inboxes'

/** The inbox, if it is in the account and the caller may see it (403 for an agent who is not a member). */
export async function visibleInbox(c: Context<AppEnv>, id: number) {
  const inbox = await findInbox(c.var.db, c.var.accountId, id)
  if (!inbox) throw apiError('not_found', `Inbox ${id} not found`)
  if (c.var.role !== 'administrator' && !(await isInboxMember(c.var.db, id, currentUserId(c)))) {
    throw apiError('forbidden', 'You are not a member of this inbox')
  }
  return inbox
}

const listInboxesRoute = createRoute({
  operationId: 'listInboxes',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'List the inboxes the caller can see',
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.object({ payload: z.array(InboxSchema) }), 'Inboxes'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const showInbox = createRoute({
  operationId: 'getInbox',
  method: 'get',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Show an inbox',
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(InboxSchema, 'The inbox'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createInbox = createRoute({
  operationId: 'createInbox',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Create an inbox (administrators)',
  description:
    '`channel.type` is web_widget (requires website_url), api, email (requires email) or phone ' +
    '(a Twilio number: requires account_sid, auth_token, and phone_number or ' +
    'messaging_service_sid, checked with Twilio first). Website and API inboxes get an ' +
    '`inbox_identifier` for the public API.',
  middleware: [unwrapBody('inbox')],
  request: { params: AccountIdParamsSchema, body: jsonBody(InboxInputSchema) },
  responses: {
    200: jsonResponse(InboxSchema, 'The new inbox'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'not_found',
      'rate_limited',
      'unavailable',
    ),
  },
})

const updateInboxRoute = createRoute({
  operationId: 'updateInbox',
  method: 'patch',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Update an inbox (administrators)',
  middleware: [unwrapBody('inbox')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(InboxUpdateSchema) },
  responses: {
    200: jsonResponse(InboxSchema, 'The updated inbox'),
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

const deleteInboxRoute = createRoute({
  operationId: 'deleteInbox',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete an inbox and its conversations (administrators)',
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(
      z.object({ message: z.string() }).openapi({ example: { message: 'Inbox deleted' } }),
      'Deleted',
    ),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

type ChannelInput = z.infer<typeof InboxInputSchema>['channel']
const CHANNEL_KEYS = [
  'website_url',
  'widget_color',
  'welcome_title',
  'welcome_tagline',
  'reply_time',
  'pre_chat_form_enabled',
  'pre_chat_form_options',
  'continuity_via_email',
  'allowed_domains',
  'additional_attributes',
] as const
const SETTING_KEYS = Object.keys(InboxSettingsSchema.shape) as (keyof z.infer<
  typeof InboxSettingsSchema
>)[]

function settingsFrom(body: Record<string, unknown>, channel: Partial<ChannelInput> | undefined) {
  const settings: Record<string, unknown> = {}
  for (const key of SETTING_KEYS) if (body[key] !== undefined) settings[key] = body[key]
  for (const key of CHANNEL_KEYS) if (channel?.[key] !== undefined) settings[key] = channel[key]
  return settings
}

/** An API inbox's webhook_url passes the same SSRF rules as account webhooks, when saved. */
function checkInboxWebhookUrl(url: string | null | undefined, allowedHosts: string) {
  if (!url) return
  const checked = checkOutboundUrl(url, allowedHosts)
  if (!checked.ok)
    throw validationError([fieldError('channel.webhook_url', checked.reason, 'unsafe_url')])
}

function channelTypeOf(type: ChannelInput['type']): ChannelType {
  if (!type) throw validationError([fieldError('channel.type', 'is required', 'required')])
  return type === 'sms' ? 'phone' : type
}

export const inboxRoutes = createRouter()
  .openapi(listInboxesRoute, async (c) => {
    const agentId = c.var.role === 'administrator' ? null : currentUserId(c)
    const rows = await listInboxes(c.var.db, c.var.accountId, agentId)
    const withSecrets = c.var.role === 'administrator'
    const mailDomain = inboundDomain(c.env)
    return c.json({ payload: rows.map((r) => toInbox(r, { withSecrets, mailDomain })) }, 200)
  })
  .openapi(showInbox, async (c) => {
    const inbox = await withForwardingIdentifier(c, await visibleInbox(c, c.req.valid('param').id))
    const withSecrets = c.var.role === 'administrator'
    return c.json(toInbox(inbox, { withSecrets, mailDomain: inboundDomain(c.env) }), 200)
  })
  .openapi(createInbox, async (c) => {
    requireAdministrator(c)
    const body = c.req.valid('json')
    const channelType = channelTypeOf(body.channel.type)
    const channel = body.channel
    if (channelType === 'web_widget' && !channel.website_url) {
      throw validationError([fieldError('channel.website_url', 'is required', 'required')])
    }
    if (channelType === 'email' && !channel.email) {
      throw validationError([fieldError('channel.email', 'is required', 'required')])
    }
    if (channelType === 'phone') {
      // A phone inbox without its Twilio account could neither receive nor send: refused.
      const missing = (['account_sid', 'auth_token'] as const).filter((name) => !channel[name])
      if (missing.length > 0) {
        throw validationError(
          missing.map((name) => fieldError(`channel.${name}`, 'is required', 'required')),
        )
      }
      const inbox = await createPhoneInbox(c, {
        name: body.name,
        medium: channel.medium ?? 'sms',
        accountSid: channel.account_sid as string,
        authToken: channel.auth_token as string,
        phoneNumber: channel.phone_number ?? null,
        messagingServiceSid: channel.messaging_service_sid ?? null,
        settings: settingsFrom(body, channel),
        fieldPrefix: 'channel.',
      })
      return c.json(toInbox(inbox, { withSecrets: true }), 200)
    }
    if (channelType === 'api')
      checkInboxWebhookUrl(channel.webhook_url, c.env.WEBHOOK_ALLOWED_HOSTS)
    // The account's plan (platform features and limits, lib/account-plan.ts).
    if (channelType === 'web_widget' || channelType === 'email') {
      const feature = channelType === 'web_widget' ? 'channel_website' : 'channel_email'
      await assertFeatureOn(c.var.db, c.var.accountId, feature, 'channel.type')
    }
    await assertRoomFor(c.var.db, c.var.accountId, 'inboxes')
    const public_ = channelType === 'web_widget' || channelType === 'api'
    // An email inbox's identifier is its forwarding address's local part (lowercase).
    const identifier = public_
      ? randomToken(18)
      : channelType === 'email'
        ? newForwardingIdentifier()
        : null
    // The public API and the email intake find an inbox's shard through the directory's route:
    // the route first, so it resolves as soon as the inbox exists. A failure after it leaves a route to no inbox,
    // which answers 404 as an unknown identifier does.
    if (identifier !== null) {
      const directory = await directoryDb(c)
      await insertInboxRouteStatement(directory, identifier, c.var.accountId)
    }
    const inbox = await insertInbox(c.var.db, {
      accountId: c.var.accountId,
      name: body.name,
      channelType,
      identifier,
      hmacToken: public_ ? randomToken(24) : null,
      hmacMandatory: channel.hmac_mandatory ?? false,
      webhookUrl: channelType === 'api' ? (channel.webhook_url ?? null) : null,
      webhookSecret: channelType === 'api' ? newWebhookSecret() : null,
      email: channel.email ?? null,
      phoneNumber: channel.phone_number ?? null,
      settings: settingsFrom(body, channel),
    })
    if (!inbox) throw new Error('inbox insert returned nothing')
    return c.json(toInbox(inbox, { withSecrets: true, mailDomain: inboundDomain(c.env) }), 200)
  })
  .openapi(updateInboxRoute, async (c) => {
    requireAdministrator(c)
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const inbox = await withForwardingIdentifier(c, await visibleInbox(c, id))
    const channel = body.channel
    if (inbox.channelType === 'api') {
      checkInboxWebhookUrl(channel?.webhook_url, c.env.WEBHOOK_ALLOWED_HOSTS)
    }
    const updated = await updateInbox(c.var.db, c.var.accountId, id, {
      name: body.name,
      hmacMandatory: channel?.hmac_mandatory,
      webhookUrl: inbox.channelType === 'api' ? channel?.webhook_url : undefined,
      email: channel?.email,
      phoneNumber: channel?.phone_number,
      settings: { ...inbox.settings, ...settingsFrom(body, channel) },
    })
    if (!updated) throw apiError('not_found')
    return c.json(toInbox(updated, { withSecrets: true, mailDomain: inboundDomain(c.env) }), 200)
  })
  .openapi(deleteInboxRoute, async (c) => {
    requireAdministrator(c)
    const { id } = c.req.valid('param')
    const { db, accountId } = c.var
    const twilioRoute = await twilioRouteOfInbox(db, accountId, id)
    // Its conversations' files are recorded in the delete's batch, so a crash leaves none behind.
    const [, [deleted]] = await db.batch([
      ...recordInboxFilesStatements(db, accountId, id),
      deleteInboxStatement(db, accountId, id),
    ])
    if (!deleted) throw apiError('not_found')
    await removeRecordedFiles(c.env, db, accountId)
    // Then its route: a failure before this leaves a route to no inbox (404, as unknown).
    if (deleted.identifier !== null) {
      const directory = await directoryDb(c)
      await deleteInboxRouteStatement(directory, deleted.identifier)
      forgetInboxRoute(deleted.identifier)
    }
    // A phone inbox's sender is free again once the inbox is gone.
    if (twilioRoute) await deleteInboxRouteStatement(await directoryDb(c), twilioRoute)
    // Its conversations went with it: their rooms close every socket, the visitor's too (4410).
    await revokeLiveAccess(c.env, [c.var.accountId])
    return c.json({ message: 'Inbox deleted' }, 200)
  })
