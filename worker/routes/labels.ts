import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { SYSTEM } from '../conversations/changes'
import { labelsChangeWrite } from '../conversations/labels'
import { listConversationsWithLabel } from '../db/queries/conversations'
import {
  deleteLabel,
  findLabel,
  findLabelByTitle,
  insertLabel,
  listLabels,
  renameContactLabelStatements,
  updateLabelStatement,
} from '../db/queries/labels'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { nowSeconds } from '../lib/time'
import { unwrapBody } from '../middleware/body'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import { LabelInputSchema, LabelSchema, LabelUpdateSchema, toLabel } from '../schemas/labels'
import { administratorsOnly } from './agents/shared'
import { createRouter } from './router'
import { commit, invalidateAfterResponse } from './write-adapter'

const tags = ['Labels']
const base = '/api/v1/accounts/{account_id}/labels'

async function labelOr404(c: Context<AppEnv>, id: number) {
  const label = await findLabel(c.var.db, c.var.accountId, id)
  if (!label) throw apiError('not_found', `Label ${id} not found`)
  return label
}

/** Conversations written per batch when a rename reaches many of them. */
const RENAMES_PER_BATCH = 50

/**
 * A renamed label moves on every conversation that carries it, as Chatwoot's Labels::UpdateJob:
 * `labels - [from] + [to]`, each a label change of its own (conversation_updated, no activity
 * line, since no one in the conversation made it).
 */
async function renameOnConversations(c: Context<AppEnv>, from: string, to: string) {
  const db = c.var.db
  const carrying = await listConversationsWithLabel(db, c.var.accountId, from)
  const now = nowSeconds()
  const writes = carrying.flatMap((conversation) => {
    const next = [...conversation.labels.filter((l) => l !== from), to]
    return labelsChangeWrite(db, conversation, next, SYSTEM, now) ?? []
  })
  for (let i = 0; i < writes.length; i += RENAMES_PER_BATCH) {
    await commit(c, ...writes.slice(i, i + RENAMES_PER_BATCH))
  }
}

async function requireFreeTitle(c: Context<AppEnv>, title: string, exceptId?: number) {
  const other = await findLabelByTitle(c.var.db, c.var.accountId, title)
  if (other && other.id !== exceptId) {
    throw validationError([fieldError('title', 'has already been taken', 'taken')])
  }
}

const listLabelsRoute = createRoute({
  operationId: 'listLabels',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "List the account's labels",
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.object({ payload: z.array(LabelSchema) }), 'Labels'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const showLabel = createRoute({
  operationId: 'getLabel',
  method: 'get',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Show a label',
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(LabelSchema, 'The label'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createLabel = createRoute({
  operationId: 'createLabel',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Create a label (administrators); the title is stored lower-cased',
  middleware: [administratorsOnly, unwrapBody('label')],
  request: { params: AccountIdParamsSchema, body: jsonBody(LabelInputSchema) },
  responses: {
    200: jsonResponse(LabelSchema, 'The new label'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'not_found',
      'rate_limited',
    ),
  },
})

const updateLabelRoute = createRoute({
  operationId: 'updateLabel',
  method: 'patch',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Update a label (administrators)',
  description:
    'Renaming a label renames it on the contacts and conversations that carry it (each ' +
    'conversation sends conversation_updated), as Chatwoot does.',
  middleware: [administratorsOnly, unwrapBody('label')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(LabelUpdateSchema) },
  responses: {
    200: jsonResponse(LabelSchema, 'The updated label'),
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

const deleteLabelRoute = createRoute({
  operationId: 'deleteLabel',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a label (administrators)',
  middleware: [administratorsOnly],
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

export const labelRoutes = createRouter()
  .openapi(listLabelsRoute, async (c) => {
    const rows = await listLabels(c.var.db, c.var.accountId)
    return c.json({ payload: rows.map(toLabel) }, 200)
  })
  .openapi(showLabel, async (c) => {
    return c.json(toLabel(await labelOr404(c, c.req.valid('param').id)), 200)
  })
  .openapi(createLabel, async (c) => {
    const body = c.req.valid('json')
    await requireFreeTitle(c, body.title)
    const label = await insertLabel(c.var.db, {
      accountId: c.var.accountId,
      title: body.title,
      description: body.description,
      color: body.color,
      showOnSidebar: body.show_on_sidebar,
    })
    if (!label) throw new Error('label insert returned nothing')
    invalidateAfterResponse(c, 'label')
    return c.json(toLabel(label), 200)
  })
  .openapi(updateLabelRoute, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const db = c.var.db
    const accountId = c.var.accountId
    const label = await labelOr404(c, id)
    if (body.title !== undefined) await requireFreeTitle(c, body.title, id)
    const changes = {
      title: body.title,
      description: body.description,
      color: body.color,
      showOnSidebar: body.show_on_sidebar,
    }
    if (!Object.values(changes).some((v) => v !== undefined)) return c.json(toLabel(label), 200)
    const update = updateLabelStatement(db, accountId, id, changes)
    const renamedTo = body.title !== undefined && body.title !== label.title ? body.title : null
    if (renamedTo === null) {
      const [updated] = await update
      if (!updated) throw apiError('not_found', `Label ${id} not found`)
      invalidateAfterResponse(c, 'label')
      return c.json(toLabel(updated), 200)
    }
    const [[updated]] = await db.batch([
      update,
      ...renameContactLabelStatements(db, accountId, label.title, renamedTo),
    ])
    if (!updated) throw apiError('not_found', `Label ${id} not found`)
    await renameOnConversations(c, label.title, renamedTo)
    invalidateAfterResponse(c, 'label')
    return c.json(toLabel(updated), 200)
  })
  .openapi(deleteLabelRoute, async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteLabel(c.var.db, c.var.accountId, id))) {
      throw apiError('not_found', `Label ${id} not found`)
    }
    invalidateAfterResponse(c, 'label')
    return c.json({}, 200)
  })
