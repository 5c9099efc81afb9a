import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { deleteExpiredSessionsOfStatement, deleteSessionStatement } from '../db/queries/sessions'
import { findUserByEmail, listMemberships, type UserRow } from '../db/queries/users'
import { copyToShards, narrowOnShards } from '../db/replicate'
import { userSessions } from '../db/schema'
import type { AppEnv } from '../env'
import { apiError, errorResponses } from '../errors'
import { verifyPassword } from '../lib/passwords'
import { countSignInFailure, limitSignIn } from '../middleware/rate-limit'
import { apiTokenSession, presentedSession } from '../middleware/session'
import {
  clearSessionCookie,
  closeSessionSockets,
  DEVISE_TOKEN_HEADER,
  newSession,
  SESSION_COOKIE,
  setDeviseHeaders,
  setSessionCookie,
} from '../middleware/session-credentials'
import {
  DEVISE_TOKEN_SCHEME,
  SESSION_COOKIE_SCHEME,
  SignInInputSchema,
  SignInSchema,
  SignOutSchema,
  sessionSecurity,
} from '../schemas/auth'
import { jsonBody, jsonResponse, noCredentials } from '../schemas/common'
import { toProfile } from '../schemas/users'
import { createRouter } from './router'

const tags = ['Profile']

/** Devise's answer to a wrong email or password, for both alike. */
const invalidCredentials = () =>
  apiError('unauthorized', 'Invalid login credentials. Please try again.')

/**
 * Login CSRF: a page of another site must not sign a browser in (to an account of its choosing).
 * Clients outside a browser send neither header and are not concerned.
 */
export function refuseCrossSite(c: Context) {
  const origin = c.req.header('origin')
  if (
    c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site' ||
    (origin !== undefined && origin !== new URL(c.req.url).origin)
  ) {
    throw apiError('forbidden', 'Sign in from this site only')
  }
}

/**
 * Signs the user in: a new session, set as the cookie and, outside our own site, given in the
 * devise headers and the body. The body of a sign-in response. Runs on the directory (`c.var.db`
 * of every path that signs in), the truth for sessions; account paths accept a session through
 * its copy on their shard (db/replicate.ts).
 */
export async function startSession(c: Context<AppEnv>, user: UserRow) {
  const db = c.var.db
  const session = await newSession(c, user.id)
  // Sweeping the user's expired sessions takes rows away: the shards' copies go first, so a
  // shard never keeps a row the directory dropped (they are refused on read anyway).
  await narrowOnShards(c, (shard) => [deleteExpiredSessionsOfStatement(shard, user.id)])
  const [, [inserted], memberships] = await db.batch([
    deleteExpiredSessionsOfStatement(db, user.id),
    session.insert,
    listMemberships(db, user.id),
  ])
  if (!inserted) throw new Error('session insert returned nothing')
  // A grant: the directory has the session, then every shard. Should the copy fail, the token
  // is never handed out (the error answers 500), so no client holds a half-made session.
  await copyToShards(c.env, userSessions, [inserted.id])
  setSessionCookie(c, session.token)
  // A browser on our own site (the dashboard) keeps the session only in the HttpOnly cookie,
  // out of reach of any script on the page; other clients get it to send back.
  const ownSite = c.req.header('sec-fetch-site')?.toLowerCase() === 'same-origin'
  if (!ownSite) setDeviseHeaders(c, session, user.email)
  return { data: toProfile(user, memberships, ownSite ? '' : session.token) }
}

