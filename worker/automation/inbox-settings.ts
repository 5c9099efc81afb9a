import type { WorkingHour } from '../lib/business-hours'
import { DEFAULT_WORKING_HOURS } from '../schemas/inboxes'

/*
 * The inbox settings the greeting, out-of-office, email collection, messages-after-resolution,
 * auto-assignment and CSAT behaviours read, with the defaults the inbox API shows for them (schemas/inboxes.ts `toInbox`):
 * one reader, so a default changed there is changed here in the same place of review.
 */

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null)
const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback)

export type AutomationSettings = {
  /** The greeting's text when the greeting is on and the text is not blank, else null. */
  greeting: string | null
  /** The out-of-office text when working hours are on and the text is not blank, else null. */
  outOfOffice: string | null
  workingHours: WorkingHour[]
  timezone: string
  enableEmailCollect: boolean
  allowMessagesAfterResolved: boolean
  enableAutoAssignment: boolean
  csatSurveyEnabled: boolean
}

export function automationSettings(settings: Record<string, unknown>): AutomationSettings {
  return {
    greeting: flag(settings.greeting_enabled, false) ? text(settings.greeting_message) : null,
    outOfOffice: flag(settings.working_hours_enabled, false)
      ? text(settings.out_of_office_message)
      : null,
    workingHours: Array.isArray(settings.working_hours)
      ? (settings.working_hours as WorkingHour[])
      : DEFAULT_WORKING_HOURS,
    timezone: typeof settings.timezone === 'string' ? settings.timezone : 'UTC',
    enableEmailCollect: flag(settings.enable_email_collect, true),
    allowMessagesAfterResolved: flag(settings.allow_messages_after_resolved, true),
    enableAutoAssignment: flag(settings.enable_auto_assignment, true),
    csatSurveyEnabled: flag(settings.csat_survey_enabled, false),
  }
}
