import type { Context } from 'hono'
import type { Db } from '../db/client'
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
import type { AppEnv } from '../env'
import { commitWithEvents } from '../events/outbox'
import { deleteStored, type StoredFile, storeUpload } from '../lib/files'
import { nowSeconds } from '../lib/time'
import { messageReport } from '../reports/events'
import {
  conversationEventIds,
  messageEffects,
  patchConversation,
  type Statement,
  type Write,
} from './changes'

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
 * The statements and events of a new message: the row, its attachments, what it does to the
 * conversation (reference §8.2) and, when the contact wrote it, the contact's latest activity.
 */
function messageWrite(
  db: Db,
  conversation: ConversationRow,
  message: NewMessage,
  stored: StoredFile[],
  now: number,
): Write {
  const messageId = lastNonActivityMessageId(conversation.id)
  const effects = messageEffects(conversation, {
    messageType: message.messageType,
    private: message.private === true,
    senderType: message.sender?.senderType ?? null,
    createdAt: now,
  })
  const update = patchConversation(db, conversation, effects.patch, now, effects.activities)
  return {
    statements: [
      insertMessageStatement(db, {
        accountId: conversation.accountId,
        inboxId: conversation.inboxId,
        conversationId: conversation.id,
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
      ...update.statements,
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
    ],
    events: [
      { kind: 'message_created', ...conversationEventIds(conversation), messageId },
      ...update.events,
    ],
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
 * Adds a message to a conversation with its attachments, conversation effects and events in one
 * batch, which also reads back the message's view, and returns that view. A create that repeats
 * an `echo_id` of the conversation returns the message already made, also when two such creates
 * race (the unique index decides).
 */
export async function createMessage(
  c: Context<AppEnv>,
  conversation: ConversationRow,
  message: NewMessage,
  /** Work on the new message that goes before its events are published (see commitWithEvents). */
  beforePublish?: (view: MessageView) => Promise<unknown> | undefined,
): Promise<MessageView> {
  const db = c.var.db
  const echoId = message.echoId
  if (echoId) {
    const existing = await findMessageByEchoId(db, conversation.id, echoId)
    if (existing) return viewOf(db, conversation.accountId, existing.id)
  }
  const stored = await storeAttachments(c.env, conversation.accountId, message.files ?? [])
  try {
    const write = messageWrite(db, conversation, message, stored, nowSeconds())
    const readBack = insertedMessageViewStatement(db, conversation.id)
    let view: MessageView | undefined
    await commitWithEvents(
      c,
      [...write.statements, readBack] as unknown as [Statement, ...Statement[]],
      write.events,
      (results) => {
        const rows = results.at(-1) as Awaited<typeof readBack>
        view = assembleMessageViews(rows)[0]
        return view && beforePublish?.(view)
      },
    )
    if (!view) throw new Error('the inserted message was not read back')
    return view
  } catch (error) {
    await deleteStored(
      c.env,
      stored.map((s) => s.key),
    )
    if (echoId && isEchoConflict(error)) {
      const winner = await findMessageByEchoId(db, conversation.id, echoId)
      if (winner) return viewOf(db, conversation.accountId, winner.id)
    }
    throw error
  }
}
