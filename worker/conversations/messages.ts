import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { hasActiveBot } from '../db/queries/agent-bots'
import { insertAttachmentStatement } from '../db/queries/attachments'
import { type ConversationRow, touchContactActivityStatement } from '../db/queries/conversations'
import {
  assembleMessageViews,
  findMessageByEchoId,
  insertedMessageViewStatement,
  insertMessageStatement,
  lastNonActivityMessageId,
  loadMessageViews,
  MESSAGE_TYPE,
  type MessageView,
} from '../db/queries/messages'
import { commitEvents, type EventInput } from '../events/outbox'
import { deleteStored, type StoredFile, storeUpload } from '../lib/files'
import { messageReport } from '../reports/events'
import { withPerformer } from './assignment'
import { type Agent, activityText, patchConversation, type Statement, type Write } from './changes'
import { mayReopen, messageEffects } from './message-effects'

export type Sender = { senderType: 'User' | 'Contact' | 'AgentBot'; senderId: number }

/** A message to add to a conversation, whoever sends it (agent, bot, integrator or visitor). */
export type NewMessage = {
  messageType: number
  contentType: string
  content: string | null
  contentAttributes?: Record<string, unknown>
  additionalAttributes?: Record<string, unknown>
  private?: boolean
  sourceId?: string | null
  echoId?: string | null
  sender: Sender | null
  files?: File[]
}

/** Stores uploads in R2; when one fails, the ones already stored are removed again. */
async function storeAttachments(env: Env, accountId: number, files: File[]) {
  const stored: StoredFile[] = []
  try {
    for (const file of files) {
      stored.push(await storeUpload(env, accountId, 'attachment', file, 'attachments[]'))
    }
  } catch (error) {
    await deleteStored(
      env,
      stored.map((s) => s.key),
    )
    throw error
  }
  return stored
}

/**
 * The conversation a new message goes into, as it was before the message: a row, or a
 * conversation the same batch creates first (its id then the subquery that names it).
 */
export type MessageTarget = Pick<
  ConversationRow,
  | 'accountId'
  | 'inboxId'
  | 'contactId'
  | 'assigneeId'
  | 'teamId'
  | 'createdAt'
  | 'waitingSince'
  | 'firstReplyCreatedAt'
> & { id: number | SQL }

/**
 * A new message's own rows, whatever conversation it goes into: the message, its attachments
 * (already stored), what it reports and, when the contact wrote it, the contact's latest
 * activity; and message_created. What it does to its conversation is `messageWrite`'s (an
 * existing conversation) or the creation's (a new one starts with those values).
 */
