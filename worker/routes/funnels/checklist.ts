import { createRoute, z } from '@hono/zod-openapi'
import type { ConversationRow } from '../../db/queries/conversations'
import {
  type ChecklistItemRow,
  checklistStatement,
  countChecklistItems,
  createdItemAttributes,
  deleteChecklistItemStatement,
  findChecklistItem,
  insertChecklistItemStatement,
  updateChecklistItemStatement,
} from '../../db/queries/funnel-checklist'
import { findStage } from '../../db/queries/funnels'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import type { ChangedAttribute } from '../../events/kinds'
import type { EventInput } from '../../events/outbox'
import { nowSeconds } from '../../lib/time'
import { visibleConversation } from '../../middleware/access'
import { currentUserId } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { EmptySchema, jsonBody, jsonResponse } from '../../schemas/common'
import { ChecklistItemSchema, checklistSnapshot, toChecklistItem } from '../../schemas/funnel-views'
import {
  ChecklistInputSchema,
  ChecklistItemParamsSchema,
  ChecklistQuerySchema,
  ChecklistUpdateSchema,
  ConversationParamsSchema,
} from '../../schemas/funnels'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { conversationBase, MAX_CHECKLIST_ITEMS_PER_STAGE, funnelTags as tags } from './shared'

const base = `${conversationBase}/checklist`
const adminOnlyRequired = () =>
  apiError('forbidden', 'Only administrators may add, change or delete required checklist items')

