import { z } from '@hono/zod-openapi'
import { AccountIdParamsSchema, IdSchema } from './common'
import * as examples from './examples/csat'

/** Chatwoot's CSAT survey responses API (`/api/v1/accounts/{account_id}/csat_survey_responses`). */

export const CsatParamsSchema = AccountIdParamsSchema

const UnixSeconds = z.coerce
  .number()
  .int()
  .min(0)
  .max(253_402_300_799)
  .openapi({ type: 'integer', description: 'Unix seconds' })

const IdList = z.union([z.string().max(2_000), z.array(z.string().max(32)).max(100)])

export const CsatFilterQuerySchema = z.object({
  since: UnixSeconds.optional().openapi({ description: 'Answers from this time (inclusive)' }),
  until: UnixSeconds.optional().openapi({ description: 'Answers before this time (exclusive)' }),
  user_ids: IdList.optional().openapi({ description: 'Answers rating these agents' }),
  'user_ids[]': IdList.optional().openapi({ description: 'Also accepted for user_ids' }),
  inbox_id: IdSchema.optional().openapi({ type: 'integer', description: "Conversations' inbox" }),
  team_id: IdSchema.optional().openapi({ type: 'integer', description: "Conversations' team" }),
  rating: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .optional()
    .openapi({ type: 'integer', description: 'Only answers with this rating' }),
})

export const CsatListQuerySchema = CsatFilterQuerySchema.extend({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .openapi({ type: 'integer', description: 'Page of 25, newest first' }),
})

export const CsatSurveyResponseSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int().min(1).max(5),
    feedback_message: z.string().nullable(),
    account_id: z.number().int(),
    message_id: z.number().int(),
    contact: z
      .object({
        id: z.number().int(),
        name: z.string().nullable(),
        email: z.string().nullable(),
        phone_number: z.string().nullable(),
        thumbnail: z.string(),
      })
      .optional(),
    conversation_id: z.number().int().openapi({ description: "The conversation's display id" }),
    assigned_agent: z
      .object({
        id: z.number().int(),
        name: z.string(),
        available_name: z.string(),
        email: z.string(),
        thumbnail: z.string(),
      })
      .optional()
      .openapi({ description: 'The agent holding the conversation when the answer came' }),
    created_at: z.number().int(),
  })
  .openapi('CsatSurveyResponse', { example: examples.CsatSurveyResponseExample })

export const CsatSurveyResponsesSchema = z
  .array(CsatSurveyResponseSchema)
  .openapi('CsatSurveyResponses', { example: examples.CsatSurveyResponsesExample })

export const CsatMetricsSchema = z
  .object({
    total_count: z.number().int(),
    ratings_count: z.record(z.string(), z.number().int()).openapi({
      description: 'Answers per rating ("1" … "5"), ratings with none left out',
    }),
    total_sent_messages_count: z.number().int(),
    satisfaction_score: z.number().openapi({
      description:
        "Parley's addition, as Chatwoot's dashboard computes it: percent of answers rated 4 or 5 (0 with none)",
    }),
    response_rate: z.number().openapi({
      description:
        "Parley's addition, as Chatwoot's dashboard computes it: percent of sent surveys answered (0 with none sent)",
    }),
  })
  .openapi('CsatMetrics', { example: examples.CsatMetricsExample })
