import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteTokensOf, newAccessToken } from '../db/queries/access-tokens'
import {
  deleteAgentBotStatement,
  detachAgentBotStatement,
  findAgentBot,
  insertAgentBotStatement,
  listPlatformAppAgentBots,
  updateAgentBot,
} from '../db/queries/agent-bots'
import {
  copyGrants,
  deletePermissibles,
  grantPermissible,
  insertPlatformApp,
  ROOT_PLATFORM_APP_ID,
} from '../db/queries/platform-apps'
import { copyToShards, narrowOnShards } from '../db/replicate'
import { accessTokens, agentBots, platformApps } from '../db/schema'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { checkOutboundUrl } from '../lib/ssrf'
import { revokeLiveAccess } from '../live/revoke'
import { currentPlatformAppId } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { permittedResource } from '../middleware/permissible'
import {
  AgentBotInputSchema,
  AgentBotSchema,
  AgentBotUpdateSchema,
  PlatformAppInputSchema,
  PlatformAppSchema,
  toAgentBot,
} from '../schemas/agent-bots'
import {
  EmptySchema,
  IdParamsSchema,
  jsonBody,
  jsonResponse,
  tokenSecurity,
} from '../schemas/common'
import { newWebhookSecret } from '../webhooks/signature'
import { permittedAccount } from './platform-accounts'
import { createRouter } from './router'

const tags = ['Platform Agent Bots']

/** A bot's outgoing_url passes the same SSRF rules as a webhook's, when saved (and when sent). */
function checkOutgoingUrl(c: Context<AppEnv>, url: string | null | undefined) {
  if (!url) return
  const checked = checkOutboundUrl(url, c.env.WEBHOOK_ALLOWED_HOSTS ?? '')
  if (!checked.ok) throw validationError([fieldError('outgoing_url', checked.reason, 'unsafe_url')])
}

function permittedAgentBot(c: Context<AppEnv>, id: number) {
  return permittedResource(c, 'agent_bot', id, findAgentBot)
}

const listAgentBots = createRoute({
  operationId: 'listPlatformAgentBots',
  method: 'get',
  path: '/agent_bots',
  tags,
  security: tokenSecurity,
  summary: 'List the agent bots this platform app created',
  responses: {
    200: jsonResponse(z.array(AgentBotSchema), 'Agent bots'),
    ...errorResponses('unauthorized', 'rate_limited'),
  },
})

