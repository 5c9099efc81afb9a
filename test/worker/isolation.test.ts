import { SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { leakedMarkers } from './fuzz/judge'
import { fetchDocument, type OpenApiDocument } from './fuzz/operations'
import { BODIES, type Kind, ROUTE_IDS } from './fuzz/route-ids'
import { accountSnapshot, changedCounts, changedTables, rowCounts } from './fuzz/row-counts'
import type { Received, Sent } from './fuzz/send'
import { type FuzzWorld, type Side, seedWorld } from './fuzz/world'

const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)

function idFor(side: Side, kind: Kind): string {
  if (kind === 'label_title') return side.labelTitle
  if (kind === 'inbox_identifier' || kind === 'contact_identifier') return side.keys[kind]
  return String(side.ids[kind])
}

function fill(path: string, values: Record<string, string>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))
}

let doc: OpenApiDocument
let world: FuzzWorld

beforeAll(async () => {
  doc = await fetchDocument()
  world = await seedWorld()
}, 60_000)

/** The id-taking operations of the document, with their entry. */
function idRoutes() {
  return Object.entries(doc.paths)
    .filter(([path]) => paramsOf(path).length > 0)
    .map(([path, item]) => ({
      path,
      entry: ROUTE_IDS[path],
      operations: Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          body: op.requestBody ? (BODIES[`${method.toUpperCase()} ${path}`] ?? (() => ({}))) : null,
        })),
    }))
}

type Call = { method: string; url: string; token?: string; body?: Record<string, unknown> }

async function call({ method, url, token, body }: Call) {
  const headers: Record<string, string> = {}
  if (token) headers.api_access_token = token
  if (body) headers['content-type'] = 'application/json'
  const bodyText = body ? JSON.stringify(body) : ''
  const res = await SELF.fetch(`http://parley.test${url}`, {
    method,
    headers,
    body: body ? bodyText : undefined,
  })
  const text = await res.text()
  const sent: Sent = { url, method, bodyText }
  const received: Received = { status: res.status, headers: res.headers, text, json: null }
  return { sent, received }
}

const victimSnapshot = (victim: Side) =>
  accountSnapshot(victim.accountId, [victim.admin.userId, victim.agent.userId, victim.spares.user])

/**
 * Calls as an outsider; the answer must refuse, show none of `victim`'s data, add no row
 * anywhere and change no column of the victim's.
 */
async function expectRefused(c: Call, victim: Side, allowed: number[]) {
  const [before, victimBefore] = [await rowCounts(), await victimSnapshot(victim)]
  const { sent, received } = await call(c)
  const [after, victimAfter] = [await rowCounts(), await victimSnapshot(victim)]
  return {
    what: `${c.method} ${c.url}`,
    status: allowed.includes(received.status)
      ? 'refused'
      : `answered ${received.status}: ${received.text.slice(0, 200)}`,
    leaked: leakedMarkers([victim], sent, received),
    changed: [...changedCounts(before, after), ...changedTables(victimBefore, victimAfter)],
  }
}

describe('isolation between accounts, for every route that takes an id', () => {
  it('has an entry for every id-taking route of /openapi.json', () => {
    const missing = idRoutes()
      .filter(({ path, entry }) => {
        if (!entry) return true
        if ('skip' in entry) return false
        return paramsOf(path).some((p) => !(p in entry))
      })
      .map(
        ({ path, operations }) =>
          `${operations.map((o) => o.method).join('/')} ${path} has no complete entry in ` +
          `ROUTE_IDS (test/worker/fuzz/route-ids.ts); add '${path}': ` +
          `{ ${paramsOf(path)
            .map((p) => `${p}: '<kind>'`)
            .join(', ')} }`,
      )
    expect(missing).toEqual([])
  })

  it("refuses account B's administrator, agent and platform app on account A's ids", async () => {
    const { a, b } = world
    const results = []
    for (const { path, entry, operations } of idRoutes()) {
      if (!entry || 'skip' in entry || path.startsWith('/public/')) continue
      const url = fill(
        path,
        Object.fromEntries(Object.entries(entry).map(([p, kind]) => [p, idFor(a, kind)])),
      )
      for (const { method, body } of operations) {
        for (const token of [b.admin.token, b.agent.token, b.platformApp.token]) {
          // The body names the victim's records: it is what an attacker would send.
          const c = { method, url, token, body: body?.(a) }
          results.push(await expectRefused(c, a, [401, 403, 404]))
        }
      }
    }
    expect(Object.keys(await victimSnapshot(a))).toEqual(
      expect.arrayContaining(['contacts', 'conversations', 'messages', 'accounts', 'users']),
    )
    expect(results.length).toBeGreaterThan(300)
    expect(
      results.filter((r) => r.status !== 'refused' || r.leaked.length || r.changed.length),
    ).toEqual([])
  }, 120_000)

  it("answers 404 to account A's administrator naming account B's records in A's paths", async () => {
    const { a, b } = world
    const results = []
    for (const { path, entry, operations } of idRoutes()) {
      if (!entry || 'skip' in entry || !path.startsWith('/api/v1/accounts/')) continue
      // Conversation ids in paths are per-account display ids: B's "1" is A's own conversation 1.
      const foreign = Object.entries(entry).filter(
        ([, kind]) => kind !== 'account' && kind !== 'conversation',
      )
      if (foreign.length === 0) continue
      const values = Object.fromEntries(
        Object.entries(entry).map(([p, kind]) => [
          p,
          foreign.some(([name]) => name === p) ? idFor(b, kind) : idFor(a, kind),
        ]),
      )
      for (const { method, body } of operations) {
        const c = { method, url: fill(path, values), token: a.admin.token, body: body?.(a) }
        results.push(await expectRefused(c, b, [403, 404]))
      }
    }
    expect(results.length).toBeGreaterThan(50)
    expect(
      results.filter((r) => r.status !== 'refused' || r.leaked.length || r.changed.length),
    ).toEqual([])
  }, 120_000)

  it("refuses a visitor of account B on account A's conversations, contacts and messages", async () => {
    const { a, b } = world
    const results = []
    for (const { path, entry, operations } of idRoutes()) {
      if (!entry || 'skip' in entry || !path.startsWith('/public/')) continue
      const variants: Record<string, string>[] = [
        // A's inbox, B's visitor; and B's inbox, A's visitor: the pair must belong together.
        { inbox_identifier: a.keys.inbox_identifier, source_id: b.keys.contact_identifier },
        { inbox_identifier: b.keys.inbox_identifier, source_id: a.keys.contact_identifier },
      ]
      // B's own visitor naming A's message (message ids are global; conversation ids are not).
      if ('message_id' in entry) {
        variants.push({
          inbox_identifier: b.keys.inbox_identifier,
          source_id: b.keys.contact_identifier,
        })
      }
      for (const keys of variants) {
        const values = Object.fromEntries(
          Object.entries(entry).map(([p, kind]) => [p, keys[p] ?? idFor(a, kind)]),
        )
        for (const { method, body } of operations) {
          const c = { method, url: fill(path, values), body: body?.(a) }
          results.push(await expectRefused(c, a, [401, 403, 404]))
        }
      }
    }
    expect(
      results.filter((r) => r.status !== 'refused' || r.leaked.length || r.changed.length),
    ).toEqual([])
  }, 120_000)
})
