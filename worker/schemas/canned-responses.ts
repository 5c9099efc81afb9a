import { z } from '@hono/zod-openapi'
import type { cannedResponses } from '../db/schema'
import { isoFromSeconds } from '../lib/time'
import { SearchTextSchema, TextSchema } from './common'
import * as examples from './examples/canned-responses'

type CannedResponseRow = typeof cannedResponses.$inferSelect

// Surrounding whitespace is dropped (a pasted code often carries some); inside, a space would
// end the code the composer matches after `/`, so it is refused.
const ShortCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^\S+$/, 'may not contain spaces')
  .openapi({ description: 'Unique in the account (case-sensitive)', example: 'refund' })

// Kept as written (its line breaks are the reply's), but it must say something: Chatwoot's
// presence validation refuses a blank one too.
const ContentSchema = TextSchema.min(1).refine((text) => text.trim() !== '', {
  message: "can't be blank",
})

export const CannedResponseInputSchema = z
  .object({ short_code: ShortCodeSchema, content: ContentSchema })
  .openapi('CannedResponseInput', { example: examples.CannedResponseInputExample })

export const CannedResponseUpdateSchema = CannedResponseInputSchema.partial().openapi(
  'CannedResponseUpdate',
  { example: examples.CannedResponseUpdateExample },
)

export const CannedResponseListQuerySchema = z.object({
  search: SearchTextSchema.optional().openapi({
    description:
      'Text in the short_code or content (ASCII letters in any case); short_codes starting ' +
      'with it come first, then short_codes containing it, then content matches',
    example: 'ref',
  }),
})

export const CannedResponseSchema = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    short_code: z.string(),
    content: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('CannedResponse', { example: examples.CannedResponseExample })
export type CannedResponse = z.infer<typeof CannedResponseSchema>

/** Chatwoot renders the record itself (`render json:`), so its timestamps are ISO strings. */
export function toCannedResponse(row: CannedResponseRow): CannedResponse {
  return {
    id: row.id,
    account_id: row.accountId,
    short_code: row.shortCode,
    content: row.content,
    created_at: isoFromSeconds(row.createdAt),
    updated_at: isoFromSeconds(row.updatedAt),
  }
}
