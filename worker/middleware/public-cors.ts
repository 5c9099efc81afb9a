import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { lookUpPublicInbox } from './visitor'

const INBOX_PATH = /^\/public\/api\/v1\/inboxes\/([^/]+)/
const METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS'

/** A host name from an allowed_domains entry, which may be written as a URL or with a port. */
function hostOf(entry: string) {
  const text = entry.trim().toLowerCase()
  const withoutScheme = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
  return withoutScheme.split(/[/:?#]/)[0] ?? ''
}

/** The inbox's allowed_domains setting as host names; empty means any origin. */
export function allowedHosts(settings: Record<string, unknown>) {
  const value = settings.allowed_domains
  if (typeof value !== 'string') return []
  return value.split(',').map(hostOf).filter(Boolean)
}

/**
 * Whether a browser origin may use the inbox: http or https, and its host one of the allowed
 * hosts, or a subdomain of one written `*.example.com`.
 */
export function originAllowed(hosts: string[], origin: string) {
  if (hosts.length === 0) return true
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  const host = url.hostname.toLowerCase()
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  )
}

function identifierOf(path: string) {
  const raw = INBOX_PATH.exec(path)?.[1]
  if (!raw) return null
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

/**
 * CORS for the public client API: any origin, unless the inbox lists allowed_domains, in which
 * case only those. A refused origin gets a 403 before the handler runs, so it changes nothing.
 * Requests without an Origin header (servers, not browsers) are not restricted by it.
 */
export const publicCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('origin')
  const identifier = identifierOf(c.req.path)
  const found = identifier ? await lookUpPublicInbox(c, identifier) : null
  const hosts = found ? allowedHosts(found.inbox.settings) : []
  if (origin && !originAllowed(hosts, origin)) {
    throw apiError('forbidden', 'This origin is not allowed to use this inbox')
  }
  const allowOrigin = hosts.length === 0 ? '*' : (origin ?? '')
  if (c.req.method === 'OPTIONS') {
    const headers: Record<string, string> = { allow: METHODS }
    if (origin) {
      Object.assign(headers, {
        'access-control-allow-origin': allowOrigin,
        'access-control-allow-methods': METHODS,
        'access-control-allow-headers':
          c.req.header('access-control-request-headers') ?? 'accept, content-type',
        'access-control-max-age': '600',
        vary: 'Origin',
      })
    }
    return c.body(null, 204, headers)
  }
  await next()
  // A WebSocket's 101 comes from the Durable Object and takes no headers.
  if (!origin || c.res.status === 101) return
  c.res.headers.set('access-control-allow-origin', allowOrigin)
  c.res.headers.set('access-control-expose-headers', 'retry-after, x-request-id, x-parley-bookmark')
  if (allowOrigin !== '*') c.res.headers.append('vary', 'Origin')
}
