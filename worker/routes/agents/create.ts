import { createRoute } from '@hono/zod-openapi'
import { type SQL, sql } from 'drizzle-orm'
import { batchAll, findAgent, insertMembershipStatement } from '../../db/queries/agents'
import { accountInboxIds, addUserToInboxesStatements } from '../../db/queries/inbox-members'
import { otherAccountCount } from '../../db/queries/password-tokens'
import { findUserByEmail, insertUserStatement } from '../../db/queries/users'
import { directoryDb } from '../../db/replicate'
import { users } from '../../db/schema'
import { errorResponses, fieldError, validationError } from '../../errors'
import { copyMembership } from '../../identity/memberships'
import { newPasswordLink } from '../../identity/password-links'
import { currentUserId } from '../../middleware/auth'
import { unwrapBody } from '../../middleware/body'
import { AgentInputSchema, AgentSchema, toAgent } from '../../schemas/agents'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, jsonBody, jsonResponse } from '../../schemas/common'
import { assertRoomFor } from '../account-limits'
import { mailInvitation } from '../mail-after-response'
import { createRouter } from '../router'
import { administratorsOnly, agentsPath, tags } from './shared'

const createAgent = createRoute({
  operationId: 'createAgent',
  method: 'post',
  path: agentsPath,
  tags,
  security: accountSecurity,
  summary: 'Add a user to the account by email, creating the user if needed (administrators)',
  description:
    'A user without a password (new, or existing and never signed in) that belongs to no other ' +
    "account gets an invitation link: the response's `invitation_url` (Parley's addition), " +
    'valid once for 7 days, with which it sets its password and signs in. Only its SHA-256 is ' +
    'stored: the link is shown this once (POST …/invitation makes a new one). `inbox_ids` ' +
    "(Parley's addition) adds the agent to those inboxes of the account in the same request.",
  middleware: [administratorsOnly, unwrapBody('agent')],
  request: { params: AccountIdParamsSchema, body: jsonBody(AgentInputSchema) },
  responses: {
    200: jsonResponse(AgentSchema, 'The agent'),
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

export const agentCreateRoutes = createRouter().openapi(createAgent, async (c) => {
  const body = c.req.valid('json')
  // Users, memberships and links are written to the directory, the truth, and checked there.
  const directory = await directoryDb(c)
  const accountId = c.var.accountId
  const existing = await findUserByEmail(directory, body.email)
  const already = existing && (await findAgent(directory, accountId, existing.id))
  if (already) {
    // An earlier request may have failed after the directory's write, before the copies:
    // they are made now, so a retry leaves the member usable on the shards.
    await copyMembership(c.env, { userId: existing.id, membershipId: already.membership.id })
    throw validationError([fieldError('email', 'is already an agent of this account', 'taken')])
  }
  if (!existing && !body.name) {
    throw validationError([fieldError('name', 'is required for a new user', 'required')])
  }
  const inboxIds = body.inbox_ids ?? []
  // Checked before anything is written: a foreign inbox refuses the whole invitation.
  const known = await accountInboxIds(c.var.db, accountId, inboxIds)
  const unknown = inboxIds.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw validationError([
      fieldError('inbox_ids', `has inboxes that are not in this account: ${unknown.join(', ')}`),
    ])
  }
  await assertRoomFor(directory, accountId, 'agents')
  // Inbox members live with the account's data; when that is the directory (one database),
  // they join the invitation's batch. On a shard they need the user's copy first (their key).
  const oneDatabase = c.var.shard === null
  const inboxMemberships = (userId: number | SQL) =>
    addUserToInboxesStatements(c.var.db, accountId, inboxIds, userId)
  const membership = (userId: number | SQL) =>
    insertMembershipStatement(directory, {
      accountId,
      userId,
      role: body.role,
      inviterId: currentUserId(c),
      availability: body.availability,
      autoOffline: body.auto_offline,
    })
  // A link lets its holder set the user's password: never for a user of another account,
  // whose administrators did not hand its sign-in to this one.
  const invite =
    !existing ||
    (existing.passwordHash === null &&
      (await otherAccountCount(directory, accountId, existing.id)) === 0)
  // The new user's id is only known inside the batch; the others find it by email.
  const idByEmail = sql`(select ${users.id} from ${users} where ${users.email} = ${body.email})`
  const link = invite
    ? await newPasswordLink(
        c,
        directory,
        { userId: existing?.id ?? idByEmail, accountId, createdById: currentUserId(c) },
        'invitation',
      )
    : undefined
  await batchAll(directory, [
    ...(existing
      ? []
      : [insertUserStatement(directory, { name: body.name ?? '', email: body.email })]),
    membership(existing?.id ?? idByEmail),
    ...(link ? [link.insert] : []),
    ...(oneDatabase ? inboxMemberships(existing?.id ?? idByEmail) : []),
  ])
  const user = existing ?? (await findUserByEmail(directory, body.email))
  const agent = user && (await findAgent(directory, accountId, user.id))
  if (!agent) throw new Error('agent insert returned nothing')
  // A grant: the user and its membership reach the shards after the directory.
  await copyMembership(c.env, { userId: agent.user.id, membershipId: agent.membership.id })
  if (!oneDatabase) await batchAll(c.var.db, inboxMemberships(agent.user.id))
  if (link) mailInvitation(c, agent.user, link)
  return c.json(
    toAgent(agent.user, agent.membership, {
      confirmed: agent.user.passwordHash !== null,
      expiresAt: link?.expiresAt,
      url: link?.url,
    }),
    200,
  )
})