export function messageRows(
  db: Db,
  conversation: MessageTarget,
  message: NewMessage,
  stored: StoredFile[],
  now: number,
) {
  const messageId = lastNonActivityMessageId(conversation.id)
  const inserts: Statement[] = [
    insertMessageStatement(db, {
      accountId: conversation.accountId,
      inboxId: conversation.inboxId,
      conversationId: conversation.id as number,
      messageType: message.messageType,
      contentType: message.contentType,
      content: message.content,
      contentAttributes: message.contentAttributes ?? {},
      additionalAttributes: message.additionalAttributes ?? {},
      private: message.private ?? false,
      sourceId: message.sourceId ?? null,
      echoId: message.echoId ?? null,
      senderType: message.sender?.senderType ?? null,
      senderId: message.sender?.senderId ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    ...stored.map((file) =>
      insertAttachmentStatement(db, {
        accountId: conversation.accountId,
        messageId,
        fileType: file.fileType,
        objectKey: file.key,
        contentType: file.contentType,
        fileName: file.fileName,
        extension: file.extension,
        fileSize: file.size,
        createdAt: now,
      }),
    ),
  ]
  const after: Statement[] = [
    ...messageReport(db, conversation, {
      messageType: message.messageType,
      private: message.private === true,
      senderType: message.sender?.senderType ?? null,
      senderId: message.sender?.senderId ?? null,
      createdAt: now,
    }),
    ...(message.messageType === MESSAGE_TYPE.incoming
      ? [touchContactActivityStatement(db, conversation.contactId, now)]
      : []),
  ]
  const event: EventInput = {
    kind: 'message_created',
    accountId: conversation.accountId,
    conversationId: conversation.id,
    inboxId: conversation.inboxId,
    contactId: conversation.contactId,
    messageId,
  }
  return { inserts, after, event }
}

/** The agent a reply assigns its conversation to, as `assignsReplier` decided (reply-assignment.ts). */
export type Replier = Extract<Agent, { type: 'user' }>

/**
 * The statements and events of a new message in an existing conversation: its rows
 * (`messageRows`) and what it does to the conversation (reference §8.2). `botInbox`: the inbox
 * has an active agent bot (a message that reopens the conversation then makes it pending).
 * `assignTo`: the replying agent takes the unassigned conversation, with its activity line and
 * assignee_changed, in the same batch as the message.
 */
export function messageWrite(
  db: Db,
  conversation: ConversationRow,
  message: NewMessage,
  stored: StoredFile[],
  now: number,
  botInbox = false,
  assignTo: Replier | null = null,
): Write {
  const effects = messageEffects(conversation, {
    messageType: message.messageType,
    private: message.private === true,
    senderType: message.sender?.senderType ?? null,
    createdAt: now,
    botInbox,
  })
  // The replier's assignment joins the message's own update: one conversation_updated.
  const patch = assignTo
    ? { ...effects.patch, assigneeId: assignTo.id, assigneeType: 'User' as const }
    : effects.patch
  const activities = assignTo
    ? [...effects.activities, activityText.selfAssigned(assignTo.name)]
    : effects.activities
  const patched = patchConversation(db, conversation, patch, now, activities)
  const update = assignTo ? withPerformer(patched, assignTo) : patched
  const rows = messageRows(db, conversation, message, stored, now)
  return {
    statements: [...rows.inserts, ...update.statements, ...rows.after],
    events: [rows.event, ...update.events],
  }
}

export const isEchoConflict = (error: unknown) => {
  const text = (e: unknown) => (e instanceof Error ? e.message : '')
  const cause = error instanceof Error ? error.cause : undefined
  return /UNIQUE constraint failed: messages\.conversation_id, messages\.echo_id/.test(
    `${text(error)} ${text(cause)}`,
  )
}

async function viewOf(db: Db, accountId: number, id: number) {
  const [view] = await loadMessageViews(db, accountId, [id])
  if (!view) throw new Error(`message ${id} has no view`)
  return view
}

/**
 * Adds a message to a conversation with its attachments (stored in `env`'s R2 first),
 * conversation effects and events in one batch, which also reads back the message's view, and
 * returns that view with the ids of the committed events, which the caller publishes (none when
 * the message existed already). A create that repeats an `echo_id` of the conversation returns
 * the message already made, also when two such creates race (the unique index decides).
 */
export async function createMessage(
  db: Db,
  env: Env,
  conversation: ConversationRow,
  message: NewMessage,
  now: number,
  assignTo: Replier | null = null,
): Promise<{ view: MessageView; eventIds: number[] }> {
  const echoId = message.echoId
  const existing = async (id: number) => ({
    view: await viewOf(db, conversation.accountId, id),
    eventIds: [] as number[],
  })
  if (echoId) {
    const found = await findMessageByEchoId(db, conversation.id, echoId)
    if (found) return existing(found.id)
  }
  const botInbox =
    mayReopen(conversation, message.messageType) && (await hasActiveBot(db, conversation.inboxId))
  const stored = await storeAttachments(env, conversation.accountId, message.files ?? [])
  try {
    const write = messageWrite(db, conversation, message, stored, now, botInbox, assignTo)
    const readBack = insertedMessageViewStatement(db, conversation.id)
    const { results, eventIds } = await commitEvents(
      db,
      [...write.statements, readBack] as unknown as [Statement, ...Statement[]],
      write.events,
    )
    const view = assembleMessageViews(results.at(-1) as unknown as Awaited<typeof readBack>)[0]
    if (!view) throw new Error('the inserted message was not read back')
    return { view, eventIds }
  } catch (error) {
    await deleteStored(
      env,
      stored.map((s) => s.key),
    )
    if (echoId && isEchoConflict(error)) {
      const winner = await findMessageByEchoId(db, conversation.id, echoId)
      if (winner) return existing(winner.id)
    }
    throw error
  }
}
