import { type SQL, sql } from 'drizzle-orm'
import { batchable } from '../db/batch'
import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import { MESSAGE_TYPE } from '../db/queries/messages'
import type { Write } from './changes'

export const stageAlertText = (stageName: string, minutes: number) =>
  `Conversation has been in stage ${stageName} longer than ${minutes} minutes`

/** A conversation's stay in a funnel stage, and the stage with its time limit. */
export type AlertSubject = {
  placement: { id: number; funnelId: number; enteredAt: number }
  stage: { id: number; name: string }
  conversation: Pick<ConversationRow, 'id' | 'accountId' | 'inboxId' | 'contactId'>
}

/**
 * The stage time-limit alert of one placement, by the system: the placement's alerted_at, an
 * activity message and a conversation_updated event. Each statement after the first, and the
 * event (commit it with `when`), only runs if the one before changed a row (`changes()`), so
 * concurrent or repeated runs write exactly one alert.
 */
export function stageAlertWrite(
  db: Db,
  { placement, stage, conversation }: AlertSubject,
  limitMinutes: number,
  now: number,
): Write & { when: SQL } {
  const onlyAfterChange = sql`changes() = 1`
  const changed = [
    {
      stage_time_limit_exceeded: {
        previous_value: false,
        current_value: {
          funnel_id: placement.funnelId,
          stage_id: stage.id,
          limit_minutes: limitMinutes,
        },
      },
    },
  ]
  return {
    statements: [
      batchable(
        db,
        db.run(sql`update conversation_stages set alerted_at = ${now}
      where id = ${placement.id} and alerted_at is null and stage_id = ${stage.id} and entered_at = ${placement.enteredAt}`),
      ),
      batchable(
        db,
        db.run(sql`insert into messages (account_id, inbox_id, conversation_id, message_type, content_type, content, created_at, updated_at)
      select ${conversation.accountId}, ${conversation.inboxId}, ${conversation.id}, ${MESSAGE_TYPE.activity}, 'text',
        ${stageAlertText(stage.name, limitMinutes)}, ${now}, ${now}
      where ${onlyAfterChange}`),
      ),
    ],
    events: [
      {
        kind: 'conversation_updated',
        accountId: conversation.accountId,
        conversationId: conversation.id,
        inboxId: conversation.inboxId,
        contactId: conversation.contactId,
        changedAttributes: changed,
        data: { conversation_stage_id: placement.id },
      },
    ],
    when: onlyAfterChange,
  }
}