const createAgentBot = createRoute({
  operationId: 'createPlatformAgentBot',
  method: 'post',
  path: '/agent_bots',
  tags,
  security: tokenSecurity,
  summary: 'Create an agent bot; its access token is returned once, here',
  middleware: [unwrapBody('agent_bot')],
  request: { body: jsonBody(AgentBotInputSchema) },
  responses: {
    200: jsonResponse(AgentBotSchema, 'The agent bot'),
    ...errorResponses(
      'unauthorized',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const showAgentBot = createRoute({
  operationId: 'getPlatformAgentBot',
  method: 'get',
  path: '/agent_bots/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Show an agent bot',
  request: { params: IdParamsSchema },
  responses: {
    200: jsonResponse(AgentBotSchema, 'The agent bot'),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
})

const updateAgentBotRoute = createRoute({
  operationId: 'updatePlatformAgentBot',
  method: 'patch',
  path: '/agent_bots/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Update an agent bot',
  middleware: [unwrapBody('agent_bot')],
  request: { params: IdParamsSchema, body: jsonBody(AgentBotUpdateSchema) },
  responses: {
    200: jsonResponse(AgentBotSchema, 'The agent bot'),
    ...errorResponses(
      'unauthorized',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const deleteAgentBot = createRoute({
  operationId: 'deletePlatformAgentBot',
  method: 'delete',
  path: '/agent_bots/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete an agent bot',
  request: { params: IdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
})

const createPlatformApp = createRoute({
  operationId: 'createPlatformApp',
  method: 'post',
  path: '/platform_apps',
  tags: ['Platform Apps'],
  security: tokenSecurity,
  summary: 'Create another platform app (root token only); its token is returned once',
  request: { body: jsonBody(PlatformAppInputSchema) },
  responses: {
    200: jsonResponse(PlatformAppSchema, 'The platform app'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

export const platformAgentBots = createRouter()
  .openapi(listAgentBots, async (c) => {
    const rows = await listPlatformAppAgentBots(c.var.db, currentPlatformAppId(c))
    return c.json(
      rows.map((r) => toAgentBot(r, undefined, { withSecret: true })),
      200,
    )
  })
  .openapi(createAgentBot, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.db
    checkOutgoingUrl(c, body.outgoing_url)
    if (body.account_id) await permittedAccount(c, body.account_id)
    // The bot's id is the last row inserted by the first statement of the batch.
    const botId = sql`(select max(id) from agent_bots)`
    const { token, insert } = await newAccessToken(db, 'agent_bot', botId)
    const [[bot], tokens, permissibles] = await db.batch([
      insertAgentBotStatement(db, {
        name: body.name,
        description: body.description,
        accountId: body.account_id,
        outgoingUrl: body.outgoing_url,
        avatarUrl: body.avatar_url,
        secret: newWebhookSecret(),
      }),
      insert,
      grantPermissible(db, currentPlatformAppId(c), 'agent_bot', botId),
    ])
    if (!bot) throw new Error('agent bot insert returned nothing')
    // Grants: the directory's rows above, then their copies on every shard, the bot first.
    await copyToShards(c.env, agentBots, [bot.id])
    await copyGrants(c.env, tokens, permissibles)
    return c.json(toAgentBot(bot, token, { withSecret: true }), 200)
  })
  .openapi(showAgentBot, async (c) => {
    const bot = await permittedAgentBot(c, c.req.valid('param').id)
    return c.json(toAgentBot(bot, undefined, { withSecret: true }), 200)
  })
  .openapi(updateAgentBotRoute, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const before = await permittedAgentBot(c, id)
    checkOutgoingUrl(c, body.outgoing_url)
    if (body.account_id) await permittedAccount(c, body.account_id)
    // Moving the bot takes its old account away: on every shard it first belongs to none.
    const leaves =
      before.accountId !== null &&
      body.account_id !== undefined &&
      body.account_id !== before.accountId
    if (leaves) {
      await narrowOnShards(c, (shard) => [detachAgentBotStatement(shard, id)])
    }
    const bot = await updateAgentBot(c.var.db, id, {
      name: body.name,
      description: body.description,
      accountId: body.account_id,
      outgoingUrl: body.outgoing_url,
      avatarUrl: body.avatar_url,
    })
    if (!bot) throw apiError('not_found')
    // Then the directory's row (its new account, name…) reaches the shards' copies.
    await copyToShards(c.env, agentBots, [id])
    // A bot moved to another account leaves the old one: its sockets there close.
    if (before.accountId !== null && before.accountId !== bot.accountId) {
      await revokeLiveAccess(c.env, [before.accountId])
    }
    return c.json(toAgentBot(bot, undefined, { withSecret: true }), 200)
  })
  .openapi(deleteAgentBot, async (c) => {
    const { id } = c.req.valid('param')
    const db = c.var.db
    const bot = await permittedAgentBot(c, id)
    // Every shard first, then the directory.
    await narrowOnShards(c, (shard) => [
      deleteAgentBotStatement(shard, id),
      deleteTokensOf(shard, 'agent_bot', id),
      deletePermissibles(shard, 'agent_bot', [id]),
    ])
    const [, tokens] = await db.batch([
      deleteAgentBotStatement(db, id),
      deleteTokensOf(db, 'agent_bot', id),
      deletePermissibles(db, 'agent_bot', [id]),
    ])
    // A copy made between the two (an update, a token) leaves the shards now: ids the
    // directory no longer has are deleted from them.
    await copyToShards(c.env, agentBots, [id])
    await copyToShards(
      c.env,
      accessTokens,
      tokens.map((token) => token.id),
    )
    if (bot.accountId !== null) await revokeLiveAccess(c.env, [bot.accountId])
    return c.json({}, 200)
  })
  .openapi(createPlatformApp, async (c) => {
    if (currentPlatformAppId(c) !== ROOT_PLATFORM_APP_ID) {
      throw apiError('forbidden', 'Only the root platform app may create platform apps')
    }
    const db = c.var.db
    const { token, insert } = await newAccessToken(
      db,
      'platform_app',
      sql`(select max(id) from platform_apps)`,
    )
    const [[app], tokens] = await db.batch([
      insertPlatformApp(db, c.req.valid('json').name),
      insert,
    ])
    if (!app) throw new Error('platform app insert returned nothing')
    // The app's row on every shard (its permissibles' copies reference it), then its token.
    await copyToShards(c.env, platformApps, [app.id])
    await copyGrants(c.env, tokens, [])
    return c.json({ id: app.id, name: app.name, access_token: token }, 200)
  })
