import type { Context, MiddlewareHandler } from 'hono'
import type { Db } from '../../db/client'
import { accountMemberIds, findAgent } from '../../db/queries/agents'
import type { AppEnv } from '../../env'
import { apiError, fieldError, validationError } from '../../errors'
import { requireAdministrator } from '../../middleware/auth'

export const tags = ['Agents']
export const agentsPath = '/api/v1/accounts/{account_id}/agents'

/**
 * Route middleware for writes: an agent is refused with 403 before its body is even validated,
 * so it learns nothing about the resource from validation messages.
 */
export const administratorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdministrator(c)
  await next()
}

/** 422 naming `user_ids` unless every id is a member of the caller's account. */
export async function requireAccountMembers(c: Context<AppEnv>, userIds: readonly number[]) {
  const members = await accountMemberIds(c.var.db, c.var.accountId, userIds)
  const unknown = userIds.filter((id) => !members.has(id))
  if (unknown.length > 0) {
    throw validationError([
      fieldError('user_ids', `are not agents of this account: ${unknown.join(', ')}`, 'not_found'),
    ])
  }
}

export const lastAdministrator = () =>
  validationError([
    fieldError('role', 'the account must keep at least one administrator', 'last_administrator'),
  ])

/** The member, read in `db`: the directory for a write (the truth), else the shard's copy. */
export async function agentOr404(c: Context<AppEnv>, db: Db, userId: number) {
  const agent = await findAgent(db, c.var.accountId, userId)
  if (!agent) throw apiError('not_found', `Agent ${userId} not found`)
  return agent
}
