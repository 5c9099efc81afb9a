import type { Automation } from '../automation/run'
import {
  correctBusinessHoursStatements,
  uncorrectedTimedEvents,
} from '../db/queries/reporting-events'
import { businessHours, businessSecondsBetween, type WorkingHour } from '../lib/business-hours'
import { DEFAULT_WORKING_HOURS } from '../schemas/inboxes'

/*
 * Reports' times in business hours (Chatwoot's value_in_business_hours, `business_hours=true`).
 * Why a correction after the commit rather than the value at write time, as Chatwoot does: the
 * agent's reply writes its reporting rows in SQL over the conversation as the batch finds it
 * (conversations/reply-in-sql.ts, one round trip), where the inbox's schedule in its time zone
 * cannot be evaluated. So every timed event is written with its business-hours value equal to
 * its value (right for an inbox without working hours: every hour counts), and this automation,
 * run on the events of the commit, corrects the events of inboxes with working hours on, in the
 * rows and the rollups in one batch. It touches only events not yet corrected, so a re-run after
 * a crash changes nothing; an inbox without working hours costs nothing.
 */

const TRIGGER_KINDS = new Set(['message_created', 'conversation_status_changed'])

const workingHoursOf = (settings: Record<string, unknown>) =>
  settings.working_hours_enabled === true
    ? businessHours(
        Array.isArray(settings.working_hours)
          ? (settings.working_hours as WorkingHour[])
          : DEFAULT_WORKING_HOURS,
        typeof settings.timezone === 'string' ? settings.timezone : 'UTC',
      )
    : null

export const businessHoursReporting: Automation = async (_env, db, triggers) => {
  const byConversation = new Map<number, ReturnType<typeof workingHoursOf>>()
  let accountId = 0
  for (const t of triggers) {
    if (!TRIGGER_KINDS.has(t.event.kind)) continue
    const hours = workingHoursOf(t.inbox.settings)
    if (hours) byConversation.set(t.conversation.id, hours)
    accountId = t.conversation.accountId
  }
  if (byConversation.size === 0) return []
  const rows = await uncorrectedTimedEvents(db, accountId, [...byConversation.keys()])
  const corrections = rows.flatMap((row) => {
    const hours = byConversation.get(row.conversationId ?? 0)
    if (!hours || row.value === null) return []
    const inBusinessHours = businessSecondsBetween(hours, row.createdAt - row.value, row.createdAt)
    return inBusinessHours === row.value
      ? []
      : [{ id: row.id, valueInBusinessHours: inBusinessHours }]
  })
  for (let i = 0; i < corrections.length; i += 50) {
    await db.batch([...correctBusinessHoursStatements(db, corrections.slice(i, i + 50))])
  }
  return []
}
