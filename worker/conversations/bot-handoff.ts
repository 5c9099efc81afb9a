import type { Db } from '../db/client'
import { findGivenUpBotMessageConversation } from '../db/queries/agent-bots'
import { patchConversation, statusPatch } from './changes'

/** Chatwoot's conversations.activity.agent_bot.error_moved_to_open. */
export const BOT_ERROR_ACTIVITY =
  'Conversation was marked open by system due to an error with the agent bot.'

/**
 * A bot that stops answering hands its conversation to humans (Chatwoot's agent-bot webhook
 * failure handling): when the delivery of a message to the bot is given up (`deliveryId`, dead)
 * and its conversation is still pending, the system opens it, which lets auto-assignment take it.
 * The system's status change has no activity line of its own (statusChangeWrite), so this one
 * carries Chatwoot's bot-error line. Null when there is nothing to do, which makes a second
 * give-up of the same delivery, or of another after the handoff, change nothing.
 */
export async function silentBotHandoff(db: Db, deliveryId: number, now: number) {
  const conversation = await findGivenUpBotMessageConversation(db, deliveryId)
  if (conversation?.status !== 'pending') return null
  const write = patchConversation(db, conversation, statusPatch('open'), now, [BOT_ERROR_ACTIVITY])
  return { accountId: conversation.accountId, write }
}
