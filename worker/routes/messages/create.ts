import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { insertAttachmentStatement } from '../../db/queries/attachments'
import { type ConversationRow, touchContactActivityStatement } from '../../db/queries/conversations'
import { findInbox } from '../../db/queries/inboxes'
import {
  findMessageByEchoId,
  insertMessageStatement,
  lastNonActivityMessageId,
  loadMessageViews,
  MESSAGE_TYPE,
} from '../../db/queries/messages'
import { type AppEnv, createRouter } from '../../env'
import { apiError, errorResponses, fieldError } from '../../errors'
import { visibleConversation } from '../../lib/access'
import { deleteStored, type StoredFile, storeUpload } from '../../lib/files'
import { nowSeconds } from '../../lib/time'
import { unwrapBody } from '../../middleware/body'
import { jsonResponse, tokenSecurity } from '../../schemas/common'
import {
  MessageFormSchema,
  type MessageInput,
  MessageInputSchema,
  MessageSchema,
  toMessage,
} from '../../schemas/messages'
import {
  actorOf,
  commit,
  conversationEventIds,
  messageEffects,
  patchConversation,
  senderOf,
  type Write,
} from '../conversations/changes'
import { ConversationParamsSchema } from '../conversations/shared'
import { type Form, readInput } from './input'
import { messagesPath, tags } from './shared'

const createMessageRoute = createRoute({
  method: 'post',
  path: messagesPath,
  tags,
  security: tokenSecurity,
  summary: 'Create a message (agent bots too)',
  description:
    'JSON, or multipart/form-data with `attachments[]` (up to 15 files of at most 10 MB). ' +
    '`message_type` is outgoing (default), template, or incoming (API inboxes only). A retried ' +
    'create with the same `echo_id` returns the message it already created.',
  middleware: [unwrapBody('message')],
  request: {
    params: ConversationParamsSchema,
    body: {
      required: false,
      content: {
        'application/json': { schema: MessageInputSchema },
        'multipart/form-data': { schema: MessageFormSchema },
      },
    },
  },
  responses: {
    200: jsonResponse(MessageSchema, 'The message'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'payload_too_large',
      'unsupported_media_type',
    ),
  },
})

async function storeAll(c: Context<AppEnv>, files: File[]) {
  const stored: StoredFile[] = []
  try {
    for (const file of files) {
      stored.push(await storeUpload(c.env, c.var.accountId, 'attachment', file, 'attachments[]'))
    }
  } catch (error) {
    await deleteStored(
      c.env,
      stored.map((s) => s.key),
    )
    throw error
  }
  return stored
}

const isEchoConflict = (error: unknown) =>
  /UNIQUE constraint failed: messages\.conversation_id, messages\.echo_id/.test(
    `${error instanceof Error ? error.message : ''} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`,
  )

async function messageJson(c: Context<AppEnv>, id: number) {
  const [view] = await loadMessageViews(c.var.db, c.var.accountId, [id])
  if (!view) throw apiError('not_found')
  return toMessage(view, c.req.url)
}

function messageWrite(
  c: Context<AppEnv>,
  conversation: ConversationRow,
  message: Parameters<typeof insertMessageStatement>[1] & { messageType: number },
  stored: StoredFile[],
  now: number,
): Write {
  const db = c.var.db
  const messageId = lastNonActivityMessageId(conversation.id)
  const effects = messageEffects(conversation, {
    messageType: message.messageType,
    private: message.private === true,
    senderType: (message.senderType as 'User' | 'Contact' | 'AgentBot' | null) ?? null,
    createdAt: now,
  })
  const update = patchConversation(db, conversation, effects.patch, now, effects.activities)
  return {
    statements: [
      insertMessageStatement(db, message),
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

export const messageCreateRoutes = createRouter().openapi(createMessageRoute, async (c) => {
  const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
  const db = c.var.db
  const { input, files, contentType, contentAttributes } = readInput(
    c,
    // Both declared media types widen each target's type; only the matching one was validated.
    c.req.valid('json') as MessageInput,
    c.req.valid('form') as Form,
  )
  const messageType = MESSAGE_TYPE[input.message_type ?? 'outgoing']
  if (messageType === MESSAGE_TYPE.incoming) {
    const inbox = await findInbox(db, c.var.accountId, conversation.inboxId)
    if (inbox?.channelType !== 'api') {
      const text = 'Incoming messages are only allowed in Api inboxes'
      throw apiError('validation_failed', text, [fieldError('message_type', text, 'api_only')])
    }
  }
  const [existing, actor] = await Promise.all([
    input.echo_id ? findMessageByEchoId(db, conversation.id, input.echo_id) : undefined,
    actorOf(c),
  ])
  if (existing) return c.json(await messageJson(c, existing.id), 200)
  const stored = await storeAll(c, files)
  const now = nowSeconds()
  const sender =
    messageType === MESSAGE_TYPE.incoming
      ? { senderType: 'Contact' as const, senderId: conversation.contactId }
      : senderOf(actor)
  const message = {
    accountId: conversation.accountId,
    inboxId: conversation.inboxId,
    conversationId: conversation.id,
    messageType,
    contentType,
    content: input.content ?? null,
    contentAttributes,
    additionalAttributes: input.template_params ? { template_params: input.template_params } : {},
    private: input.private ?? false,
    sourceId: input.source_id ?? null,
    echoId: input.echo_id ?? null,
    ...sender,
    createdAt: now,
    updatedAt: now,
  }
  let inserted: { id: number } | undefined
  try {
    const [rows] = await commit(c, messageWrite(c, conversation, message, stored, now))
    inserted = (rows as unknown as { id: number }[])[0]
  } catch (error) {
    await deleteStored(
      c.env,
      stored.map((s) => s.key),
    )
    // A concurrent retry with the same echo_id won the race: answer with its message.
    if (input.echo_id && isEchoConflict(error)) {
      const existing = await findMessageByEchoId(db, conversation.id, input.echo_id)
      if (existing) return c.json(await messageJson(c, existing.id), 200)
    }
    throw error
  }
  if (!inserted) throw new Error('message insert returned nothing')
  return c.json(await messageJson(c, inserted.id), 200)
})
