import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { batchAll } from '../db/queries/agents'
import {
  addInboxMembersStatements,
  listInboxMemberIds,
  listInboxMembers,
  removeInboxMembersStatements,
} from '../db/queries/inbox-members'
import { findInbox } from '../db/queries/inboxes'
import type { AppEnv } from '../env'
import { apiError, errorResponses } from '../errors'
import { revokeLiveAccess } from '../live/revoke'
import { unwrapBody } from '../middleware/body'
import {
  AgentPayloadSchema,
  InboxMembersAddSchema,
  InboxMembersRemoveByPathSchema,
  InboxMembersReplaceSchema,
  toAgent,
} from '../schemas/agents'
import { accountSecurity } from '../schemas/auth'
import {
  AccountIdParamsSchema,
  EmptySchema,
  IdSchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import { administratorsOnly, requireAccountMembers } from './agents/shared'
import { visibleInbox } from './inboxes'
import { createRouter } from './router'

const tags = ['Inbox Members']
const base = '/api/v1/accounts/{account_id}/inbox_members'

const InboxParamsSchema = AccountIdParamsSchema.extend({
  inbox_id: IdSchema.openapi({ param: { name: 'inbox_id', in: 'path' }, example: 1 }),
})

async function accountInbox(c: Context<AppEnv>, inboxId: number) {
  const inbox = await findInbox(c.var.db, c.var.accountId, inboxId)
  if (!inbox) throw apiError('not_found', `Inbox ${inboxId} not found`)
  return inbox
}

async function membersPayload(c: Context<AppEnv>, inboxId: number) {
  const rows = await listInboxMembers(c.var.db, c.var.accountId, inboxId)
  return { payload: rows.map((r) => toAgent(r.user, r.membership)) }
}

const showMembers = createRoute({
  operationId: 'listInboxMembers',
  method: 'get',
  path: `${base}/{inbox_id}`,
  tags,
  security: accountSecurity,
  summary: "List an inbox's agents",
  description: 'Administrators may read any inbox of the account; agents only inboxes they are in.',
  request: { params: InboxParamsSchema },
  responses: {
    200: jsonResponse(AgentPayloadSchema, 'The inbox members'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const addMembers = createRoute({
  operationId: 'addInboxMembers',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Add agents to an inbox (administrators); returns all its members',
  middleware: [administratorsOnly, unwrapBody('inbox_member')],
  request: { params: AccountIdParamsSchema, body: jsonBody(InboxMembersAddSchema) },
  responses: {
    200: jsonResponse(AgentPayloadSchema, 'The inbox members'),
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

const replaceMembers = createRoute({
  operationId: 'updateInboxMembers',
  method: 'patch',
  path: base,
  tags,
  security: accountSecurity,
  summary: "Replace an inbox's agents (administrators)",
  middleware: [administratorsOnly, unwrapBody('inbox_member')],
  request: { params: AccountIdParamsSchema, body: jsonBody(InboxMembersReplaceSchema) },
  responses: {
    200: jsonResponse(AgentPayloadSchema, 'The inbox members'),
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

const removeMembers = createRoute({
  operationId: 'deleteInboxMembers',
  method: 'delete',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Remove agents from an inbox (administrators)',
  middleware: [administratorsOnly, unwrapBody('inbox_member')],
  request: { params: AccountIdParamsSchema, body: jsonBody(InboxMembersAddSchema) },
  responses: {
    200: jsonResponse(EmptySchema, 'Removed'),
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

// Chatwoot clients also remove members with the inbox in the path.
const removeMembersByPath = createRoute({
  operationId: 'deleteInboxMembersByInboxId',
  method: 'delete',
  path: `${base}/{inbox_id}`,
  tags,
  security: accountSecurity,
  summary: 'Remove agents from an inbox named in the path (administrators)',
  middleware: [administratorsOnly, unwrapBody('inbox_member')],
  request: {
    params: showMembers.request.params,
    body: jsonBody(InboxMembersRemoveByPathSchema),
  },
  responses: removeMembers.responses,
})

async function removeInboxMembers(c: Context<AppEnv>, inboxId: number, userIds: number[]) {
  await accountInbox(c, inboxId)
  await requireAccountMembers(c, userIds)
  await batchAll(c.var.db, removeInboxMembersStatements(c.var.db, inboxId, userIds))
  // Their open sockets stop receiving this inbox before the response says it is done.
  await revokeLiveAccess(c.env, [c.var.accountId])
}

export const inboxMemberRoutes = createRouter()
  .openapi(showMembers, async (c) => {
    const { inbox_id } = c.req.valid('param')
    await visibleInbox(c, inbox_id)
    return c.json(await membersPayload(c, inbox_id), 200)
  })
  .openapi(addMembers, async (c) => {
    const { inbox_id, user_ids } = c.req.valid('json')
    const db = c.var.db
    await accountInbox(c, inbox_id)
    await requireAccountMembers(c, user_ids)
    const current = new Set(await listInboxMemberIds(db, inbox_id))
    const added = user_ids.filter((id) => !current.has(id))
    await batchAll(db, addInboxMembersStatements(db, c.var.accountId, inbox_id, added))
    return c.json(await membersPayload(c, inbox_id), 200)
  })
  .openapi(replaceMembers, async (c) => {
    const { inbox_id, user_ids } = c.req.valid('json')
    const db = c.var.db
    await accountInbox(c, inbox_id)
    await requireAccountMembers(c, user_ids)
    const current = await listInboxMemberIds(db, inbox_id)
    const wanted = new Set(user_ids)
    const kept = new Set(current)
    const removed = current.filter((id) => !wanted.has(id))
    await batchAll(db, [
      ...removeInboxMembersStatements(db, inbox_id, removed),
      ...addInboxMembersStatements(
        db,
        c.var.accountId,
        inbox_id,
        user_ids.filter((id) => !kept.has(id)),
      ),
    ])
    if (removed.length > 0) await revokeLiveAccess(c.env, [c.var.accountId])
    return c.json(await membersPayload(c, inbox_id), 200)
  })
  .openapi(removeMembers, async (c) => {
    const { inbox_id, user_ids } = c.req.valid('json')
    await removeInboxMembers(c, inbox_id, user_ids)
    return c.json({}, 200)
  })
  .openapi(removeMembersByPath, async (c) => {
    await removeInboxMembers(c, c.req.valid('param').inbox_id, c.req.valid('json').user_ids)
    return c.json({}, 200)
  })
