import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Actor } from '../../conversations/changes'
import { labelsChangeWrite } from '../../conversations/labels'
import type { ConversationRow } from '../../db/queries/conversations'
import { findLabelByTitle } from '../../db/queries/labels'
import { latestConversationOf } from '../../db/queries/public'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { unwrapBody } from '../../middleware/body'
import { visitorConversation, visitorOf } from '../../middleware/visitor'
import { EmptySchema, jsonBody, jsonResponse, noCredentials } from '../../schemas/common'
import {
  ContactParamsSchema,
  ConversationParamsSchema,
  LabelInputSchema,
} from '../../schemas/public'
import { createRouter } from '../router'
import { commit } from '../write-adapter'
import { capability, contactPath, conversationPath, publicTags } from './shared'

const LabelParam = z.object({
  label: z
    .string()
    .min(1)
    .max(255)
    .openapi({ param: { name: 'label', in: 'path' } }),
})

const description =
  `${capability} Only labels the account has defined can be added; the visitor never sees the ` +
  "conversation's labels."

function labelRoutes<
  P extends typeof ContactParamsSchema | typeof ConversationParamsSchema,
  L extends z.ZodObject,
>(path: string, params: P, withLabel: L, which: string) {
  const onConversationPath = path === conversationPath
  const labelNoun = onConversationPath ? 'PublicConversationLabel' : 'PublicContactLabel'
  const tags = onConversationPath ? publicTags.conversations : publicTags.contacts
  const add = createRoute({
    security: noCredentials,
    operationId: `add${labelNoun}`,
    method: 'post',
    path: `${path}/labels`,
    tags,
    summary: `Add a label to ${which}`,
    description,
    middleware: [unwrapBody('label')],
    request: { params, body: jsonBody(LabelInputSchema) },
    responses: {
      200: jsonResponse(EmptySchema, 'Done'),
      ...errorResponses('forbidden', 'not_found', 'validation_failed', 'unsupported_media_type'),
    },
  })
  const remove = createRoute({
    security: noCredentials,
    operationId: `remove${labelNoun}`,
    method: 'delete',
    path: `${path}/labels/{label}`,
    tags,
    summary: `Remove a label from ${which}`,
    description,
    request: { params: withLabel },
    responses: {
      200: jsonResponse(EmptySchema, 'Done'),
      ...errorResponses('forbidden', 'not_found'),
    },
  })
  return { add, remove }
}

const onConversation = labelRoutes(
  conversationPath,
  ConversationParamsSchema,
  ConversationParamsSchema.extend(LabelParam.shape),
  'the conversation',
)
const onLatest = labelRoutes(
  contactPath,
  ContactParamsSchema,
  ContactParamsSchema.extend(LabelParam.shape),
  "the visitor's latest conversation (the widget's setLabel and removeLabel)",
)

async function latestConversation(
  c: Context<AppEnv>,
  params: { inbox_identifier: string; source_id: string },
) {
  const { contactInbox } = await visitorOf(c, params.inbox_identifier, params.source_id)
  const conversation = await latestConversationOf(c.var.db, contactInbox)
  if (!conversation) throw apiError('not_found', 'The visitor has no conversation yet')
  return conversation
}

/** Adds or removes one label; a visitor's change adds no activity line (as in Chatwoot). */
async function changeLabel(
  c: Context<AppEnv>,
  conversation: ConversationRow,
  label: string,
  add: boolean,
) {
  if (add && !(await findLabelByTitle(c.var.db, conversation.accountId, label))) {
    throw validationError([fieldError('label', 'is not a label of this account', 'unknown_label')])
  }
  const labels = add
    ? [...conversation.labels, label]
    : conversation.labels.filter((l) => l !== label)
  // The visitor's name goes into no activity line here, so it is not read.
  const visitor: Actor = { type: 'contact', id: conversation.contactId, name: '' }
  const write = labelsChangeWrite(c.var.db, conversation, labels, visitor, nowSeconds())
  if (write) await commit(c, write)
  return c.json({}, 200)
}

export const publicLabelRoutes = createRouter()
  .openapi(onConversation.add, async (c) => {
    const { conversation } = await visitorConversation(c, c.req.valid('param'))
    return changeLabel(c, conversation, c.req.valid('json').label, true)
  })
  .openapi(onConversation.remove, async (c) => {
    const { conversation } = await visitorConversation(c, c.req.valid('param'))
    return changeLabel(c, conversation, c.req.valid('param').label, false)
  })
  .openapi(onLatest.add, async (c) => {
    const conversation = await latestConversation(c, c.req.valid('param'))
    return changeLabel(c, conversation, c.req.valid('json').label, true)
  })
  .openapi(onLatest.remove, async (c) => {
    const conversation = await latestConversation(c, c.req.valid('param'))
    return changeLabel(c, conversation, c.req.valid('param').label, false)
  })
