import { sql } from 'drizzle-orm'
import { batchable } from '../db/batch'
import type { Db } from '../db/client'
import { eventStatement } from '../db/queries/events'
import {
  assembleMessageViews,
  lastNonActivityMessageId,
  MESSAGE_TYPE,
  type MessageView,
  messagesWithSendersStatement,
} from '../db/queries/messages'
import { recordReportingEventsFromStatements } from '../db/queries/reporting-events'
import { messages } from '../db/schema'
import { GUARD_SQL } from '../lib/d1-gate'
import { MESSAGE_REPORTING_RULES, messageReportingSql } from '../reports/message-reporting'
import { MESSAGE_RULES, type MessageFacts } from './message-effects'
import {
  compilable,
  messageChangedAttributes,
  messageChangesTracked,
  messageEffectsAssignments,
} from './message-effects-sql'
import type { NewMessage } from './messages'

/**
 * The name a failed `replyInSql` guard gives its error: no such conversation for this caller, or
 * a reply that would assign it (the usual path writes that).
 */
export const UNAVAILABLE_CONVERSATION_GUARD = 'conversation-unavailable'

const factsOf = (message: NewMessage, now: number): MessageFacts => ({
  messageType: message.messageType,
  private: message.private === true,
  senderType: message.sender?.senderType ?? null,
  createdAt: now,
})

/**
 * Whether `replyInSql` can write this message: an agent's or bot's outgoing message or template,
 * without files, whose effects on its conversation (MESSAGE_RULES) the SQL interpreter covers.
 */
export function writableInSql(message: NewMessage) {
  const type = message.messageType
  return (
    (type === MESSAGE_TYPE.outgoing || type === MESSAGE_TYPE.template) &&
    (message.files?.length ?? 0) === 0 &&
    (message.sender?.senderType === 'User' || message.sender?.senderType === 'AgentBot') &&
    compilable(MESSAGE_RULES, factsOf(message, 0))
  )
}

/** The conversation by its account and display id, and the agent it must be visible to (null: any). */
export type ReplyTarget = { accountId: number; displayId: number; agentId: number | null }

/**
 * An agent's message in ONE round trip, with no read before it: the guard, the message, its
 * reporting rows, its events, the conversation's update and the message's view go in one batch,
 * each computing what it needs from the conversation row as the batch finds it. What the message
 * does to its conversation is compiled from MESSAGE_RULES, the description `messageEffects`
 * applies in JS, and its reporting rows from MESSAGE_REPORTING_RULES, which `messageReport`
 * applies in JS (test/worker/conversations/reply-in-sql.test.ts holds the two paths side by side). A
 * conversation the caller cannot see fails the guard, which rolls everything back
 * (`isFailedGuard(error, UNAVAILABLE_CONVERSATION_GUARD)`): the caller then takes the usual path
 * for its 404 or 403. Returns the message's view and the ids of the committed events, which the
 * caller publishes.
 */
export async function replyInSql(
  db: Db,
  target: ReplyTarget,
  message: NewMessage,
  now: number,
): Promise<{ view: MessageView; eventIds: number[] }> {
  const sender = message.sender as NonNullable<NewMessage['sender']>
  const isPrivate = message.private === true
  const facts = factsOf(message, now)

  const thisConversation = sql`c.account_id = ${target.accountId} and c.display_id = ${target.displayId}`
  const conversationId = sql`(select c.id from conversations c where ${thisConversation})`
  const visible =
    target.agentId === null
      ? sql``
      : sql` and exists (select 1 from inbox_members m where m.inbox_id = c.inbox_id and m.user_id = ${target.agentId})`
  // An agent's public reply to an unassigned conversation assigns it (reply-assignment.ts),
  // which this path does not write: such a reply fails the guard and takes the usual path.
  const assigns =
    sender.senderType === 'User' && message.messageType === MESSAGE_TYPE.outgoing && !isPrivate
      ? sql` and not (c.assignee_id is null and coalesce((select json_extract(a.settings, '$.auto_assign_on_reply') from accounts a where a.id = c.account_id), 1) <> 0)`
      : sql``
  // A phone inbox's text is checked before it is created (phone/send-guard.ts): the usual path.
  const text = isPrivate
    ? sql``
    : sql` and not exists (select 1 from twilio_channels t where t.inbox_id = c.inbox_id)`
  const guard = batchable(
    db,
    db.all(
      sql`${sql.raw(GUARD_SQL.head)}exists (select 1 from conversations c where ${thisConversation}${visible}${assigns}${text})${sql.raw(GUARD_SQL.tail(UNAVAILABLE_CONVERSATION_GUARD))}`,
    ),
  )

  const insertMessage = batchable(
    db,
    db.run(sql`insert into messages (account_id, inbox_id, conversation_id, message_type, content_type,
      content, content_attributes, additional_attributes, private, source_id, echo_id, sender_type,
      sender_id, created_at, updated_at)
      select c.account_id, c.inbox_id, c.id, ${message.messageType}, ${message.contentType},
        ${message.content}, ${JSON.stringify(message.contentAttributes ?? {})},
        ${JSON.stringify(message.additionalAttributes ?? {})}, ${isPrivate ? 1 : 0},
        ${message.sourceId ?? null}, ${message.echoId ?? null}, ${sender.senderType},
        ${sender.senderId}, ${now}, ${now}
      from conversations c where ${thisConversation}`),
  )

  const reporting = messageReportingSql(
    MESSAGE_REPORTING_RULES,
    {
      messageType: message.messageType,
      private: isPrivate,
      senderType: sender.senderType,
      senderId: sender.senderId,
      createdAt: now,
    },
    'c',
    thisConversation,
  )
  const changed = messageChangesTracked(MESSAGE_RULES, facts, 'c')
  const events = [
    eventStatement(db, {
      kind: 'message_created',
      accountId: target.accountId,
      conversationId,
      inboxId: sql`(select c.inbox_id from conversations c where ${thisConversation})`,
      contactId: sql`(select c.contact_id from conversations c where ${thisConversation})`,
      messageId: lastNonActivityMessageId(conversationId),
    }),
    eventStatement(
      db,
      {
        kind: 'conversation_updated',
        accountId: target.accountId,
        conversationId: sql`c.id`,
        inboxId: sql`c.inbox_id`,
        contactId: sql`c.contact_id`,
        changedAttributes: messageChangedAttributes(MESSAGE_RULES, facts, 'c'),
      },
      { from: sql`conversations c`, where: sql`${thisConversation} and ${changed}` },
    ),
  ]
  const update = batchable(
    db,
    db.run(sql`update conversations set ${messageEffectsAssignments(MESSAGE_RULES, facts)}
      where account_id = ${target.accountId} and display_id = ${target.displayId}`),
  )
  const readBack = messagesWithSendersStatement(
    db,
    sql`${messages.id} = ${lastNonActivityMessageId(conversationId)}`,
  )

  const statements = [
    guard,
    insertMessage,
    ...(reporting ? recordReportingEventsFromStatements(db, reporting) : []),
    ...events,
    update,
    readBack,
  ]
  const results = (await db.batch(
    statements as unknown as Parameters<Db['batch']>[0],
  )) as unknown as unknown[]
  const eventIds = results
    .slice(statements.length - 2 - events.length, statements.length - 2)
    .flatMap((rows) => (rows as { id: number }[]).map((r) => r.id))
  const view = assembleMessageViews(results.at(-1) as Awaited<typeof readBack>)[0]
  if (!view) throw new Error('the inserted message was not read back')
  return { view, eventIds }
}
