import type { Context } from 'hono'
import { findSessionOwner } from '../db/queries/sessions'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { sha256Hex } from '../lib/crypto'
import { limitUser } from './rate-limit'
import {
  DEVISE_TOKEN_HEADER,
  DEVISE_UID_HEADER,
  requireSameOrigin,
  sessionCookieOf,
} from './session-credentials'

/** A request's session: who, its role in the path's account, and how it was presented. */
export type SessionCredential = {
  userId: number
  sessionId: number
  tokenHash: string
  role: 'administrator' | 'agent' | null
  /** The token when the client sent it as a header (it has it already); never the cookie's. */
  headerToken: string | null
}

const invalidSession = () => apiError('unauthorized', 'Invalid or expired session')

/**
 * The session token a request presents, and its owner: the devise headers (`access-token` with
 * a matching `uid`, as Chatwoot's clients send them after `/auth/sign_in`) or the
 * `parley_session` cookie, which counts only from our own origin. Undefined when none is
 * presented; `owner` null when the token is unknown, expired or its uid does not match.
 */
export async function presentedSession(c: Context<AppEnv>, accountId: number, upgrade = false) {
  const headerToken = c.req.header(DEVISE_TOKEN_HEADER)?.trim()
  const cookieToken = headerToken ? undefined : sessionCookieOf(c)
  const token = headerToken || cookieToken
  if (!token) return undefined
  if (cookieToken) requireSameOrigin(c, upgrade)
  const tokenHash = await sha256Hex(token)
  const owner = await findSessionOwner(c.var.db, tokenHash, accountId)
  const uid = c.req.header(DEVISE_UID_HEADER)?.trim().toLowerCase()
  const matches = owner && (!headerToken || uid === owner.email.toLowerCase())
  return { owner: matches ? owner : null, tokenHash, headerToken: headerToken || null }
}

/**
 * The session a request without `api_access_token` presents, if any (`presentedSession`). A
 * presented but unknown or expired session is a 401, except on a live upgrade's cookie: that
 * socket may still authenticate with its first frame. Rate limited per user (the limiter ran
 * before, keyed on the api_access_token, which a session request does not have).
 */
export async function resolveSession(
  c: Context<AppEnv>,
  accountId: number,
  upgrade: boolean,
): Promise<SessionCredential | undefined> {
  const presented = await presentedSession(c, accountId, upgrade)
  if (!presented) return undefined
  const { owner, tokenHash, headerToken } = presented
  if (!owner) {
    if (!headerToken && upgrade) return undefined
    throw invalidSession()
  }
  await limitUser(c, owner.userId)
  return {
    userId: owner.userId,
    sessionId: owner.sessionId,
    tokenHash,
    role: owner.role,
    headerToken,
  }
}

/**
 * A session token sent as `api_access_token`: sign-in's `data.access_token`, which Chatwoot's
 * scripts send there (in Chatwoot it is the user's API token). As a header it is a bearer
 * credential like an API token, so no `uid` is asked. It is read afresh on every request, never
 * remembered, so a sign-out or a password change refuses it at once. Not counted here: the API
 * limiter has already counted the header by its hash, as any api_access_token.
 */
export async function apiTokenSession(
  c: Context<AppEnv>,
  token: string,
  accountId: number,
): Promise<SessionCredential | undefined> {
  const tokenHash = await sha256Hex(token)
  const owner = await findSessionOwner(c.var.db, tokenHash, accountId)
  if (!owner) return undefined
  return {
    userId: owner.userId,
    sessionId: owner.sessionId,
    tokenHash,
    role: owner.role,
    headerToken: token,
  }
}
