/**
 * The one guard against server-side request forgery: every request the worker sends to a URL a
 * user gave it (webhook deliveries, avatar downloads) goes through `guardedFetch`, and webhook
 * URLs are checked with `checkOutboundUrl` when they are saved as well.
 *
 * A literal IP host, in any spelling the URL parser accepts (`2130706433`, `0x7f.1`, `[::ffff:
 * 7f00:1]`…), must be public: in none of the IANA special-purpose ranges (ip-ranges.ts). A host
 * name cannot be checked that way: Workers have no DNS lookup before `fetch`, so a public name
 * that resolves to a private address is not caught here. What protects us there is the platform:
 * a deployed Worker's `fetch` leaves from Cloudflare's edge to the public internet and cannot
 * reach the account's private networks or the edge's own loopback. Local names (`localhost`,
 * `*.localhost`, `.local`, `.internal`, single labels) are refused all the same, for `wrangler
 * dev` and for any runtime that does resolve them locally.
 */
import { specialPurposeRange } from './ip-ranges'

export { isPublicIp } from './ip-ranges'

export type AllowedHost = { host: string; port: string | null }
export type UrlCheck = { ok: true } | { ok: false; reason: string }

const SAFE_HTTPS_PORTS = new Set(['', '443', '8443'])
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal']
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** The operator's allow-list (WEBHOOK_ALLOWED_HOSTS): comma-separated `host` or `host:port`. */
export function parseAllowedHosts(value: string | undefined | null): AllowedHost[] {
  const hosts: AllowedHost[] = []
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim().toLowerCase()
    if (!entry) continue
    // A bare IPv6 address has several colons and no brackets: it carries no port.
    const bareIpv6 = !entry.includes('[') && /:.*:/.test(entry)
    const parsed = safeUrl(`http://${bareIpv6 ? `[${entry}]` : entry}`)
    if (parsed?.pathname !== '/' || parsed.username || parsed.search) continue
    // URL drops the scheme's default port, so a listed ":80" must be read back from the entry.
    const port = parsed.port || (!bareIpv6 && /:80$/.test(entry) ? '80' : null)
    hosts.push({ host: bareHost(parsed.hostname), port })
  }
  return hosts
}

/**
 * Whether the worker may send a request to `url`: https to a public host name or public IP
 * address on port 443 or 8443, without credentials, unless the operator's allow-list (a raw
 * WEBHOOK_ALLOWED_HOSTS string or a parsed list) names the host, which then may use http and
 * any port (local development and tests).
 */
export function checkOutboundUrl(url: string, allowedHosts: string | AllowedHost[]): UrlCheck {
  const parsed = safeUrl(url)
  if (!parsed) return refuse('is not a valid URL')
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return refuse('must use https')
  }
  if (parsed.username || parsed.password || authorityOf(url).includes('@')) {
    return refuse('must not contain credentials')
  }
  const host = bareHost(parsed.hostname)
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80')
  const allowList =
    typeof allowedHosts === 'string' ? parseAllowedHosts(allowedHosts) : allowedHosts
  if (allowList.some((a) => a.host === host && (a.port === null || a.port === port))) {
    return { ok: true }
  }
  if (parsed.protocol !== 'https:') return refuse('must use https')
  // The parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1; a host
  // whose last label is a number is an IPv4 address to it, so it is one to us too.
  if (host.includes(':') || /^(0x[0-9a-f]*|\d+)$/i.test(host.split('.').at(-1) ?? '')) {
    if (specialPurposeRange(host) !== null) {
      return refuse('must not be a private or special-purpose IP address')
    }
  } else if (host === 'localhost' || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) {
    return refuse('must not point to a local or internal host')
  } else if (!host.includes('.')) {
    return refuse('must be a public host name')
  }
  if (!SAFE_HTTPS_PORTS.has(parsed.port)) return refuse('must use port 443 or 8443')
  return { ok: true }
}

/** An outbound request refused by the guard, before anything was sent to `url`. */
export class RefusedUrl extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`refused: ${reason}`)
    this.name = 'RefusedUrl'
  }
}

export type GuardedFetchOptions = {
  /** WEBHOOK_ALLOWED_HOSTS, raw or parsed. */
  allowedHosts: string | AllowedHost[]
  /** For the whole request, redirects included; the fetch rejects with a TimeoutError after. */
  timeoutMs: number
  /**
   * Redirects of a GET or HEAD followed, each new URL checked again before it is fetched. With
   * 0 (the default), or for other methods, a 3xx is handed back unfollowed.
   */
  maxRedirects?: number
}

/**
 * `fetch` for URLs a user supplied: every URL it sends to passes `checkOutboundUrl` first (or it
 * throws `RefusedUrl`), redirects are never followed by the runtime, and it gives up after
 * `timeoutMs`.
 */
export async function guardedFetch(
  url: string,
  init: Omit<RequestInit, 'redirect' | 'signal'>,
  { allowedHosts, timeoutMs, maxRedirects = 0 }: GuardedFetchOptions,
): Promise<Response> {
  const allowList =
    typeof allowedHosts === 'string' ? parseAllowedHosts(allowedHosts) : allowedHosts
  const method = (init.method ?? 'GET').toUpperCase()
  const hopsAllowed = method === 'GET' || method === 'HEAD' ? maxRedirects : 0
  const signal = AbortSignal.timeout(timeoutMs)
  let target = url
  for (let hop = 0; ; hop++) {
    const check = checkOutboundUrl(target, allowList)
    if (!check.ok) throw new RefusedUrl(target, check.reason)
    const response = await fetch(target, { ...init, redirect: 'manual', signal })
    const location = response.headers.get('location')
    if (!REDIRECT_STATUSES.has(response.status) || !location || hop >= hopsAllowed) {
      return response
    }
    await response.body?.cancel()
    target = safeUrl(location, target)?.href ?? location
  }
}

const refuse = (reason: string): UrlCheck => ({ ok: false, reason })

function safeUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base)
  } catch {
    return null
  }
}

/** The raw authority, so `https://a@b` is caught even where the parser would hide it. */
function authorityOf(url: string): string {
  const afterScheme = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
  return afterScheme.split(/[/?#\\]/, 1)[0] ?? ''
}

/** Lower-case host without IPv6 brackets or the trailing root dot. */
function bareHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
}
