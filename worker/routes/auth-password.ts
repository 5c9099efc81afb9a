import { createRoute } from '@hono/zod-openapi'
import { batchAll } from '../db/queries/agents'
import {
  findUsableToken,
  revokeUnusedTokensStatement,
  soleAccountOf,
  useTokenStatements,
} from '../db/queries/password-tokens'
import { deleteSessionsOfStatement, sessionIdsOf } from '../db/queries/sessions'
import { findUserByEmail } from '../db/queries/users'
import { copyToShards, narrowOnShards } from '../db/replicate'
import { userSessions, users } from '../db/schema'
import { passwordResetMail } from '../email/agent-mail'
import { errorResponses, fieldError, validationError } from '../errors'
import { newPasswordLink } from '../identity/password-links'
import { sha256Hex } from '../lib/crypto'
import { hashPassword } from '../lib/passwords'
import { countSignInFailure, limitSignIn } from '../middleware/rate-limit'
import { closeSessionSockets } from '../middleware/session-credentials'
import {
  PasswordEditInputSchema,
  PasswordResetRequestedSchema,
  PasswordResetRequestSchema,
  SignInSchema,
} from '../schemas/auth'
import { jsonBody, jsonResponse, noCredentials } from '../schemas/common'
import { refuseCrossSite, startSession } from './auth'
import { mailAfterResponse } from './mail-after-response'
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

const requestReset = createRoute({
  operationId: 'createPasswordReset',
  method: 'post',
  path: '/auth/password',
  tags,
  security: noCredentials,
  summary: '"Forgot password?": mail a password reset link',
  description:
    "Chatwoot's devise route. When a user signs in with `email` and belongs to one account, a " +
    "reset link (working once, for 24 hours, as an administrator's) is mailed to it, and its " +
    'earlier unused reset links stop working. The answer is the same whether or not the email ' +
    'is known, and comes before any lookup: the lookup and the mail happen after it. Refused ' +
    'from another site (403) and rate limited like sign-in (429).',
  request: { body: jsonBody(PasswordResetRequestSchema) },
  responses: {
    200: jsonResponse(
      PasswordResetRequestedSchema,
      'Asked; a link is mailed if the email is known',
    ),
    ...errorResponses('forbidden', 'validation_failed', 'unsupported_media_type', 'rate_limited'),
  },
})

export const authPasswordRoutes = createRouter()
  .openapi(requestReset, async (c) => {
    refuseCrossSite(c)
    const { email } = c.req.valid('json')
    await limitSignIn(c, email)
    // The directory (no account in the path): the truth for users, memberships and links.
    const db = c.var.db
    mailAfterResponse(c, 'password_reset', async (from) => {
      const user = await findUserByEmail(db, email)
      const accountId = user && (await soleAccountOf(db, user.id))
      if (!user || !accountId) return null
      const link = await newPasswordLink(
        c,
        db,
        { userId: user.id, accountId, createdById: null },
        'reset',
      )
      await batchAll(db, [
        revokeUnusedTokensStatement(db, accountId, user.id, 'reset'),
        link.insert,
      ])
      const to = user.name ? { address: user.email, name: user.name } : { address: user.email }
      return passwordResetMail({
        from,
        to,
        url: link.url,
        expiresAt: new Date(link.expiresAt * 1000),
      })
    })
    return c.json(
      {
        success: true as const,
        message:
          'If an account signs in with this email, a link to reset its password is on its way.',
      },
      200,
    )
  })
  .openapi(setPassword, async (c) => {
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
