import { businessHours, isOpen, nextOpening } from '../../../../protocol/shared/business-hours'
import type { WidgetDraft } from './widget-draft'

/** Out of hours: when the team is next open on the inbox's clock (null: no day is open). */
export type Closed = { backAt: { dayOfWeek: number; time: string } | null }

/**
 * Whether the widget would show the closed state at `now` (Unix seconds) with the draft's hours:
 * the same schedule functions the worker and the widget use, so the preview cannot disagree.
 */
export function closedState(draft: WidgetDraft, now: number): Closed | null {
  if (!draft.working_hours_enabled) return null
  const hours = businessHours(draft.working_hours, draft.timezone)
  if (isOpen(hours, now)) return null
  const next = nextOpening(hours, now)
  if (!next) return { backAt: null }
  const time = `${String(next.hour).padStart(2, '0')}:${String(next.minute).padStart(2, '0')}`
  return { backAt: { dayOfWeek: next.dayOfWeek, time } }
}
