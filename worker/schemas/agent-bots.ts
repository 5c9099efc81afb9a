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

export function toAgentBot(row: AgentBotRow, accessToken?: string) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    outgoing_url: row.outgoingUrl,
    account_id: row.accountId,
    ...(accessToken ? { access_token: accessToken } : {}),
  }
}

export const PlatformAppInputSchema = z
  .object({ name: NameSchema })
  .openapi('PlatformAppInput', { example: examples.PlatformAppInputExample })
export const PlatformAppSchema = z
  .object({ id: z.number().int(), name: z.string(), access_token: z.string() })
  .openapi('PlatformApp', { example: examples.PlatformAppExample })