const listRoute = createRoute({
  operationId: 'listConversationChecklistItems',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "A conversation's checklist",
  description: 'The items of `stage_id`, or by default of every stage the conversation is in now.',
  request: { params: ConversationParamsSchema, query: ChecklistQuerySchema },
  responses: {
    200: jsonResponse(z.object({ payload: z.array(ChecklistItemSchema) }), 'Items'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const createItemRoute = createRoute({
  operationId: 'createConversationChecklistItem',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: "Add an item to a conversation's checklist for a stage",
  description: 'Agents may add optional items; required ones are for administrators.',
  middleware: [unwrapBody('checklist_item')],
  request: { params: ConversationParamsSchema, body: jsonBody(ChecklistInputSchema) },
  responses: {
    200: jsonResponse(ChecklistItemSchema, 'The new item'),
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

const updateItemRoute = createRoute({
  operationId: 'updateConversationChecklistItem',
  method: 'patch',
  path: `${base}/{item_id}`,
  tags,
  security: accountSecurity,
  summary: 'Rename, check or uncheck a checklist item',
  description:
    'Checking records who and when; unchecking clears both. Changing `required` is for administrators.',
  middleware: [unwrapBody('checklist_item')],
  request: { params: ChecklistItemParamsSchema, body: jsonBody(ChecklistUpdateSchema) },
  responses: {
    200: jsonResponse(ChecklistItemSchema, 'The item'),
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

const deleteItemRoute = createRoute({
  operationId: 'deleteConversationChecklistItem',
  method: 'delete',
  path: `${base}/{item_id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a checklist item (required ones: administrators)',
  request: { params: ChecklistItemParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

function checklistEvent(conversation: ConversationRow, changed: ChangedAttribute[]): EventInput {
  return {
    kind: 'conversation_updated',
    accountId: conversation.accountId,
    conversationId: conversation.id,
    inboxId: conversation.inboxId,
    contactId: conversation.contactId,
    changedAttributes: changed,
  }
}

const itemChange = (before: ChecklistItemRow | null, after: ChecklistItemRow | null) => [
  {
    checklist: {
      previous_value: before && checklistSnapshot(before),
      current_value: after && checklistSnapshot(after),
    },
  },
]

export const funnelChecklistRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const { stage_id } = c.req.valid('query')
    const db = c.var.db
    if (stage_id !== undefined && !(await findStage(db, c.var.accountId, stage_id))) {
      throw apiError('not_found', `Stage ${stage_id} not found`)
    }
    const rows = await checklistStatement(db, c.var.accountId, conversation.id, stage_id)
    const payload = rows.map((r) =>
      toChecklistItem(r.item, r.checkedByName, conversation.displayId),
    )
    return c.json({ payload }, 200)
  })
  .openapi(createItemRoute, async (c) => {
    const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
    const body = c.req.valid('json')
    if (body.required && c.var.role !== 'administrator') throw adminOnlyRequired()
    const db = c.var.db
    if (!(await findStage(db, c.var.accountId, body.stage_id))) {
      throw apiError('not_found', `Stage ${body.stage_id} not found`)
    }
    if (
      (await countChecklistItems(db, conversation.id, body.stage_id)) >=
      MAX_CHECKLIST_ITEMS_PER_STAGE
    ) {
      throw validationError([
        fieldError(
          'checklist',
          `is limited to ${MAX_CHECKLIST_ITEMS_PER_STAGE} items per stage`,
          'too_many',
        ),
      ])
    }
    const values = {
      accountId: c.var.accountId,
      conversationId: conversation.id,
      stageId: body.stage_id,
      title: body.title,
      required: body.required,
      now: nowSeconds(),
    }
    const [[row]] = await commitWithEvents(
      c,
      [insertChecklistItemStatement(db, values)],
      [checklistEvent(conversation, createdItemAttributes(values))],
    )
    if (!row) throw new Error('checklist insert returned nothing')
    return c.json(toChecklistItem(row, null, conversation.displayId), 200)
  })
  .openapi(updateItemRoute, async (c) => {
    const { conversation_id, item_id } = c.req.valid('param')
    const body = c.req.valid('json')
    const conversation = await visibleConversation(c, conversation_id)
    const userId = currentUserId(c)
    const db = c.var.db
    const found = await findChecklistItem(db, c.var.accountId, conversation.id, item_id)
    if (!found) throw apiError('not_found', `Checklist item ${item_id} not found`)
    const item = found.item
    if (
      body.required !== undefined &&
      body.required !== item.required &&
      c.var.role !== 'administrator'
    ) {
      throw adminOnlyRequired()
    }
    const now = nowSeconds()
    const wasChecked = item.checkedAt !== null
    const check =
      body.checked === undefined || body.checked === wasChecked
        ? {}
        : body.checked
          ? { checkedAt: now, checkedById: userId }
          : { checkedAt: null, checkedById: null }
    const after = {
      ...item,
      ...check,
      title: body.title ?? item.title,
      required: body.required ?? item.required,
    }
    if (JSON.stringify(checklistSnapshot(item)) === JSON.stringify(checklistSnapshot(after))) {
      return c.json(toChecklistItem(item, found.checkedByName, conversation.displayId), 200)
    }
    await commitWithEvents(
      c,
      [
        updateChecklistItemStatement(db, item.id, {
          ...check,
          title: after.title,
          required: after.required,
          updatedAt: now,
        }),
      ],
      [checklistEvent(conversation, itemChange(item, after))],
    )
    const updated = await findChecklistItem(db, c.var.accountId, conversation.id, item_id)
    if (!updated) throw apiError('not_found', `Checklist item ${item_id} not found`)
    return c.json(toChecklistItem(updated.item, updated.checkedByName, conversation.displayId), 200)
  })
  .openapi(deleteItemRoute, async (c) => {
    const { conversation_id, item_id } = c.req.valid('param')
    const conversation = await visibleConversation(c, conversation_id)
    const db = c.var.db
    const found = await findChecklistItem(db, c.var.accountId, conversation.id, item_id)
    if (!found) throw apiError('not_found', `Checklist item ${item_id} not found`)
    if (found.item.required && c.var.role !== 'administrator') throw adminOnlyRequired()
    await commitWithEvents(
      c,
      [deleteChecklistItemStatement(db, found.item.id)],
      [checklistEvent(conversation, itemChange(found.item, null))],
    )
    return c.json({}, 200)
  })
