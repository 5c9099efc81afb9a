import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Db } from '../db/client'
import { batchAll, findAgent } from '../db/queries/agents'
import { otherAccountCount, revokeUnusedTokensStatement } from '../db/queries/password-tokens'
import { directoryDb } from '../db/replicate'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { newPasswordLink } from '../identity/password-links'
import { isoFromSeconds } from '../lib/time'
import { currentUserId } from '../middleware/auth'
import { InvitationLinkSchema, ResetLinkSchema } from '../schemas/agents'
import { accountSecurity } from '../schemas/auth'
import { AccountAndIdParamsSchema, EmptySchema, jsonResponse } from '../schemas/common'
import { administratorsOnly } from './agents/shared'
import { mailInvitation, mailPasswordReset } from './mail-after-response'
import { createRouter } from './router'

/**
 * Invitation and reset links of an account's agents (Parley's additions; Chatwoot emails them).
 * Each opens `/app/auth/password/edit?reset_password_token=…`, where `PUT /auth/password` sets
 * the password and signs in. A link is shown only in the response that made it.
 */
const tags = ['Agents']
const base = '/api/v1/accounts/{account_id}/agents/{id}'

const linkErrors = errorResponses(
  'unauthorized',
  'forbidden',
  'not_found',
  'validation_failed',
  'rate_limited',
)

/**
 * The agent a link may be made for: a member of this account and of no other, whose
 * administrators did not hand its sign-in to this account's. Checked in the directory, the
 * truth for memberships (a shard's copy may lag behind a membership just granted elsewhere),
 * which is also the only database with links.
 */
async function linkableAgent(c: Context<AppEnv>, directory: Db, userId: number) {
  const agent = await findAgent(directory, c.var.accountId, userId)
  if (!agent) throw apiError('not_found', `Agent ${userId} not found`)
  if ((await otherAccountCount(directory, c.var.accountId, userId)) > 0) {
    throw validationError([
      fieldError('id', 'belongs to other accounts too; it cannot be given a link', 'shared_user'),
    ])
  }
  return agent
}

async function issueLink(
  c: Context<AppEnv>,
  directory: Db,
  userId: number,
  purpose: 'invitation' | 'reset',
) {
  const accountId = c.var.accountId
  const link = await newPasswordLink(
    c,
    directory,
    { userId, accountId, createdById: currentUserId(c) },
    purpose,
  )
  // The earlier unused links of the purpose stop working as the new one is stored.
  await batchAll(directory, [
    revokeUnusedTokensStatement(directory, accountId, userId, purpose),
    link.insert,
  ])
  return link
}

const resendInvitation = createRoute({
  operationId: 'createAgentInvitation',
  method: 'post',
  path: `${base}/invitation`,
  tags,
  security: accountSecurity,
  summary: 'A new invitation link for an agent who has not set a password (administrators)',
  description:
    'Revokes the earlier unused invitation links of the agent in this account; the new one ' +
    'works once, for 7 days. 422 when the agent already has a password, or belongs to another ' +
    'account too.',
  middleware: [administratorsOnly],
  request: { params: AccountAndIdParamsSchema },
  responses: { 200: jsonResponse(InvitationLinkSchema, 'The new link'), ...linkErrors },
})

const revokeInvitation = createRoute({
  operationId: 'deleteAgentInvitation',
  method: 'delete',
  path: `${base}/invitation`,
  tags,
  security: accountSecurity,
  summary: "Revoke an agent's unused invitation links (administrators)",
  middleware: [administratorsOnly],
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Revoked'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createPasswordReset = createRoute({
  operationId: 'createAgentPasswordReset',
  method: 'post',
  path: `${base}/password_reset`,
  tags,
  security: accountSecurity,
  summary: 'A password reset link for an agent (administrators)',
  description:
    'Revokes the earlier unused reset links of the agent in this account; the new one works ' +
    "once, for 24 hours, and using it ends the agent's sessions. 422 when the agent belongs to " +
    'another account too.',
  middleware: [administratorsOnly],
  request: { params: AccountAndIdParamsSchema },
  responses: { 200: jsonResponse(ResetLinkSchema, 'The link'), ...linkErrors },
})

export const agentLinkRoutes = createRouter()
  .openapi(resendInvitation, async (c) => {
    const { id } = c.req.valid('param')
    const directory = await directoryDb(c)
    const agent = await linkableAgent(c, directory, id)
    if (agent.user.passwordHash !== null) {
      throw validationError([
        fieldError('id', 'has already set a password; send a reset link instead', 'confirmed'),
      ])
    }
    const link = await issueLink(c, directory, id, 'invitation')
    mailInvitation(c, agent.user, link)
    return c.json({ invitation_url: link.url, expires_at: isoFromSeconds(link.expiresAt) }, 200)
  })
  .openapi(revokeInvitation, async (c) => {
    const { id } = c.req.valid('param')
    const directory = await directoryDb(c)
    const accountId = c.var.accountId
    if (!(await findAgent(directory, accountId, id))) {
      throw apiError('not_found', `Agent ${id} not found`)
    }
    await revokeUnusedTokensStatement(directory, accountId, id, 'invitation')
    return c.json({}, 200)
  })
  .openapi(createPasswordReset, async (c) => {
    const { id } = c.req.valid('param')
    const directory = await directoryDb(c)
    const agent = await linkableAgent(c, directory, id)
    const link = await issueLink(c, directory, id, 'reset')
    mailPasswordReset(c, agent.user, link)
    return c.json({ reset_url: link.url, expires_at: isoFromSeconds(link.expiresAt) }, 200)
  })
