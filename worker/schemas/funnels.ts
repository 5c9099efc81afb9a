import { z } from '@hono/zod-openapi'
import { AccountIdParamsSchema, IdSchema, NameSchema, TextSchema } from './common'
import * as examples from './examples/funnels'

/** Funnels, stages, placements, checklists, stopwatches and the board (DESIGN.md §10). */

const pathId = (name: string, description?: string) =>
  IdSchema.openapi({ param: { name, in: 'path' }, example: 1, description })
const BodyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const FunnelParamsSchema = AccountIdParamsSchema.extend({ id: pathId('id') })
export const FunnelIdParamsSchema = AccountIdParamsSchema.extend({ funnel_id: pathId('funnel_id') })
export const StageParamsSchema = FunnelIdParamsSchema.extend({ id: pathId('id') })
export const ConversationParamsSchema = AccountIdParamsSchema.extend({
  conversation_id: pathId('conversation_id', "The conversation's display id"),
})
export const ChecklistItemParamsSchema = ConversationParamsSchema.extend({
  item_id: pathId('item_id'),
})

export const MAX_TIME_LIMIT_MINUTES = 525_600
export const MAX_TEMPLATE_ITEMS = 50
const TitleSchema = z.string().trim().min(1).max(255)
const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #1f93ff')
const TimeLimitSchema = z.number().int().positive().max(MAX_TIME_LIMIT_MINUTES).nullable()
const TemplateItemSchema = z.object({ title: TitleSchema, required: z.boolean().default(false) })

export const FunnelInputSchema = z
  .object({ name: NameSchema, description: TextSchema.nullable().optional() })
  .openapi('FunnelInput', { example: examples.FunnelInputExample })
export const FunnelUpdateSchema = z
  .object({ name: NameSchema.optional(), description: TextSchema.nullable().optional() })
  .openapi('FunnelUpdate', { example: examples.FunnelUpdateExample })

const stageFields = {
  name: NameSchema,
  color: HexColorSchema,
  position: z.number().int().min(0).max(10_000).openapi({
    description: "0-based place in the funnel's order; past the end means last",
  }),
  time_limit_minutes: TimeLimitSchema,
  checklist_template: z.array(TemplateItemSchema).max(MAX_TEMPLATE_ITEMS),
}
export const StageInputSchema = z
  .object({
    ...stageFields,
    color: stageFields.color.default('#1f93ff'),
    position: stageFields.position.optional(),
    time_limit_minutes: TimeLimitSchema.optional(),
    checklist_template: stageFields.checklist_template.default([]),
  })
  .openapi('StageInput', { example: examples.StageInputExample })
export const StageUpdateSchema = z
  .object(stageFields)
  .partial()
  .openapi('StageUpdate', { example: examples.StageUpdateExample })
export const StageReorderSchema = z
  .object({ stage_ids: z.array(BodyId).min(1).max(100) })
  .openapi('StageReorder', { example: examples.StageReorderExample })
export const StageDeleteQuerySchema = z.object({
  move_to: IdSchema.optional().openapi({
    description: 'Required when the stage holds conversations: the stage they move to',
  }),
})

export const PlacementInputSchema = z
  .object({ funnel_id: BodyId, stage_id: BodyId, force: z.boolean().optional() })
  .openapi('FunnelStagePlacementInput', { example: examples.FunnelStagePlacementInputExample })
export const PlacementDeleteQuerySchema = z.object({ funnel_id: IdSchema })
export const HistoryQuerySchema = z.object({ funnel_id: IdSchema.optional() })

export const ChecklistQuerySchema = z.object({ stage_id: IdSchema.optional() })
export const ChecklistInputSchema = z
  .object({ stage_id: BodyId, title: TitleSchema, required: z.boolean().default(false) })
  .openapi('ChecklistItemInput', { example: examples.ChecklistItemInputExample })
export const ChecklistUpdateSchema = z
  .object({
    title: TitleSchema.optional(),
    required: z.boolean().optional(),
    checked: z.boolean().optional(),
  })
  .openapi('ChecklistItemUpdate', { example: examples.ChecklistItemUpdateExample })

const StringList = z.union([z.string().max(255), z.array(z.string().max(255)).max(50)])
const boardFilters = {
  assignee_id: IdSchema.optional(),
  inbox_id: IdSchema.optional(),
  labels: StringList.optional(),
  'labels[]': StringList.optional(),
}
const PageSize = z.coerce.number().int().min(1).max(100)
export const BoardQuerySchema = z.object({ ...boardFilters, per_stage: PageSize.optional() })
export const StagePageQuerySchema = z.object({
  ...boardFilters,
  per_page: PageSize.optional(),
  cursor: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: 'next_cursor of the previous page' }),
})

export const Timestamp = z.number().int()
export const Decimal = z.string().openapi({ example: '59.97', description: 'Exact decimal' })
export const Named = z.object({ id: z.number().int(), name: z.string().nullable() })

export const StageSchema = z
  .object({
    id: z.number().int(),
    funnel_id: z.number().int(),
    name: z.string(),
    color: z.string(),
    position: z.number().int(),
    time_limit_minutes: z.number().int().nullable(),
    checklist_template: z.array(z.object({ title: z.string(), required: z.boolean() })),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('FunnelStage', { example: examples.FunnelStageExample })
export const FunnelSchema = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    stages: z.array(StageSchema),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Funnel', { example: examples.FunnelExample })

export const StageSummarySchema = StageSchema.pick({
  id: true,
  name: true,
  color: true,
  position: true,
  time_limit_minutes: true,
})
export type StageRowLike = {
  id: number
  funnelId: number
  name: string
  color: string
  position: number
  timeLimitMinutes: number | null
  checklistTemplate: { title: string; required: boolean }[]
  createdAt: number
  updatedAt: number
}

export const toStage = (row: StageRowLike): z.infer<typeof StageSchema> => ({
  id: row.id,
  funnel_id: row.funnelId,
  name: row.name,
  color: row.color,
  position: row.position,
  time_limit_minutes: row.timeLimitMinutes,
  checklist_template: row.checklistTemplate,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
})

export const toStageSummary = (row: StageRowLike) => ({
  id: row.id,
  name: row.name,
  color: row.color,
  position: row.position,
  time_limit_minutes: row.timeLimitMinutes,
})

export function toFunnel(
  row: {
    id: number
    accountId: number
    name: string
    description: string | null
    createdAt: number
    updatedAt: number
  },
  stages: StageRowLike[],
): z.infer<typeof FunnelSchema> {
  return {
    id: row.id,
    account_id: row.accountId,
    name: row.name,
    description: row.description,
    stages: stages.map(toStage),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }
}

/** Filter values as a list, whether sent as `labels=a,b`, `labels[]=a&labels[]=b` or both. */
export function labelList(...values: (string | string[] | undefined)[]) {
  return values
    .flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')))
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 50)
}
