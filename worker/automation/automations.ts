import { businessHoursReporting } from '../reports/business-hours'
import { autoAssign } from './auto-assign'
import { csatSurvey } from './csat'
import { emailCollect } from './email-collect'
import { greeting } from './greeting'
import { outOfOffice } from './out-of-office'
import type { Automation } from './run'

/**
 * Every automation that reacts to published events, in the order they run. Each lives in its own
 * file of worker/automation/ and is idempotent (see `Automation`).
 */
export const AUTOMATIONS: readonly Automation[] = [
  csatSurvey,
  greeting,
  outOfOffice,
  emailCollect,
  autoAssign,
  businessHoursReporting,
]
