import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  findInboxAgentBot,
  findUsableAgentBot,
  listUsableAgentBots,
  removeInboxAgentBot,
  setInboxAgentBot,
  updateAgentBot,
} from '../db/queries/agent-bots'
import { findInbox } from '../db/queries/inboxes'
import { copyToShards, directoryDb } from '../db/replicate'
import { agentBots, type agentBots as agentBotsTable } from '../db/schema'
import type { AppEnv } from '../env'
import { apiError, errorResponses } from '../errors'
import { requireAdministrator } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import {
  AgentBotSchema,
  InboxAgentBotSchema,
  SetInboxAgentBotSchema,
  toAgentBot,
} from '../schemas/agent-bots'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import { newWebhookSecret } from '../webhooks/signature'
import { createRouter } from './router'

const tags = ['Agent Bots']
const inboxTags = ['Inboxes']

type AgentBotRow = typeof agentBotsTable.$inferSelect

/** The account's own bots show their secret to its administrators; global ones never do. */
const accountBotJson = (c: Context<AppEnv>, bot: AgentBotRow) =>
  toAgentBot(bot, undefined, { withSecret: bot.accountId === c.var.accountId })

const listAgentBots = createRoute({
  operationId: 'listAgentBots',
  method: 'get',
  path: '/api/v1/accounts/{account_id}/agent_bots',
  tags,
  security: accountSecurity,
  summary: 'The agent bots the account may use: its own and the global ones (administrators)',
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.array(AgentBotSchema), 'Agent bots'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const showInboxAgentBot = createRoute({
  operationId: 'getInboxAgentBot',
  method: 'get',
  path: '/api/v1/accounts/{account_id}/inboxes/{id}/agent_bot',
  tags: inboxTags,
  security: accountSecurity,
  summary: "The inbox's agent bot, or `{}` under agent_bot when it has none (administrators)",
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(InboxAgentBotSchema, "The inbox's agent bot"),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const setInboxAgentBotRoute = createRoute({
  operationId: 'setInboxAgentBot',
  method: 'post',
  path: '/api/v1/accounts/{account_id}/inboxes/{id}/set_agent_bot',
  tags: inboxTags,
  security: accountSecurity,
  summary: 'Connect an agent bot to the inbox, or remove it with null (administrators)',
  description:
    "While connected, the bot's outgoing_url receives the inbox's message_created, " +
    'message_updated, conversation_opened, conversation_resolved and webwidget_triggered ' +
    "events (signed with the bot's secret, retried and logged like webhook deliveries), and new " +
    'conversations in the inbox start pending until the bot hands them off (toggle_status open).',
  middleware: [unwrapBody('inbox')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(SetInboxAgentBotSchema) },
  responses: {
    200: jsonResponse(EmptySchema, 'Done'),
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

async function accountInbox(c: Context<AppEnv>, id: number) {
  const inbox = await findInbox(c.var.db, c.var.accountId, id)
  if (!inbox) throw apiError('not_found', `Inbox ${id} not found`)
  return inbox
}

/**
 * A bot made before bots had secrets gets one when first connected, so every delivery is
 * signed: written to the directory, then copied to the shards.
 */
async function withSecret(c: Context<AppEnv>, bot: AgentBotRow) {
  if (bot.secret) return bot
  const updated = await updateAgentBot(await directoryDb(c), bot.id, {
    secret: newWebhookSecret(),
  })
  if (!updated) throw apiError('not_found', `Agent bot ${bot.id} not found`)
  await copyToShards(c.env, agentBots, [bot.id])
  return updated
}

export const agentBotRoutes = createRouter()
  .openapi(listAgentBots, async (c) => {
    requireAdministrator(c)
    const rows = await listUsableAgentBots(c.var.db, c.var.accountId)
    return c.json(
      rows.map((bot) => accountBotJson(c, bot)),
      200,
    )
  })
  .openapi(showInboxAgentBot, async (c) => {
    requireAdministrator(c)
    const inbox = await accountInbox(c, c.req.valid('param').id)
    const found = await findInboxAgentBot(c.var.db, c.var.accountId, inbox.id)
    return c.json({ agent_bot: found ? accountBotJson(c, found.bot) : {} }, 200)
  })
  .openapi(setInboxAgentBotRoute, async (c) => {
    requireAdministrator(c)
    const inbox = await accountInbox(c, c.req.valid('param').id)
    const botId = c.req.valid('json').agent_bot
    if (botId === null) {
      await removeInboxAgentBot(c.var.db, c.var.accountId, inbox.id)
      return c.json({}, 200)
    }
    // Another account's bot is not found here, as in Chatwoot's AgentBot.accessible_to.
    const bot = await findUsableAgentBot(c.var.db, c.var.accountId, botId)
    if (!bot) throw apiError('not_found', `Agent bot ${botId} not found`)
    await withSecret(c, bot)
    await setInboxAgentBot(c.var.db, c.var.accountId, inbox.id, bot.id)
    return c.json({}, 200)
  })
