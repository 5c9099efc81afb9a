import { SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ID_SPELLINGS } from './fuzz/hostile'
import { fetchDocument, kindOf, type OpenApiDocument, type Parameter } from './fuzz/operations'
import { type Kind, ROUTE_IDS } from './fuzz/route-ids'
import { accountSnapshot, changedCounts, changedTables, rowCounts } from './fuzz/row-counts'
import { type FuzzWorld, type IdKind, type Side, seedWorld } from './fuzz/world'
import { must } from './fuzz/world-records'

/**
 * Every way `Number()` (and so a lax check) reads as the same id must name nothing. The list of
 * routes comes from /openapi.json, so a new route is covered without anyone adding it. In a URL
 * each spelling is encoded, and a plus sign is also sent bare.
 */
const SPELLINGS: [string, (id: number) => string][] = [
  ...ID_SPELLINGS.map(([name, spell]): [string, (id: number) => string] => [
    name,
    (id) => encodeURIComponent(spell(id)),
  ]),
  ['bare plus sign', (id) => `+${id}`],
]

const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)
const STRING_KINDS = new Set<Kind>(['label_title', 'inbox_identifier', 'contact_identifier'])
/** Integer query parameters that name a record or a cursor (not counts, pages or times). */
const isQueryId = (p: Parameter) =>
  p.in === 'query' &&
  (p.schema as { type?: string } | undefined)?.type === 'integer' &&
  (/_id$/.test(p.name) || p.name === 'before' || p.name === 'after')

let doc: OpenApiDocument
let world: FuzzWorld
/** Administrators of account A, so that no single token's rate limit is reached. */
let adminTokens: string[]

beforeAll(async () => {
  doc = await fetchDocument()
  world = await seedWorld()
  const { a } = world
  adminTokens = [a.admin.token]
  for (let i = 0; i < 4; i++) {
    const user = await must('/platform/api/v1/users', a.platformApp.token, {
      name: `Spelling admin ${i}`,
      email: `spelling-admin-${i}-${a.accountId}@example.com`,
    })
    await must(`/platform/api/v1/accounts/${a.accountId}/account_users`, a.platformApp.token, {
      user_id: user.id,
      role: 'administrator',
    })
    adminTokens.push(user.access_token as string)
  }
}, 90_000)

function valueFor(side: Side, kind: Kind): string {
  if (kind === 'label_title') return encodeURIComponent(side.labelTitle)
  if (kind === 'inbox_identifier' || kind === 'contact_identifier') return side.keys[kind]
  return String(side.ids[kind])
}

type Case = { what: string; method: string; url: string; token?: string; socket: boolean }

/** Every id-taking operation once per spelling of each of its ids, with A's own credentials. */
function cases(side: Side): Case[] {
  const out: Omit<Case, 'token'>[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    const entry = ROUTE_IDS[path]
    // A route without an entry fails isolation.test.ts's first test, which names it.
    if ((!entry && paramsOf(path).length > 0) || (entry && 'skip' in entry)) continue
    const socket = path.endsWith('/live')
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const canonical = Object.fromEntries(
        paramsOf(path).map((p) => [p, valueFor(side, entry?.[p] as Kind)]),
      )
      const fill = (values: Record<string, string>) =>
        path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
      const numeric = paramsOf(path).filter((p) => !STRING_KINDS.has(entry?.[p] as Kind))
      // Required query ids keep a canonical value while another id is spelled otherwise.
      const queryIds = ((op.parameters ?? []) as Parameter[]).filter(isQueryId)
      const requiredQuery = (except?: string) =>
        queryIds
          .filter((q) => q.required && q.name !== except)
          .map((q) => `&${q.name}=${side.ids[kindOf(q.name) as IdKind]}`)
          .join('')
      for (const param of numeric) {
        const id = Number(canonical[param])
        for (const [name, spell] of SPELLINGS) {
          const url = `${fill({ ...canonical, [param]: spell(id) })}?${requiredQuery()}`
          out.push({ what: `${method} ${path} ${param} (${name})`, method, url, socket })
        }
      }
      for (const query of queryIds) {
        for (const [name, spell] of SPELLINGS) {
          const url = `${fill(canonical)}?${query.name}=${spell(1)}${requiredQuery(query.name)}`
          out.push({ what: `${method} ${path} ?${query.name} (${name})`, method, url, socket })
        }
      }
    }
  }
  return out.map((c, i) => ({
    ...c,
    method: c.method.toUpperCase(),
    token: c.url.startsWith('/platform/')
      ? side.platformApp.token
      : c.url.startsWith('/api/')
        ? adminTokens[i % adminTokens.length]
        : undefined,
  }))
}

async function answer(c: Case) {
  const headers: Record<string, string> = {}
  if (c.token) headers.api_access_token = c.token
  if (c.socket) headers.upgrade = 'websocket'
  const bodied = !['GET', 'DELETE'].includes(c.method)
  if (bodied) headers['content-type'] = 'application/json'
  const res = await SELF.fetch(`http://parley.test${c.url}`, {
    method: c.method,
    headers,
    body: bodied ? '{}' : undefined,
  })
  if (res.webSocket) {
    res.webSocket.accept()
    res.webSocket.close()
    return `${c.what}: opened a socket (${res.status})`
  }
  const body = (await res.json().catch(() => null)) as { error?: string } | null
  return res.status === 404 && body?.error === 'not_found'
    ? null
    : `${c.what}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`
}

describe('ids spelled any way but canonical decimal', () => {
  it('answer 404 in the error envelope on every route and socket of /openapi.json, and change nothing', async () => {
    const { a } = world
    const all = cases(a)
    const before = [await rowCounts(), await accountSnapshot(a.accountId, [a.admin.userId])]
    const wrong: string[] = []
    for (const c of all) {
      const problem = await answer(c)
      if (problem) wrong.push(problem)
    }
    const after = [await rowCounts(), await accountSnapshot(a.accountId, [a.admin.userId])]
    expect(wrong).toEqual([])
    // The document has sockets and query ids, so both are among the cases.
    expect(all.some((c) => c.socket && c.url.includes('/conversations/'))).toBe(true)
    expect(all.some((c) => c.url.startsWith('/api/v1/accounts/0x'))).toBe(true)
    expect(all.some((c) => c.url.includes('?after='))).toBe(true)
    expect(all.length).toBeGreaterThan(1000)
    expect(changedCounts(before[0] as never, after[0] as never)).toEqual([])
    expect(changedTables(before[1] as never, after[1] as never)).toEqual([])
  }, 300_000)

  it('still answer the canonical spelling of the same ids', async () => {
    const { a } = world
    const id = a.ids.conversation
    for (const url of [
      `/api/v1/accounts/${a.accountId}`,
      `/api/v1/accounts/${a.accountId}/conversations/${id}`,
      `/api/v1/accounts/${a.accountId}/conversations/${id}/messages?after=0`,
    ]) {
      const res = await SELF.fetch(`http://parley.test${url}`, {
        headers: { api_access_token: a.admin.token },
      })
      expect(res.status, url).toBe(200)
    }
  })
})
