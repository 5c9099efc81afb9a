import { z } from '@hono/zod-openapi'
import type { CsatSurveyPage } from '../db/queries/csat-survey'

/** Chatwoot's public CSAT survey (`/public/api/v1/csat_survey/{conversation_uuid}`). */

export const CsatSurveyParamsSchema = z.object({
  conversation_uuid: z
    .string()
    .uuid()
    .openapi({
      param: { name: 'conversation_uuid', in: 'path' },
      description: "The conversation's uuid (the survey's capability; keep it secret)",
      example: '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f',
    }),
})

const AnswerSchema = z.object({
  rating: z.number().int().min(1).max(5),
  feedback_message: z.string().max(2_000).nullable().optional(),
})

export const CsatSurveyInputSchema = z
  .object({
    submitted_values: z
      .array(
        z.object({
          name: z.string().max(255).optional(),
          title: z.string().max(255).optional(),
          csat_survey_response: AnswerSchema,
        }),
      )
      .min(1)
      .max(1),
  })
  .openapi('CsatSurveyInput', {
    description: "Also accepted wrapped in `message`, as Chatwoot's page sends it",
    example: {
      submitted_values: [{ csat_survey_response: { rating: 5, feedback_message: 'Thanks!' } }],
    },
  })

/** The rating page's form (`rating`, `feedback_message`), posted as a urlencoded form. */
export const CsatSurveyFormSchema = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  feedback_message: z.string().max(2_000).optional(),
})

export const CsatSurveySchema = z
  .object({
    id: z.number().int().openapi({ description: 'The survey message' }),
    csat_survey_response: z
      .object({
        id: z.number().int(),
        rating: z.number().int().min(1).max(5),
        feedback_message: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'The answer, or null before one is given' }),
    display_type: z.literal('emoji'),
    content: z.string().nullable().openapi({ description: "The survey message's text" }),
    inbox_avatar_url: z.string(),
    inbox_name: z.string(),
    locale: z.string(),
    conversation_id: z.number().int().openapi({ description: "The conversation's display id" }),
    created_at: z.number().int(),
  })
  .openapi('CsatSurvey', {
    example: {
      id: 412,
      csat_survey_response: { id: 9, rating: 5, feedback_message: 'Thanks!' },
      display_type: 'emoji',
      content: 'Please rate the conversation',
      inbox_avatar_url: '',
      inbox_name: 'Support',
      locale: 'en',
      conversation_id: 17,
      created_at: 1_767_225_600,
    },
  })

export function toCsatSurvey(page: CsatSurveyPage): z.infer<typeof CsatSurveySchema> {
  const { message, response } = page
  return {
    id: message.id,
    csat_survey_response:
      response?.id == null
        ? null
        : { id: response.id, rating: response.rating, feedback_message: response.feedbackMessage },
    display_type: 'emoji',
    content: message.content,
    inbox_avatar_url: '',
    inbox_name: page.inboxName,
    locale: page.locale,
    conversation_id: page.conversation.displayId,
    created_at: message.createdAt,
  }
}
