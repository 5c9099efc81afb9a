import { z } from '@hono/zod-openapi'
import type { agentBots } from '../db/schema'
import { NameSchema, TextSchema } from './common'
import * as examples from './examples/agent-bots'

type AgentBotRow = typeof agentBots.$inferSelect

export const AgentBotSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    outgoing_url: z.string().nullable(),
    account_id: z.number().int().nullable(),
    access_token: z
      .string()
      .optional()
      .openapi({ description: 'Only in the response that created the bot' }),
    secret: z
      .string()
      .nullable()
      .optional()
      .openapi({
        description:
          "Signs the bot's deliveries (Standard Webhooks `webhook-signature`, as a webhook's secret). " +
          'Shown to its platform app, and to administrators of the account it belongs to',
      }),
  })
  .openapi('AgentBot', { example: examples.AgentBotExample })

const UrlSchema = z.string().trim().max(2048).url()

export const AgentBotInputSchema = z
  .object({
    name: NameSchema,
    description: TextSchema.nullable().optional(),
    account_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
    outgoing_url: UrlSchema.nullable().optional(),
    avatar_url: UrlSchema.nullable().optional(),
  })
  .openapi('AgentBotInput', { example: examples.AgentBotInputExample })

export const AgentBotUpdateSchema = AgentBotInputSchema.partial().openapi('AgentBotUpdate', {
  example: examples.AgentBotUpdateExample,
})

export function toAgentBot(
  row: AgentBotRow,
  accessToken?: string,
  options: { withSecret?: boolean } = {},
) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    outgoing_url: row.outgoingUrl,
    account_id: row.accountId,
    ...(accessToken ? { access_token: accessToken } : {}),
    ...(options.withSecret ? { secret: row.secret } : {}),
  }
}

/** Chatwoot's inboxes/agent_bot.json: the bot, or `{}` when the inbox has none. */
export const InboxAgentBotSchema = z
  .object({ agent_bot: z.union([AgentBotSchema, z.object({})]) })
  .openapi('InboxAgentBot', { example: { agent_bot: examples.AgentBotExample } })

export const SetInboxAgentBotSchema = z
  .object({
    agent_bot: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().openapi({
      description: "The bot's id (the account's own or a global one); null removes it",
    }),
  })
  .openapi('SetInboxAgentBot', { example: { agent_bot: 11 } })

export const PlatformAppInputSchema = z
  .object({ name: NameSchema })
  .openapi('PlatformAppInput', { example: examples.PlatformAppInputExample })
export const PlatformAppSchema = z
  .object({ id: z.number().int(), name: z.string(), access_token: z.string() })
  .openapi('PlatformApp', { example: examples.PlatformAppExample })
