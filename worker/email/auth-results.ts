// What the receiving side (Cloudflare Email Routing) checked: SPF, DKIM and DMARC, read from the
// headers it prepends. Only the topmost header of each kind is trusted: anything below it was
// already in the mail when it arrived, and a sender can write any Authentication-Results it likes.
export type AuthVerdict = 'pass' | 'fail' | 'none'
export type AuthResults = { spf: AuthVerdict; dkim: AuthVerdict; dmarc: AuthVerdict }

type Header = { key: string; value: string }
type Method = keyof AuthResults

const METHODS: Method[] = ['spf', 'dkim', 'dmarc']

/**
 * A failed check is a fail (softfail and policy included: both mean the sender is not who it
 * says); a check that could not run (temperror, neutral) says nothing, so it is none.
 */
function verdictOf(result: string): AuthVerdict {
  switch (result.toLowerCase()) {
    case 'pass':
      return 'pass'
    case 'fail':
    case 'softfail':
    case 'permerror':
    case 'policy':
      return 'fail'
    default:
      return 'none'
  }
}

/** `method=result` pairs of one Authentication-Results value (RFC 8601), comments removed. */
function resultsOf(value: string): Partial<AuthResults> {
  const withoutComments = value.replace(/\([^()]*\)/g, ' ')
  const found: Partial<AuthResults> = {}
  for (const clause of withoutComments.split(';')) {
    const match = /^\s*(spf|dkim|dmarc)\s*=\s*([a-z]+)/i.exec(clause)
    if (!match) continue
    const method = (match[1] as string).toLowerCase() as Method
    // Several DKIM signatures: one that passes is enough, as DMARC counts it.
    const verdict = verdictOf(match[2] as string)
    if (found[method] === undefined || verdict === 'pass') found[method] = verdict
  }
  return found
}

// ARC sets are numbered; the highest instance is the newest hop.
function arcInstance(value: string): number {
  return Number(/^\s*i\s*=\s*(\d+)/i.exec(value)?.[1] ?? 0)
}

export function authResultsOf(headers: readonly Header[]): AuthResults {
  const topAuth = headers.find((h) => h.key === 'authentication-results')
  const arc = headers
    .filter((h) => h.key === 'arc-authentication-results')
    .sort((a, b) => arcInstance(b.value) - arcInstance(a.value))[0]
  const spfHeader = headers.find((h) => h.key === 'received-spf')
  const sources = [topAuth, arc].filter((h) => h !== undefined).map((h) => resultsOf(h.value))
  if (spfHeader) {
    const word = /^\s*([a-z]+)/i.exec(spfHeader.value)?.[1]
    if (word) sources.push({ spf: verdictOf(word) })
  }
  const results: AuthResults = { spf: 'none', dkim: 'none', dmarc: 'none' }
  for (const method of METHODS) {
    results[method] = sources.find((s) => s[method] !== undefined)?.[method] ?? 'none'
  }
  return results
}
