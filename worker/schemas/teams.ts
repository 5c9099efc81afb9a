import { z } from '@hono/zod-openapi'
import type { teams } from '../db/schema'
import { TextSchema } from './common'
import * as examples from './examples/teams'

type TeamRow = typeof teams.$inferSelect

/** Chatwoot stores team names lower-cased; they are unique per account. */
const TeamNameSchema = z.string().trim().toLowerCase().min(1).max(255)

export const TeamInputSchema = z
  .object({
    name: TeamNameSchema,
    description: TextSchema.nullable().optional(),
    allow_auto_assign: z.boolean().optional(),
  })
  .openapi('TeamInput', { example: examples.TeamInputExample })

export const TeamUpdateSchema = TeamInputSchema.partial().openapi('TeamUpdate', {
  example: examples.TeamUpdateExample,
})

export const TeamSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    allow_auto_assign: z.boolean(),
    account_id: z.number().int(),
    is_member: z.boolean().openapi({ description: 'Whether the caller belongs to the team' }),
  })
  .openapi('Team', { example: examples.TeamExample })
export type Team = z.infer<typeof TeamSchema>

export function toTeam(row: TeamRow, isMember: boolean): Team {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    allow_auto_assign: row.allowAutoAssign,
    account_id: row.accountId,
    is_member: isMember,
  }
}
