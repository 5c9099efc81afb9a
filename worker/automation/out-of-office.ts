import { hasReplySince } from '../db/queries/automatic-messages'
import { MESSAGE_TYPE } from '../db/queries/messages'
import { businessHours, isOpen } from '../lib/business-hours'
import { sendAutomaticMessage } from './automatic-message'
import { automationSettings } from './inbox-settings'
import type { Automation } from './run'

/** As the greeting (./greeting.ts): no automatic answer to mail or SMS. */
const OUT_OF_OFFICE_CHANNELS = new Set(['web_widget', 'api'])

/**
 * Chatwoot's grace period: no out-of-office message while an agent has replied in the last five
 * minutes, so a conversation still being answered at closing time is not interrupted.
 */
const ACTIVE_REPLY_SECONDS = 5 * 60

/**
 * The out-of-office message (Chatwoot's MessageTemplates::Template::OutOfOffice, chosen by
 * HookExecutionService `should_send_out_of_office_message?`): with `working_hours_enabled` and a
 * non-blank `out_of_office_message`, a visitor's incoming, non-private message that arrives while
 * the inbox is closed (its `created_at` on the inbox's clock, `timezone`, DST included) is answered
 * with that text, once per conversation (its fixed echo_id). Chatwoot sends it at most once a day
 * per conversation; the issue asks once per conversation, which also never repeats it to a
 * visitor who writes on into the night. Not to a blocked contact.
 */
export const outOfOffice: Automation = async (env, db, triggers, now) => {
  const committed: number[] = []
  const seen = new Set<number>()
  for (const { event, conversation, contact, inbox, message } of triggers) {
    if (event.kind !== 'message_created' || !message || seen.has(conversation.id)) continue
    if (message.messageType !== MESSAGE_TYPE.incoming || message.private) continue
    if (!OUT_OF_OFFICE_CHANNELS.has(inbox.channelType)) continue
    const settings = automationSettings(inbox.settings)
    if (!settings.outOfOffice) continue
    const hours = businessHours(settings.workingHours, settings.timezone)
    if (isOpen(hours, message.createdAt)) continue
    seen.add(conversation.id)
    if (contact.blocked) continue
    if (await hasReplySince(db, conversation.id, message.createdAt - ACTIVE_REPLY_SECONDS)) continue
    const { eventIds } = await sendAutomaticMessage(
      db,
      env,
      conversation,
      { key: 'out_of_office', content: settings.outOfOffice },
      now,
    )
    committed.push(...eventIds)
  }
  return committed
}
