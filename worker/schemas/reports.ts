import { z } from '@hono/zod-openapi'
import { AccountIdParamsSchema, IdSchema } from './common'
import * as examples from './examples/reports'

/** Chatwoot's reports API (`/api/v2/accounts/{account_id}/reports…`), read from rollups. */

export const REPORT_METRICS = [
  'conversations_count',
  'incoming_messages_count',
  'outgoing_messages_count',
  'avg_first_response_time',
  'avg_resolution_time',
  'resolutions_count',
  'reply_time',
] as const
export type ReportMetric = (typeof REPORT_METRICS)[number]

export const REPORT_TYPES = ['account', 'agent', 'inbox', 'team'] as const
export type ReportType = (typeof REPORT_TYPES)[number]

export const GROUP_BYS = ['hour', 'day', 'week', 'month', 'year'] as const
export type GroupBy = (typeof GROUP_BYS)[number]

const UnixSeconds = z.coerce
  .number()
  .int()
  .min(0)
  .max(253_402_300_799) // 9999-12-31
  .openapi({ type: 'integer', description: 'Unix seconds' })

const RangeShape = {
  business_hours: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .openapi({
      type: 'string',
      enum: ['true', 'false'],
      description:
        "As Chatwoot: `true` counts first response, reply and resolution times in each inbox's " +
        'working hours only (an inbox without working hours counts every hour)',
    }),
  since: UnixSeconds.optional().openapi({
    description:
      'Start of the range, unix seconds (inclusive; default: the beginning). Reports count by the minute: a start inside a minute counts that whole minute.',
  }),
  until: UnixSeconds.optional().openapi({
    description:
      'End of the range, unix seconds (exclusive; default: now). An end inside a minute counts that whole minute.',
  }),
}

const ScopeShape = {
  type: z
    .enum(REPORT_TYPES)
    .default('account')
    .openapi({ description: 'Whose figures: the account, or one agent, inbox or team (`id`)' }),
  id: IdSchema.optional().openapi({
    type: 'integer',
    description: "The agent's user id, the inbox's or the team's id (not with type=account)",
  }),
}

const TimezoneOffset = z.coerce
  .number()
  .min(-12)
  .max(14)
  .default(0)
  .openapi({
    type: 'number',
    description:
      'Hours east of UTC (e.g. -5, 5.5) whose days, weeks (from Monday), months and years the ' +
      'series is grouped by; as Chatwoot takes it',
  })

export const ReportsParamsSchema = AccountIdParamsSchema

export const ReportSummaryQuerySchema = z.object({
  ...RangeShape,
  ...ScopeShape,
  timezone_offset: TimezoneOffset,
})

export const ReportSeriesQuerySchema = z.object({
  metric: z.enum(REPORT_METRICS).openapi({ description: 'Which figure, per period' }),
  ...RangeShape,
  ...ScopeShape,
  group_by: z.enum(GROUP_BYS).default('day'),
  timezone_offset: TimezoneOffset,
})

export const SummaryReportQuerySchema = z.object(RangeShape)

const Count = z.number().int()
const AverageSeconds = z
  .number()
  .openapi({ description: 'Average in seconds (0 when there is nothing to average)' })

const FiguresSchema = z.object({
  conversations_count: Count.openapi({ description: 'Conversations created in the range' }),
  incoming_messages_count: Count,
  outgoing_messages_count: Count,
  avg_first_response_time: AverageSeconds,
  avg_resolution_time: AverageSeconds,
  resolutions_count: Count,
  reply_time: AverageSeconds.openapi({
    description: "Average seconds from a visitor's waiting message to the reply that ends the wait",
  }),
})
export type ReportFigures = z.infer<typeof FiguresSchema>

export const ReportSummarySchema = FiguresSchema.extend({
  previous: FiguresSchema.openapi({
    description: 'The same figures for the equally long range just before `since`',
  }),
}).openapi('ReportSummary', { example: examples.ReportSummaryExample })

export const ReportPointSchema = z
  .object({
    value: z.number(),
    timestamp: z.number().int().openapi({ description: "The period's start, unix seconds" }),
    count: Count.optional().openapi({
      description: 'For the time metrics: how many events the average is over',
    }),
  })
  .openapi('ReportPoint')

export const ReportSeriesSchema = z
  .array(ReportPointSchema)
  .openapi('ReportSeries', { example: examples.ReportSeriesExample })

export const SummaryReportRowSchema = z
  .object({
    id: z.number().int(),
    conversations_count: Count,
    resolved_conversations_count: Count,
    avg_resolution_time: z.number().nullable(),
    avg_first_response_time: z.number().nullable(),
    avg_reply_time: z.number().nullable(),
  })
  .openapi('SummaryReportRow')

export const SummaryReportRowsSchema = z
  .array(SummaryReportRowSchema)
  .openapi('SummaryReportRows', { example: examples.SummaryReportRowsExample })