const signIn = createRoute({
  operationId: 'createSession',
  method: 'post',
  path: '/auth/sign_in',
  tags,
  security: noCredentials,
  summary: 'Sign in with email and password',
  description:
    "Answers in Chatwoot's shape (devise_token_auth) and starts a session: the `parley_session` " +
    'cookie (HttpOnly, SameSite=Strict, Secure except on localhost) for the dashboard, and the ' +
    'devise headers `access-token`, `client`, `uid` (also `token-type`, `expiry`) for clients ' +
    'that send them back; `data.access_token` is the same session token, which also works as ' +
    "the `api_access_token` header (as Chatwoot's scripts use it) on account paths and " +
    "/api/v1/profile, with the user's rights, until it expires (14 days), the user signs out " +
    '(DELETE /auth/sign_out, which takes it in either header) or the password changes. Unlike ' +
    'Chatwoot it is not the long-lived API token (the platform API hands that out). A browser on this site ' +
    '(`Sec-Fetch-Site: same-origin`, the dashboard) gets the cookie only: no token in the body ' +
    'or the headers, where a script could read it. A wrong password and ' +
    'an unknown email get the same 401. Rate limited per client address and per address and ' +
    'email, a failure counting twice (ten failures a minute per address, five per address and ' +
    'email; 429, Retry-After): failures elsewhere never refuse a user at its own address.',
  request: { body: jsonBody(SignInInputSchema) },
  responses: {
    200: jsonResponse(SignInSchema, 'Signed in'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const signOut = createRoute({
  operationId: 'deleteSession',
  method: 'delete',
  path: '/auth/sign_out',
  tags,
  security: sessionSecurity,
  summary: 'Sign out: end the session',
  description:
    'Ends the session of the cookie (from this site only: the Origin header must be ours), of ' +
    'the devise headers, or of a session token sent as `api_access_token`; clears the cookie, ' +
    'and closes the live sockets opened with it (4401).',
  responses: {
    200: jsonResponse(SignOutSchema, 'Signed out'),
    ...errorResponses('unauthorized', 'forbidden'),
  },
})

/**
 * The session a sign-out ends: the cookie's or the devise headers', else a session token sent as
 * `api_access_token` (sign-in's `data.access_token`, used as Chatwoot's scripts use it).
 */
async function sessionToEnd(c: Context<AppEnv>) {
  const presented = await presentedSession(c, 0)
  if (presented) return presented.owner && { userId: presented.owner.userId, ...presented }
  const token = c.req.header('api_access_token')?.trim()
  return token ? apiTokenSession(c, token, 0) : undefined
}

export const authRoutes = createRouter()
  .openapi(signIn, async (c) => {
    refuseCrossSite(c)
    const { email, password } = c.req.valid('json')
    await limitSignIn(c, email)
    const db = c.var.db
    const user = await findUserByEmail(db, email)
    // An unknown user still costs one PBKDF2 run: the timing does not tell the two apart.
    const matches = await verifyPassword(password, user?.passwordHash ?? null)
    if (!user || !matches) {
      await countSignInFailure(c, email)
      throw invalidCredentials()
    }
    return c.json(await startSession(c, user), 200)
  })
  .openapi(signOut, async (c) => {
    const session = await sessionToEnd(c)
    if (!session) throw apiError('unauthorized', 'User was not found or was not logged in.')
    const { userId, tokenHash } = session
    // A revocation: the shards' copies end first, then the directory's row (`c.var.db`: sign-out
    // names no account). A failure in between leaves the session refused on every account path
    // while the directory still knows it, and the client's retry ends it there.
    await narrowOnShards(c, (shard) => [deleteSessionStatement(shard, tokenHash)])
    await deleteSessionStatement(c.var.db, tokenHash)
    await closeSessionSockets(c, userId)
    clearSessionCookie(c)
    return c.json({ success: true as const }, 200)
  })

authRoutes.openAPIRegistry.registerComponent('securitySchemes', SESSION_COOKIE_SCHEME, {
  type: 'apiKey',
  in: 'cookie',
  name: SESSION_COOKIE,
  description: 'The dashboard session from POST /auth/sign_in; same-origin requests only.',
})
authRoutes.openAPIRegistry.registerComponent('securitySchemes', DEVISE_TOKEN_SCHEME, {
  type: 'apiKey',
  in: 'header',
  name: DEVISE_TOKEN_HEADER,
  description: 'The session token from POST /auth/sign_in, with the `uid` header (the email).',
})
