/**
 * IP address literals and the IANA special-purpose ranges an outbound request must never reach
 * (IPv4 and IPv6 Special-Purpose Address Registries, plus multicast and reserved space). Used by
 * the outbound-request guard in ssrf.ts.
 */

type Ipv4Range = { base: number; bits: number; name: string }
type Ipv6Range = {
  base: bigint
  bits: number
  name: string
  /** Ranges that carry an IPv4 address are judged by that address instead of refused. */
  embeddedIpv4?: (address: bigint) => number
}

const lowIpv4 = (address: bigint) => Number(address & 0xffffffffn)

const SPECIAL_PURPOSE_IPV4: Ipv4Range[] = [
  { cidr: '0.0.0.0/8', name: '"this network"' },
  { cidr: '10.0.0.0/8', name: 'private' },
  { cidr: '100.64.0.0/10', name: 'carrier-grade NAT' },
  { cidr: '127.0.0.0/8', name: 'loopback' },
  { cidr: '169.254.0.0/16', name: 'link-local (cloud metadata)' },
  { cidr: '172.16.0.0/12', name: 'private' },
  { cidr: '192.0.0.0/24', name: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', name: 'documentation' },
  { cidr: '192.31.196.0/24', name: 'AS112' },
  { cidr: '192.52.193.0/24', name: 'AMT' },
  { cidr: '192.88.99.0/24', name: '6to4 relay anycast' },
  { cidr: '192.168.0.0/16', name: 'private' },
  { cidr: '192.175.48.0/24', name: 'AS112 direct delegation' },
  { cidr: '198.18.0.0/15', name: 'benchmarking' },
  { cidr: '198.51.100.0/24', name: 'documentation' },
  { cidr: '203.0.113.0/24', name: 'documentation' },
  { cidr: '224.0.0.0/4', name: 'multicast' },
  { cidr: '255.255.255.255/32', name: 'limited broadcast' },
  { cidr: '240.0.0.0/4', name: 'reserved' },
].map(({ cidr, name }) => {
  const [address = '', bits = ''] = cidr.split('/')
  return { base: parseIpv4(address)!, bits: Number(bits), name }
})

const SPECIAL_PURPOSE_IPV6: Ipv6Range[] = [
  { cidr: '::/128', name: 'unspecified' },
  { cidr: '::1/128', name: 'loopback' },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped', embeddedIpv4: lowIpv4 },
  { cidr: '64:ff9b::/96', name: 'NAT64', embeddedIpv4: lowIpv4 },
  { cidr: '64:ff9b:1::/48', name: 'local-use NAT64' },
  { cidr: '100::/64', name: 'discard-only' },
  { cidr: '2001::/23', name: 'IETF protocol assignments' },
  { cidr: '2001:db8::/32', name: 'documentation' },
  // 6to4 relays carry the packet to the IPv4 address in bits 16–48.
  {
    cidr: '2002::/16',
    name: '6to4',
    embeddedIpv4: (a: bigint) => Number((a >> 80n) & 0xffffffffn),
  },
  { cidr: 'fc00::/7', name: 'unique local' },
  { cidr: 'fe80::/10', name: 'link-local' },
  { cidr: 'fec0::/10', name: 'site-local' },
  { cidr: 'ff00::/8', name: 'multicast' },
  { cidr: '3fff::/20', name: 'documentation' },
  { cidr: '5f00::/16', name: 'segment routing' },
].map(({ cidr, ...rest }) => {
  const [address = '', bits = ''] = cidr.split('/')
  return { base: parseIpv6(address)!, bits: Number(bits), ...rest }
})

/** Only global unicast (2000::/3) is routed on the internet; everything outside it is refused. */
const GLOBAL_UNICAST_IPV6 = { base: 0x2000n << 112n, bits: 3 }

const inIpv4Range = (address: number, { base, bits }: { base: number; bits: number }) =>
  bits === 0 || address >>> (32 - bits) === base >>> (32 - bits)

const inIpv6Range = (address: bigint, { base, bits }: { base: bigint; bits: number }) =>
  address >> BigInt(128 - bits) === base >> BigInt(128 - bits)

/**
 * The IPv4 address `text` means as a URL host, read as the WHATWG URL parser does: one to four
 * dot-separated parts in decimal, `0x` hex or `0` octal, the last filling the remaining bytes
 * (`127.1`, `0x7f000001`, `0177.0.0.1`), one trailing dot allowed. Null when it is not one.
 */
export function parseIpv4(text: string): number | null {
  const parts = text.replace(/\.$/, '').split('.')
  if (parts.length > 4) return null
  const numbers: number[] = []
  for (const part of parts) {
    const value = ipv4Number(part)
    if (value === null) return null
    numbers.push(value)
  }
  const last = numbers.pop() ?? 0
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), last)
}

function ipv4Number(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part, 16)
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part, 8)
  if (/^(0|[1-9]\d*)$/.test(part)) return Number(part)
  return null
}

/** An IPv6 address (brackets and zone optional, dotted IPv4 tail allowed) as a 128-bit number. */
export function parseIpv6(text: string): bigint | null {
  let address = text.replace(/^\[(.*)\]$/, '$1').split('%')[0] ?? ''
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (tail?.[1]) {
    const v4 = /^(\d{1,3}\.){3}\d{1,3}$/.test(tail[1]) ? parseIpv4(tail[1]) : null
    if (v4 === null) return null
    address = `${address.slice(0, -tail[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
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
  return groups.reduce((sum, g) => (sum << 16n) | BigInt(Number.parseInt(g, 16)), 0n)
}

const ipv4Text = (address: number) =>
  [24, 16, 8, 0].map((shift) => (address >>> shift) & 255).join('.')

function ipv4RangeOf(address: number): string | null {
  return SPECIAL_PURPOSE_IPV4.find((range) => inIpv4Range(address, range))?.name ?? null
}

/**
 * The special-purpose range an address falls in (`"private"`, `"IPv4-mapped 127.0.0.1:
 * loopback"`), or null for a public address. An unparsable address is `"not an IP address"`.
 */
export function specialPurposeRange(text: string): string | null {
  const address = text.trim().toLowerCase()
  const v4 = /^[0-9a-fx.]+$/.test(address) ? parseIpv4(address) : null
  if (v4 !== null) return ipv4RangeOf(v4)
  const v6 = parseIpv6(address)
  if (v6 === null) return 'not an IP address'
  // The most specific range decides: 2001:db8::/32 sits inside 2001::/23.
  const ranges = SPECIAL_PURPOSE_IPV6.filter((r) => inIpv6Range(v6, r))
  const range = ranges.sort((a, b) => b.bits - a.bits)[0]
  if (range?.embeddedIpv4) {
    const embedded = range.embeddedIpv4(v6)
    const embeddedRange = ipv4RangeOf(embedded)
    return embeddedRange && `${range.name} ${ipv4Text(embedded)}: ${embeddedRange}`
  }
  if (range) return range.name
  return inIpv6Range(v6, GLOBAL_UNICAST_IPV6) ? null : 'not global unicast'
}

/**
 * Whether an address (IPv4 in any URL spelling, or IPv6 with or without brackets) is publicly
 * routable: in no special-purpose range. Anything unparsable is not.
 */
export const isPublicIp = (address: string) => specialPurposeRange(address) === null
