import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { checkCustomAttributes } from '../../contacts/custom-attributes'
import { customAttributesWrite } from '../../conversations/attributes'
import { muteChangeWrite } from '../../conversations/mute'
import { priorityChangeWrite } from '../../conversations/priority'
import { statusChangeWrite } from '../../conversations/status'
import { conversationAttachmentKeys } from '../../db/queries/attachments'
import {
  type ConversationRow,
  deleteConversationStatement,
  type Priority,
  updateConversationStatement,
} from '../../db/queries/conversations'
import type { AppEnv } from '../../env'
import { errorResponses } from '../../errors'
import { deleteStored } from '../../lib/files'
import { nowSeconds } from '../../lib/time'
import { announceAgentRead, seenIsCurrent } from '../../live/replay'
import { closeDeletedConversation } from '../../live/revoke'
import { visibleConversation } from '../../middleware/access'
import { requireAdministrator } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { EmptySchema, jsonBody, jsonResponse } from '../../schemas/common'
import {
  ConversationSchema,
  CustomAttributesInputSchema,
  PriorityInputSchema,
  ToggleStatusInputSchema,
  ToggleStatusResponseSchema,
} from '../../schemas/conversations'
import { createRouter } from '../router'
import { actorOf, commit } from '../write-adapter'
import { ConversationParamsSchema, conversationJson, one, tags } from './shared'

function route<M extends 'post' | 'patch' | 'put' | 'delete'>(
  method: M,
  path: string,
  summary: string,
) {
  return { method, path, tags, security: accountSecurity, summary }
}

/** PATCH and PUT both update, as in Chatwoot. */
const updateRoute = <M extends 'patch' | 'put'>(method: M) =>
  createRoute({
    operationId: method === 'put' ? 'updateConversationPut' : 'updateConversation',
    ...route(method, one, 'Update the priority of a conversation (agent bots too)'),
    middleware: [unwrapBody('conversation')],
    request: { params: ConversationParamsSchema, body: jsonBody(PriorityInputSchema) },
    responses: {
      200: jsonResponse(ConversationSchema, 'The conversation'),
      ...errorResponses(
        'unauthorized',
        'forbidden',
        'not_found',
        'validation_failed',
        'unsupported_media_type',
        'rate_limited',
      ),
    },
  })

