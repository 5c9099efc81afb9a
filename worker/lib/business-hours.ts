import {
  type BusinessHours,
  businessHours,
  type WorkingHour,
} from '../../protocol/shared/business-hours'

/*
 * The schedule logic itself lives in protocol/shared/business-hours.ts, because the widget's
 * "back at" line needs the same rules and may not import the worker; the worker reads it here.
 */
export {
  type BusinessHours,
  businessHours,
  businessSecondsBetween,
  isKnownTimeZone,
  isOpen,
  nextOpening,
  type Opening,
  type WorkingHour,
} from '../../protocol/shared/business-hours'

/**
 * An inbox's schedule from its settings as `toInbox` reads them (`working_hours`, `timezone`);
 * an unknown zone counts as UTC. Whether working hours are switched on is the caller's question
 * (`working_hours_enabled`): this answers what the hours are.
 */
export function inboxBusinessHours(inbox: {
  working_hours: readonly WorkingHour[]
  timezone: string
}): BusinessHours {
  return businessHours(inbox.working_hours, inbox.timezone)
}
