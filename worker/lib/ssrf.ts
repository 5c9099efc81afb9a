/**
 * Guards user-supplied webhook URLs against server-side request forgery
 * (reference/platform-and-reliability.md §1.3). Workers cannot resolve names before fetching, so
 * this refuses IP literals and local names outright; the delivery code re-checks resolved
 * addresses with `isPublicIp` where it can.
 */

export type AllowedHost = { host: string; port: string | null }
export type UrlCheck = { ok: true } | { ok: false; reason: string }

const SAFE_HTTPS_PORTS = new Set(['', '443', '8443'])
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal']

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

/** Whether `url` may receive webhooks, given the allow-list (a raw env string or parsed list). */
export function checkWebhookUrl(url: string, allowedHosts: string | AllowedHost[]): UrlCheck {
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
  if (isIpLiteral(host)) return refuse('must name a host, not an IP address')
  if (host === 'localhost' || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) {
    return refuse('must not point to a local or internal host')
  }
  if (!host.includes('.')) return refuse('must be a public host name')
  if (!SAFE_HTTPS_PORTS.has(parsed.port)) return refuse('must use port 443 or 8443')
  return { ok: true }
}

const refuse = (reason: string): UrlCheck => ({ ok: false, reason })

function safeUrl(text: string): URL | null {
  try {
    return new URL(text)
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

/** The URL parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into dotted quads. */
function isIpLiteral(host: string): boolean {
  return host.includes(':') || parseIpv4(host) !== null
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN))
  return octets.every((o) => o >= 0 && o <= 255) ? octets : null
}

/** Eight 16-bit groups, or null when `text` is not an IPv6 address. */
function parseIpv6(text: string): number[] | null {
  let address = text.replace(/^\[(.*)\]$/, '$1').split('%')[0] ?? ''
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (tail?.[1]) {
    const v4 = parseIpv4(tail[1])
    if (!v4) return null
    const [a = 0, b = 0, c = 0, d = 0] = v4
    address = `${address.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = address.split('::')
  if (halves.length > 2) return null
  const groupsOf = (s: string | undefined) => (s ? s.split(':') : [])
  const head = groupsOf(halves[0])
  const rest = groupsOf(halves[1])
  const missing = 8 - head.length - rest.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null
  return groups.map((g) => Number.parseInt(g, 16))
}

function inV4(octets: number[], base: [number, number, number, number], bits: number) {
  const value = ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0
  const start = ((base[0] << 24) | (base[1] << 16) | (base[2] << 8) | base[3]) >>> 0
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0
  return (value & mask) >>> 0 === (start & mask) >>> 0
}

const NON_PUBLIC_V4: [[number, number, number, number], number][] = [
  [[0, 0, 0, 0], 8], // "this network", incl. unspecified 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, incl. cloud metadata 169.254.169.254
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, incl. broadcast 255.255.255.255
]

/**
 * Whether an address (IPv4 dotted quad or IPv6, brackets optional) is publicly routable. Anything
 * unparsable is not. For IPv6 only global unicast (2000::/3) counts, minus documentation, Teredo
 * and 6to4 (which embed IPv4 addresses); so ::, ::1, IPv4-mapped, fe80::/10, fc00::/7 and
 * multicast are all refused.
 */
export function isPublicIp(address: string): boolean {
  const v4 = parseIpv4(address.trim())
  if (v4) return !NON_PUBLIC_V4.some(([base, bits]) => inV4(v4, base, bits))
  const v6 = parseIpv6(address.trim().toLowerCase())
  if (!v6) return false
  const [first = 0, second = 0] = v6
  if ((first & 0xe000) !== 0x2000) return false
  if (first === 0x2001 && (second === 0x0db8 || second === 0x0000)) return false
  if (first === 0x2002) return false
  return true
}
