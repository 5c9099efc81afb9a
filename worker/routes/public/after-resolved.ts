import type { Context } from 'hono'
import { automationSettings } from '../../automation/inbox-settings'
import { conversationCreation, initialStatus } from '../../conversations/create'
import type { ConversationRow } from '../../db/queries/conversations'
import { latestConversationOf } from '../../db/queries/public'
import type { AppEnv } from '../../env'
import type { Visitor } from '../../middleware/visitor'
import { commitWithEvents } from '../write-adapter'

/**
 * The conversation a visitor's message goes into. With the inbox's
 * `allow_messages_after_resolved` off (Chatwoot's setting; on by default, when the message
 * reopens the conversation), a message to a resolved conversation does not reopen it: it goes to
 * a new conversation of the same contact inbox, as Chatwoot's widget starts one, and the resolved
 * one stays resolved. With `lock_to_single_conversation` on, an ongoing conversation of the
 * visitor takes it instead of a new one. The message's JSON names the conversation it went to
 * (`conversation_id`), which is how the widget learns to follow it. Agents' and API messages are
 * not affected (they use their own routes).
 *
 * The new conversation is committed before the message, as when the widget starts one and then
 * writes: a crash between the two leaves an empty conversation, never a lost message.
 */
export async function conversationForVisitorMessage(
  c: Context<AppEnv>,
  visitor: Visitor & { conversation: ConversationRow },
  now: number,
): Promise<ConversationRow> {
  const { inbox, contactInbox, contact, conversation } = visitor
  if (conversation.status !== 'resolved') return conversation
  if (automationSettings(inbox.settings).allowMessagesAfterResolved) return conversation
  const db = c.var.db
  if (inbox.settings.lock_to_single_conversation === true) {
    const ongoing = await latestConversationOf(db, contactInbox, true)
    if (ongoing) return ongoing
  }
  const status = initialStatus(contact)
  const created = conversationCreation(
    db,
    {
      accountId: inbox.accountId,
      inboxId: inbox.id,
      contactId: contactInbox.contactId,
      contactInboxId: contactInbox.id,
    },
    {
      status,
      waitingSince: status === 'resolved' ? null : now,
      customAttributes: {},
      // The visitor's browser and page, as the resolved conversation recorded them.
      additionalAttributes: conversation.additionalAttributes,
    },
    now,
  )
  const [[row]] = await commitWithEvents(
    c,
    [created.statement, ...created.reporting],
    [created.event],
  )
  if (!row) throw new Error('conversation insert returned nothing')
  return row
}
