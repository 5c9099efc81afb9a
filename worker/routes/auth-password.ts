import { createRoute } from '@hono/zod-openapi'
import { findUsableToken, useTokenStatements } from '../db/queries/password-tokens'
import { deleteSessionsOfStatement, sessionIdsOf } from '../db/queries/sessions'
import { copyToShards, narrowOnShards } from '../db/replicate'
import { userSessions, users } from '../db/schema'
import { errorResponses, fieldError, validationError } from '../errors'
import { sha256Hex } from '../lib/crypto'
import { hashPassword } from '../lib/passwords'
import { countSignInFailure, limitSignIn } from '../middleware/rate-limit'
import { closeSessionSockets } from '../middleware/session-credentials'
import { PasswordEditInputSchema, SignInSchema } from '../schemas/auth'
import { jsonBody, jsonResponse, noCredentials } from '../schemas/common'
import { refuseCrossSite, startSession } from './auth'
import { createRouter } from './router'

const tags = ['Profile']

/**
 * One answer for a link that does not exist, was used, revoked or has expired, or whose user
 * left the account: the caller learns nothing about which, only to ask for a new link.
 */
const unusableLink = () =>
  validationError([
    fieldError(
      'reset_password_token',
      'is invalid or has expired; ask your administrator for a new link',
      'invalid',
    ),
  ])

const setPassword = createRoute({
  operationId: 'updatePasswordWithToken',
  method: 'put',
  path: '/auth/password',
  tags,
  security: noCredentials,
  summary: 'Set the password with an invitation or reset link, and sign in',
  description:
    "Chatwoot's devise route. The `reset_password_token` of a link from POST …/agents (or " +
    '…/agents/{id}/invitation, …/password_reset) works once: the password (8 to 128 ' +
    "characters, as the profile's) is stored, the link is marked used, every session of the " +
    'user and its other unused links end, all in one batch. Then it answers as POST /auth/sign_in: ' +
    'a new session (cookie; also devise headers and `access_token` outside a browser on this ' +
    'site). A link unknown, used, revoked or expired gets one 422 on `reset_password_token` ' +
    'that does not say which. Refused from another site (403) and rate limited like sign-in (429).',
  request: { body: jsonBody(PasswordEditInputSchema) },
  responses: {
    200: jsonResponse(SignInSchema, 'Password set; signed in'),
    ...errorResponses('forbidden', 'validation_failed', 'unsupported_media_type', 'rate_limited'),
  },
})

export const authPasswordRoutes = createRouter().openapi(setPassword, async (c) => {
  refuseCrossSite(c)
  const body = c.req.valid('json')
  const tokenHash = await sha256Hex(body.reset_password_token)
  // Guesses at links spend the sign-in budgets of their address (and of the address at the
  // link), as sign-in's wrong passwords do.
  const attempt = `link:${tokenHash}`
  await limitSignIn(c, attempt)
  // The directory (no account in the path): the only database with links.
  const db = c.var.db
  const found = await findUsableToken(db, tokenHash)
  if (!found) {
    await countSignInFailure(c, attempt)
    throw unusableLink()
  }
  if (body.password_confirmation !== body.password) {
    throw validationError([fieldError('password_confirmation', "doesn't match password")])
  }
  const passwordHash = await hashPassword(body.password)
  const userId = found.user.id
  // Ending the user's sessions is a revocation: every shard first, then the directory's batch.
  await narrowOnShards(c, (shard) => [deleteSessionsOfStatement(shard, userId)])
  const results = await db.batch(useTokenStatements(db, found.token, passwordHash))
  if (results[3].length === 0) {
    // Another request used the link in the meantime: nothing was written here, so the shards
    // get back the sessions the directory still has (none, when the other request ended them).
    await copyToShards(c.env, userSessions, await sessionIdsOf(db, userId))
    throw unusableLink()
  }
  // The new password hash reaches the copies (sign-in reads only the directory's). The ended
  // ids are copied too: a session signed in while the shards were narrowed, then ended here,
  // leaves them now.
  await copyToShards(c.env, users, [userId])
  await copyToShards(
    c.env,
    userSessions,
    results[1].map((row) => row.id),
  )
  await closeSessionSockets(c, userId)
  return c.json(await startSession(c, { ...found.user, passwordHash }), 200)
})
