import {
  deleteInboxLimit,
  findInboxLimit,
  insertInboxLimit,
  updateInboxLimit,
} from '../../db/queries/agent-capacity-policies'
import { findInbox } from '../../db/queries/inboxes'
import { apiError, fieldError, validationError } from '../../errors'
import {
  InboxCapacityLimitSchema,
  InboxLimitInputSchema,
  InboxLimitParamsSchema,
  InboxLimitUpdateSchema,
  toInboxLimit,
} from '../../schemas/agent-capacity-policies'
import { AccountAndIdParamsSchema, EmptySchema } from '../../schemas/common'
import { createRouter } from '../router'
import { drainFor, policiesPath, policyOr404, readRoute, writeRoute } from './shared'

const addLimitRoute = writeRoute(
  'createInboxCapacityLimit',
  'post',
  `${policiesPath}/{id}/inbox_limits`,
  "Set the policy's limit in an inbox",
  AccountAndIdParamsSchema,
  InboxLimitInputSchema,
  InboxCapacityLimitSchema,
  'inbox_limit',
)
const updateLimitRoute = writeRoute(
  'updateInboxCapacityLimit',
  'patch',
  `${policiesPath}/{id}/inbox_limits/{limit_id}`,
  "Change the policy's limit in an inbox",
  InboxLimitParamsSchema,
  InboxLimitUpdateSchema,
  InboxCapacityLimitSchema,
  'inbox_limit',
)
const removeLimitRoute = readRoute(
  'deleteInboxCapacityLimit',
  'delete',
  `${policiesPath}/{id}/inbox_limits/{limit_id}`,
  "Remove the policy's limit in an inbox",
  InboxLimitParamsSchema,
  EmptySchema,
)

export const inboxLimitRoutes = createRouter()
  .openapi(addLimitRoute, async (c) => {
    const policy = await policyOr404(c, c.req.valid('param').id)
    const { inbox_id, conversation_limit } = c.req.valid('json')
    if (!(await findInbox(c.var.db, c.var.accountId, inbox_id))) {
      throw validationError([
        fieldError('inbox_id', 'is not an inbox of this account', 'not_found'),
      ])
    }
    const row = await insertInboxLimit(c.var.db, {
      accountId: c.var.accountId,
      agentCapacityPolicyId: policy.id,
      inboxId: inbox_id,
      conversationLimit: conversation_limit,
    })
    if (!row) {
      throw validationError([fieldError('inbox_id', 'already has a limit in this policy', 'taken')])
    }
    await drainFor(c, policy.userIds)
    return c.json(toInboxLimit(row), 200)
  })
  .openapi(updateLimitRoute, async (c) => {
    const { id, limit_id } = c.req.valid('param')
    const policy = await policyOr404(c, id)
    const limit = await findInboxLimit(c.var.db, c.var.accountId, policy.id, limit_id)
    if (!limit) throw apiError('not_found', `Inbox limit ${limit_id} not found`)
    const row = await updateInboxLimit(c.var.db, limit, c.req.valid('json').conversation_limit)
    if (!row) throw apiError('not_found', `Inbox limit ${limit_id} not found`)
    await drainFor(c, policy.userIds)
    return c.json(toInboxLimit(row), 200)
  })
  .openapi(removeLimitRoute, async (c) => {
    const { id, limit_id } = c.req.valid('param')
    const policy = await policyOr404(c, id)
    const limit = await findInboxLimit(c.var.db, c.var.accountId, policy.id, limit_id)
    if (!limit) throw apiError('not_found', `Inbox limit ${limit_id} not found`)
    await deleteInboxLimit(c.var.db, limit)
    await drainFor(c, policy.userIds)
    return c.json({}, 200)
  })
