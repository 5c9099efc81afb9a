import type { Context, MiddlewareHandler } from 'hono'
import { findTokenOwner } from '../db/queries/access-tokens'
import { ensureRootPlatformAppStatement, ROOT_PLATFORM_APP_ID } from '../db/queries/platform-apps'
import { onEveryShard } from '../db/replicate'
import type { AppEnv, Principal } from '../env'
import { apiError } from '../errors'
import { sha256Hex, timingSafeEqualStrings } from '../lib/crypto'
import { parseId } from '../lib/ids'
import { apiTokenSession, resolveSession, type SessionCredential } from './session'
import { confirmTokenOwner, resolveTokenOwner } from './token-owner'

const TOKEN_HEADER = 'api_access_token'

function presentedToken(c: Context): string {
  const token = c.req.header(TOKEN_HEADER)?.trim()
  if (!token) throw apiError('unauthorized')
  return token
}

const invalidToken = () => apiError('unauthorized', 'Invalid Access Token')
const notForBots = () =>
  apiError('unauthorized', 'Access to this endpoint is not authorized for bots')

/** Agent bots may call only these (method, path under the account) pairs, as in Chatwoot. */
const BOT_ENDPOINTS: [string, RegExp][] = [
  ['POST', /^\/conversations$/],
  ['PATCH', /^\/conversations\/\d+$/],
  ['PUT', /^\/conversations\/\d+$/],
  ['POST', /^\/conversations\/\d+\/toggle_status$/],
  ['POST', /^\/conversations\/\d+\/toggle_priority$/],
  ['POST', /^\/conversations\/\d+\/custom_attributes$/],
  ['POST', /^\/conversations\/\d+\/messages$/],
  ['POST', /^\/conversations\/\d+\/assignments$/],
]

/**
 * `/api/v1/accounts/{account_id}/…`: a user who is a member, or an agent bot of the account. The
 * `api_access_token` header comes first; without it, a session (devise headers, or the cookie
 * from our own origin: `./session.ts`) signs a user in.
 */
export const accountAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const accountId = parseId(c.req.param('account_id'))
  if (accountId === null) throw apiError('not_found')
  if (!c.req.header(TOKEN_HEADER)) {
    const session = await resolveSession(c, accountId, isLiveUpgrade(c))
    if (session) {
      if (!session.role) {
        throw apiError('forbidden', 'You are not authorized to access this account')
      }
      c.set('principal', sessionPrincipal(session))
      c.set('role', session.role)
      c.set('accountId', accountId)
      return next()
    }
    // Browsers cannot set headers on a WebSocket: a live socket without a credential
    // authenticates with its first frame, which the Durable Object checks before sending anything.
    if (isLiveUpgrade(c)) {
      c.set('accountId', accountId)
      c.set('liveAuthPending', true)
      return next()
    }
  }
  const token = presentedToken(c)
  // A socket lives long: its one lookup is not worth remembering.
  const owner = await resolveTokenOwner(c, token, accountId, !isLiveUpgrade(c))
  if (!owner) {
    // Not an API token: maybe a session's, sent here as Chatwoot's scripts send sign-in's token.
    const session = await apiTokenSession(c, token, accountId)
    if (!session) throw invalidToken()
    if (!session.role) throw apiError('forbidden', 'You are not authorized to access this account')
    c.set('principal', sessionPrincipal(session))
    c.set('role', session.role)
    c.set('accountId', accountId)
    return next()
  }
  if (owner.ownerType === 'platform_app') throw invalidToken()
  if (owner.ownerType === 'agent_bot') {
    if (owner.botAccountId !== accountId) {
      throw apiError('unauthorized', 'Bot is not authorized to access this account')
    }
    const rest = c.req.path.replace(/^\/api\/v1\/accounts\/[^/]+/, '')
    if (!BOT_ENDPOINTS.some(([m, re]) => m === c.req.method && re.test(rest))) throw notForBots()
    c.set('principal', { type: 'agent_bot', id: owner.ownerId, token })
    c.set('role', 'agent_bot')
  } else {
    if (!owner.role) throw apiError('forbidden', 'You are not authorized to access this account')
    c.set('principal', { type: 'user', id: owner.ownerId, token })
    c.set('role', owner.role)
  }
  c.set('accountId', accountId)
  await next()
  await confirmTokenOwner(c)
}

function sessionPrincipal(session: SessionCredential): Principal {
  return {
    type: 'user',
    id: session.userId,
    token: session.headerToken ?? '',
    session: { id: session.sessionId, tokenHash: session.tokenHash },
  }
}

function isLiveUpgrade(c: Context) {
  return (
    c.req.method === 'GET' &&
    c.req.header('upgrade')?.toLowerCase() === 'websocket' &&
    c.req.path.endsWith('/live')
  )
}

/** `/api/v1/profile`: users only. */
export const userAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header(TOKEN_HEADER)) {
    // No account in the path: the role part of the lookup is unused (0 is no account's id).
    const session = await resolveSession(c, 0, false)
    if (session) {
      c.set('principal', sessionPrincipal(session))
      return next()
    }
  }
  const token = presentedToken(c)
  // No account in the path: the role part of the lookup is unused (0 is no account's id).
  const owner = await resolveTokenOwner(c, token, 0, true)
  if (!owner) {
    // Not an API token: maybe a session's (see accountAuth).
    const session = await apiTokenSession(c, token, 0)
    if (!session) throw invalidToken()
    c.set('principal', sessionPrincipal(session))
    return next()
  }
  if (owner.ownerType === 'platform_app') throw invalidToken()
  if (owner.ownerType === 'agent_bot') throw notForBots()
  c.set('principal', { type: 'user', id: owner.ownerId, token })
  await next()
  await confirmTokenOwner(c)
}

/** `/platform/api/v1/…`: a platform app's token; the root app's is the PLATFORM_API_TOKEN secret. */
export const platformAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = presentedToken(c)
  const root = c.env.PLATFORM_API_TOKEN
  if (root && timingSafeEqualStrings(await sha256Hex(token), await sha256Hex(root))) {
    // The root app's row is on the directory (platform routes run there) and on every shard
    // (its permissibles' copies reference it). It grants nothing by itself (its credential is
    // the secret, never a stored token), so both writes go at once rather than in order.
    await Promise.all([
      ensureRootPlatformAppStatement(c.var.db),
      onEveryShard(c.env, (shard) => [ensureRootPlatformAppStatement(shard)]),
    ])
    c.set('principal', { type: 'platform_app', id: ROOT_PLATFORM_APP_ID })
    return next()
  }
  const owner = await findTokenOwner(c.var.db, token)
  if (owner?.ownerType !== 'platform_app') throw apiError('unauthorized', 'Invalid access_token')
  c.set('principal', { type: 'platform_app', id: owner.ownerId })
  await next()
}

export function requireAdministrator(c: Context<AppEnv>) {
  if (c.var.role !== 'administrator') throw apiError('forbidden')
}

/** The signed-in user's id; account routes that bots may not call rely on it. */
export function currentUserId(c: Context<AppEnv>): number {
  const principal = c.var.principal
  if (principal.type !== 'user') throw notForBots()
  return principal.id
}

export function currentPlatformAppId(c: Context<AppEnv>): number {
  const principal = c.var.principal
  if (principal.type !== 'platform_app') throw apiError('unauthorized', 'Invalid access_token')
  return principal.id
}
