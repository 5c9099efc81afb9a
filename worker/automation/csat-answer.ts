import { conversationEventIds } from '../conversations/changes'
import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import { upsertCsatResponseStatement } from '../db/queries/csat'
import type { MessageRow } from '../db/queries/messages'
import { updateMessageStatement } from '../db/queries/messages'
import { apiError } from '../errors'

/** A survey takes answers for 14 days after it was sent (Chatwoot's limit). */
export const CSAT_WINDOW_SECONDS = 14 * 24 * 60 * 60

export type CsatRating = { rating: number; feedback_message?: string | null }

/** Whether the survey `message` still takes an answer at `now`. */
export function csatSurveyOpen(message: Pick<MessageRow, 'createdAt'>, now: number) {
  return now - message.createdAt <= CSAT_WINDOW_SECONDS
}

/**
 * The write of a visitor's answer to a CSAT survey, from the widget's PATCH of the message or
 * the public rating page: the message's submitted_values (what the widget shows), the stored
 * response (what reports count: the rating, the comment, the contact, and the agent holding the
 * conversation when the answer came) and `message_updated`. One batch, so the two never disagree.
 */
export function csatAnswerWrite(
  db: Db,
  conversation: ConversationRow,
  message: MessageRow,
  submittedValues: Record<string, unknown>[],
  answer: CsatRating,
  now: number,
) {
  if (!csatSurveyOpen(message, now)) {
    throw apiError('validation_failed', 'You cannot update the CSAT survey after 14 days')
  }
  const contentAttributes = { ...message.contentAttributes, submitted_values: submittedValues }
  const feedback = answer.feedback_message?.trim() ? answer.feedback_message : null
  return {
    statements: [
      updateMessageStatement(db, message.id, { contentAttributes }),
      upsertCsatResponseStatement(db, {
        accountId: conversation.accountId,
        conversationId: conversation.id,
        messageId: message.id,
        contactId: conversation.contactId,
        assignedAgentId: conversation.assigneeType === 'AgentBot' ? null : conversation.assigneeId,
        rating: answer.rating,
        feedbackMessage: feedback,
        now,
      }),
    ] as const,
    events: [
      {
        kind: 'message_updated' as const,
        ...conversationEventIds(conversation),
        messageId: message.id,
      },
    ],
  }
}
