import type { ConversationRow } from '../db/queries/conversations'
import { MESSAGE_TYPE } from '../db/queries/messages'
import type { Agent } from './changes'
import type { NewMessage } from './messages'

/** The account setting, on unless the account turned it off (`settings.auto_assign_on_reply`). */
export const assignsOnReply = (settings: unknown) =>
  (settings as Record<string, unknown> | null)?.auto_assign_on_reply !== false

/**
 * Whether this message makes its sender the conversation's assignee: an agent's public reply to
 * a conversation nobody (agent or bot) holds, as Chatwoot does, unless the account turned it off.
 * Private notes, bots' and visitors' messages and replies to held conversations assign nobody.
 */
export function assignsReplier(
  conversation: Pick<ConversationRow, 'assigneeId'>,
  message: NewMessage,
  actor: Agent,
  accountSettings: unknown,
): actor is Extract<Agent, { type: 'user' }> {
  return (
    actor.type === 'user' &&
    actor.role !== 'agent_bot' &&
    message.messageType === MESSAGE_TYPE.outgoing &&
    message.private !== true &&
    message.sender?.senderType === 'User' &&
    message.sender.senderId === actor.id &&
    conversation.assigneeId === null &&
    assignsOnReply(accountSettings)
  )
}
