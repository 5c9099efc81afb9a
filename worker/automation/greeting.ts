import { hasReplySince } from '../db/queries/automatic-messages'
import { sendAutomaticMessage } from './automatic-message'
import { automationSettings } from './inbox-settings'
import type { Automation } from './run'

/**
 * Channels that get a greeting. Chatwoot greets on every channel but tweets; Parley leaves out
 * email and SMS inboxes: a template message is not mailed there (only replies are), and an
 * automatic answer to every new mail thread is the autoresponder that starts mail loops.
 */
const GREETING_CHANNELS = new Set(['web_widget', 'api'])

/**
 * The greeting (Chatwoot's MessageTemplates::Template::Greeting, chosen by HookExecutionService
 * `should_send_greeting?`): when a conversation starts in an inbox with `greeting_enabled` and a
 * non-blank `greeting_message`, that text is its first outgoing (template) message. Chatwoot sends
 * it on the contact's first message; Parley sends it on conversation_created, so the widget shows
 * it as soon as the visitor opens a conversation. Kept from Chatwoot: none when the conversation
 * already has a reply (an agent or the API started it: `first_message_from_contact?`), none to a
 * blocked contact (whose conversation starts resolved). Campaigns, which Chatwoot also skips,
 * Parley does not have. The fixed echo_id keeps it to one per conversation across re-runs.
 */
export const greeting: Automation = async (env, db, triggers, now) => {
  const committed: number[] = []
  for (const { event, conversation, contact, inbox } of triggers) {
    if (event.kind !== 'conversation_created' || !GREETING_CHANNELS.has(inbox.channelType)) continue
    const content = automationSettings(inbox.settings).greeting
    if (!content || conversation.status === 'resolved') continue
    if (contact.blocked) continue
    if (await hasReplySince(db, conversation.id)) continue
    const { eventIds } = await sendAutomaticMessage(
      db,
      env,
      conversation,
      { key: 'greeting', content },
      now,
    )
    committed.push(...eventIds)
  }
  return committed
}
