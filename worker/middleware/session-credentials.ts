import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { insertSessionStatement } from '../db/queries/sessions'
import { listMemberships } from '../db/queries/users'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { randomToken, sha256Hex } from '../lib/crypto'
import { nowSeconds } from '../lib/time'
import { revokeLiveAccess } from '../live/revoke'

/**
 * Dashboard sessions. The cookie holds a random 32-byte token; D1 holds only its SHA-256 with an
 * expiry (user_sessions). The same token is the devise `access-token` header a Chatwoot client
 * sends back; as a header it is a bearer credential no other site can make a browser send, so
 * only the cookie needs the same-origin checks below.
 */
export const SESSION_COOKIE = 'parley_session'
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60

/** Devise's response headers (devise_token_auth), which Chatwoot's clients send back. */
export const DEVISE_TOKEN_HEADER = 'access-token'
export const DEVISE_UID_HEADER = 'uid'
export const DEVISE_CLIENT = 'parley'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A new session for the user: its token (given out once) and the statement storing its hash.
 * Built on `c.var.db`, which is the directory on every path that makes one (sign-in, password
 * links, the profile); the caller copies the row to the shards once it is stored.
 */
export async function newSession(c: Context<AppEnv>, userId: number) {
  const token = randomToken(32)
  const tokenHash = await sha256Hex(token)
  const expiresAt = nowSeconds() + SESSION_TTL_SECONDS
  return {
    token,
    tokenHash,
    expiresAt,
    insert: insertSessionStatement(c.var.db, { userId, tokenHash, expiresAt }),
  }
}

/** Browsers refuse a Secure cookie over plain http, which is how the demo runs on localhost. */
function isLocalhost(c: Context) {
  const host = new URL(c.req.url).hostname
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]'
}

export function setSessionCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure: !isLocalhost(c),
    maxAge: SESSION_TTL_SECONDS,
  })
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure: !isLocalhost(c),
  })
}

/** The devise headers of a sign-in response (`access-token` is the session's token). */
export function setDeviseHeaders(
  c: Context<AppEnv>,
  session: { token: string; expiresAt: number },
  email: string,
) {
  c.header(DEVISE_TOKEN_HEADER, session.token)
  c.header('token-type', 'Bearer')
  c.header('client', DEVISE_CLIENT)
  c.header('expiry', String(session.expiresAt))
  c.header(DEVISE_UID_HEADER, email)
}

export function sessionCookieOf(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE)?.trim()
  return token || undefined
}

/**
 * The cookie is a credential only from our own pages: a cross-site request (Sec-Fetch-Site), or
 * an unsafe method or a WebSocket upgrade whose Origin is missing or another site's, is refused.
 * SameSite=Strict already keeps the cookie off cross-site requests; this also covers browsers
 * without it and sibling subdomains (same-site, other origin).
 */
export function requireSameOrigin(c: Context, upgrade = false) {
  if (c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site') {
    throw apiError('forbidden', 'Cross-site requests may not use the session cookie')
  }
  if (!upgrade && !UNSAFE_METHODS.has(c.req.method)) return
  const origin = c.req.header('origin')
  if (!origin || origin !== new URL(c.req.url).origin) {
    throw apiError('forbidden', 'The Origin header must be this site for the session cookie')
  }
}

/**
 * After a user's sessions were ended (sign-out, password change, removal from an account,
 * deletion): the live sockets opened with them close (4401) in every account of the user, and
 * in `alsoAccountIds` (an account the user was just removed from).
 */
export async function closeSessionSockets(
  c: Context<AppEnv>,
  userId: number,
  alsoAccountIds: number[] = [],
) {
  const memberships = await listMemberships(c.var.db, userId)
  await revokeLiveAccess(c.env, [...memberships.map((m) => m.accountId), ...alsoAccountIds])
}