const toggleStatusRoute = createRoute({
  operationId: 'toggleConversationStatus',
  ...route('post', `${one}/toggle_status`, 'Change or toggle the status (agent bots too)'),
  description:
    'Without `status`: open → resolved; resolved, pending or snoozed → open. `snoozed_until` is ' +
    'unix seconds. An agent who opens an unassigned conversation is assigned to it.',
  middleware: [unwrapBody('conversation')],
  request: { params: ConversationParamsSchema, body: jsonBody(ToggleStatusInputSchema) },
  responses: {
    200: jsonResponse(ToggleStatusResponseSchema, 'The new status'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const togglePriorityRoute = createRoute({
  operationId: 'toggleConversationPriority',
  ...route('post', `${one}/toggle_priority`, 'Set or clear the priority (agent bots too)'),
  middleware: [unwrapBody('conversation')],
  request: { params: ConversationParamsSchema, body: jsonBody(PriorityInputSchema) },
  responses: {
    200: jsonResponse(EmptySchema, 'Done'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const customAttributesRoute = createRoute({
  operationId: 'updateConversationCustomAttributes',
  ...route('post', `${one}/custom_attributes`, 'Replace the custom attributes (agent bots too)'),
  middleware: [unwrapBody('conversation')],
  request: { params: ConversationParamsSchema, body: jsonBody(CustomAttributesInputSchema) },
  responses: {
    200: jsonResponse(CustomAttributesInputSchema, 'The stored custom attributes'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const lastSeenRoute = createRoute({
  operationId: 'updateConversationLastSeen',
  ...route('post', `${one}/update_last_seen`, 'Mark the conversation read by the caller'),
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(ConversationSchema, 'The conversation'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const muteRoute = (action: 'mute' | 'unmute') =>
  createRoute({
    operationId: `${action}Conversation`,
    ...route(
      'post',
      `${one}/${action}`,
      action === 'mute'
        ? 'Mute (and resolve) a conversation: new messages no longer reopen it'
        : 'Unmute a conversation',
    ),
    request: { params: ConversationParamsSchema },
    responses: {
      200: jsonResponse(EmptySchema, 'Done'),
      ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
    },
  })

const deleteRoute = createRoute({
  operationId: 'deleteConversation',
  ...route('delete', one, 'Delete a conversation with its messages (administrators)'),
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

/** Sets the priority; nothing is written when it does not change. */
async function setPriority(
  c: Context<AppEnv>,
  conversation: ConversationRow,
  input: Priority | '' | null | undefined,
) {
  const priority = input || null
  if (priority === conversation.priority) return
  const write = priorityChangeWrite(
    c.var.db,
    conversation,
    priority,
    await actorOf(c),
    nowSeconds(),
  )
  if (write) await commit(c, write)
}

/** The update endpoint touches the priority only when the body names it. */
async function updatePriority(
  c: Context<AppEnv>,
  conversation: ConversationRow,
  priority: Priority | '' | null | undefined,
) {
  if (priority !== undefined) await setPriority(c, conversation, priority)
}

async function setMuted(c: Context<AppEnv>, displayId: number, muted: boolean) {
  const conversation = await visibleConversation(c, displayId)
  if (conversation.muted === muted) return
  const write = muteChangeWrite(c.var.db, conversation, muted, await actorOf(c), nowSeconds())
  if (write) await commit(c, write)
}

export const conversationUpdateRoutes = createRouter()
  .openapi(updateRoute('patch'), async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    await updatePriority(c, conversation, c.req.valid('json').priority)
    return c.json(await conversationJson(c, conversation.id), 200)
  })
  .openapi(updateRoute('put'), async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    await updatePriority(c, conversation, c.req.valid('json').priority)
    return c.json(await conversationJson(c, conversation.id), 200)
  })
  .openapi(toggleStatusRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const body = c.req.valid('json')
    const status = body.status ?? (conversation.status === 'open' ? 'resolved' : 'open')
    const actor = await actorOf(c)
    const snoozedUntil = status === 'snoozed' ? (body.snoozed_until ?? null) : null
    const now = nowSeconds()
    await commit(c, statusChangeWrite(c.var.db, conversation, status, actor, now, snoozedUntil))
    return c.json(
      {
        meta: {},
        payload: {
          success: true,
          conversation_id: conversation.displayId,
          current_status: status,
          snoozed_until: snoozedUntil,
        },
      },
      200,
    )
  })
  .openapi(togglePriorityRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    await setPriority(c, conversation, c.req.valid('json').priority)
    return c.json({}, 200)
  })
  .openapi(customAttributesRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const { custom_attributes } = c.req.valid('json')
    const db = c.var.db
    await checkCustomAttributes(db, c.var.accountId, 'conversation_attribute', custom_attributes)
    await commit(c, customAttributesWrite(db, conversation, custom_attributes, nowSeconds()))
    return c.json({ custom_attributes }, 200)
  })
  .openapi(lastSeenRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const principal = c.var.principal
    const now = nowSeconds()
    const isAssignee =
      principal.type === 'user' &&
      conversation.assigneeType === 'User' &&
      conversation.assigneeId === principal.id
    const seen = isAssignee
      ? Math.min(conversation.agentLastSeenAt ?? 0, conversation.assigneeLastSeenAt ?? 0)
      : conversation.agentLastSeenAt
    // Nothing arrived since it was last read: nothing to write or announce.
    if (seenIsCurrent(seen, conversation.lastActivityAt)) {
      return c.json(await conversationJson(c, conversation.id), 200)
    }
    // Reading is not a change webhooks announce, and it does not move updated_at.
    await updateConversationStatement(c.var.db, conversation, {
      agentLastSeenAt: now,
      ...(isAssignee ? { assigneeLastSeenAt: now } : {}),
      updatedAt: conversation.updatedAt,
    })
    const { accountId, inboxId, displayId } = conversation
    await announceAgentRead(c.env, accountId, inboxId, displayId, now)
    return c.json(await conversationJson(c, conversation.id), 200)
  })
  .openapi(muteRoute('mute'), async (c) => {
    await setMuted(c, c.req.valid('param').conversation_id, true)
    return c.json({}, 200)
  })
  .openapi(muteRoute('unmute'), async (c) => {
    await setMuted(c, c.req.valid('param').conversation_id, false)
    return c.json({}, 200)
  })
  .openapi(deleteRoute, async (c) => {
    requireAdministrator(c)
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const db = c.var.db
    const keys = await conversationAttachmentKeys(db, conversation.id)
    await db.batch([deleteConversationStatement(db, c.var.accountId, conversation.id)])
    await closeDeletedConversation(c.env, c.var.accountId, conversation.id)
    await deleteStored(c.env, keys)
    return c.json({}, 200)
  })
