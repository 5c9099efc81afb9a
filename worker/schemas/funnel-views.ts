import { z } from '@hono/zod-openapi'
import * as examples from './examples/funnel-views'
import {
  Decimal,
  Named,
  type StageRowLike,
  StageSummarySchema,
  Timestamp,
  toStageSummary,
} from './funnels'

/** Response shapes of placements, stage history, checklists, stopwatches and the board. */

export const PlacementSchema = z
  .object({
    id: z.number().int(),
    conversation_id: z.number().int().openapi({ description: "The conversation's display id" }),
    funnel_id: z.number().int(),
    stage_id: z.number().int(),
    funnel: Named,
    stage: StageSummarySchema,
    entered_at: Timestamp,
    time_in_stage_seconds: z.number().int(),
    time_limit_exceeded: z.boolean(),
    alerted_at: Timestamp.nullable(),
  })
  .openapi('FunnelStagePlacement', { example: examples.FunnelStagePlacementExample })
export const TransitionSchema = z
  .object({
    id: z.number().int(),
    funnel_id: z.number().int(),
    from_stage: Named.nullable(),
    to_stage: Named.nullable(),
    actor: z
      .object({ id: z.number().int(), name: z.string().nullable(), type: z.string() })
      .nullable(),
    created_at: Timestamp,
  })
  .openapi('StageTransition', { example: examples.StageTransitionExample })
export const ChecklistItemSchema = z
  .object({
    id: z.number().int(),
    conversation_id: z.number().int(),
    stage_id: z.number().int(),
    title: z.string(),
    required: z.boolean(),
    position: z.number().int(),
    checked: z.boolean(),
    checked_at: Timestamp.nullable(),
    checked_by: Named.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('ChecklistItem', { example: examples.ChecklistItemExample })
export const StopwatchSchema = z
  .object({
    running: z.boolean(),
    accumulated_seconds: z.number().int().openapi({ description: 'Seconds of finished runs' }),
    elapsed_seconds: z.number().int().openapi({ description: 'Including the current run' }),
    running_since: Timestamp.nullable(),
    started_by: Named.nullable(),
    updated_by: Named.nullable(),
    updated_at: Timestamp.nullable(),
  })
  .openapi('Stopwatch', { example: examples.StopwatchExample })

export const BoardCardSchema = z.object({
  id: z.number().int().openapi({ description: "The conversation's display id" }),
  status: z.string(),
  assignee_id: z.number().int().nullable(),
  inbox_id: z.number().int(),
  labels: z.array(z.string()),
  last_activity_at: Timestamp,
  entered_at: Timestamp,
  time_in_stage_seconds: z.number().int(),
  contact: Named,
  products_total: Decimal,
})
export const BoardStageSchema = StageSummarySchema.extend({
  count: z.number().int(),
  products_total: Decimal,
  conversations: z.array(BoardCardSchema),
  next_cursor: z.string().nullable(),
}).openapi('BoardStage', { example: examples.BoardStageExample })
export const BoardSchema = z
  .object({
    funnel: z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
    }),
    stages: z.array(BoardStageSchema),
  })
  .openapi('FunnelBoard', { example: examples.FunnelBoardExample })

type PlacementLike = {
  placement: {
    id: number
    funnelId: number
    stageId: number
    enteredAt: number
    alertedAt: number | null
  }
  stage: StageRowLike
  funnelName: string | null
}

export function toPlacement(
  row: PlacementLike,
  displayId: number,
  now: number,
): z.infer<typeof PlacementSchema> {
  const { placement, stage } = row
  const seconds = Math.max(0, now - placement.enteredAt)
  return {
    id: placement.id,
    conversation_id: displayId,
    funnel_id: placement.funnelId,
    stage_id: placement.stageId,
    funnel: { id: placement.funnelId, name: row.funnelName },
    stage: toStageSummary(stage),
    entered_at: placement.enteredAt,
    time_in_stage_seconds: seconds,
    time_limit_exceeded: stage.timeLimitMinutes !== null && seconds > stage.timeLimitMinutes * 60,
    alerted_at: placement.alertedAt,
  }
}

export function toTransition(row: {
  transition: {
    id: number
    funnelId: number
    fromStageId: number | null
    toStageId: number | null
    actorType: string | null
    actorId: number | null
    createdAt: number
  }
  fromName: string | null
  toName: string | null
  actorName: string | null
}): z.infer<typeof TransitionSchema> {
  const t = row.transition
  return {
    id: t.id,
    funnel_id: t.funnelId,
    from_stage: t.fromStageId === null ? null : { id: t.fromStageId, name: row.fromName },
    to_stage: t.toStageId === null ? null : { id: t.toStageId, name: row.toName },
    actor:
      t.actorId === null
        ? null
        : { id: t.actorId, name: row.actorName, type: t.actorType ?? 'User' },
    created_at: t.createdAt,
  }
}

type ChecklistItemLike = {
  id: number
  stageId: number
  title: string
  required: boolean
  position: number
  checkedAt: number | null
  checkedById: number | null
  createdAt: number
  updatedAt: number
}

export function toChecklistItem(
  item: ChecklistItemLike,
  checkedByName: string | null,
  displayId: number,
): z.infer<typeof ChecklistItemSchema> {
  return {
    id: item.id,
    conversation_id: displayId,
    stage_id: item.stageId,
    title: item.title,
    required: item.required,
    position: item.position,
    checked: item.checkedAt !== null,
    checked_at: item.checkedAt,
    checked_by: item.checkedById === null ? null : { id: item.checkedById, name: checkedByName },
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  }
}

/** An item as conversation_updated's `checklist` attribute names it. */
export const checklistSnapshot = (item: ChecklistItemLike) => ({
  id: item.id,
  stage_id: item.stageId,
  title: item.title,
  required: item.required,
  checked: item.checkedAt !== null,
})

export function toStopwatch(
  view: {
    stopwatch: {
      accumulatedSeconds: number
      runningSince: number | null
      startedById: number | null
      updatedById: number | null
      updatedAt: number
    } | null
    startedByName: string | null
    updatedByName: string | null
  },
  now: number,
): z.infer<typeof StopwatchSchema> {
  const s = view.stopwatch
  const accumulated = s?.accumulatedSeconds ?? 0
  const runningSince = s?.runningSince ?? null
  return {
    running: runningSince !== null,
    accumulated_seconds: accumulated,
    elapsed_seconds: accumulated + (runningSince === null ? 0 : Math.max(0, now - runningSince)),
    running_since: runningSince,
    started_by: s?.startedById ? { id: s.startedById, name: view.startedByName } : null,
    updated_by: s?.updatedById ? { id: s.updatedById, name: view.updatedByName } : null,
    updated_at: s?.updatedAt ?? null,
  }
}

export function toBoardCard(
  row: {
    display_id: number
    status: string
    assignee_id: number | null
    inbox_id: number
    labels: string
    last_activity_at: number
    entered_at: number
    contact_id: number
    contact_name: string
  },
  productsTotal: string,
  now: number,
): z.infer<typeof BoardCardSchema> {
  return {
    id: row.display_id,
    status: row.status,
    assignee_id: row.assignee_id,
    inbox_id: row.inbox_id,
    labels: JSON.parse(row.labels) as string[],
    last_activity_at: row.last_activity_at,
    entered_at: row.entered_at,
    time_in_stage_seconds: Math.max(0, now - row.entered_at),
    contact: { id: row.contact_id, name: row.contact_name },
    products_total: productsTotal,
  }
}
