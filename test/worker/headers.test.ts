import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { shardBindings } from '../../worker/db/shards'
import { fetchDocument } from './fuzz/operations'
import { type Side, seedSide } from './fuzz/world'
import { PLATFORM_TOKEN } from './helpers'

/** What secureHeaders() sets; the widget's files need cross-origin loading, so no CORP. */
const SECURE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}

/** Every response also carries its request's id (worker/lib/request-id.ts). */
const REQUEST_ID = /^[0-9a-f-]{36}$/

const headersOf = (res: Response) =>
  Object.fromEntries(Object.keys(SECURE_HEADERS).map((name) => [name, res.headers.get(name)]))

let side: Side

beforeAll(async () => {
  side = await seedSide('a')
}, 60_000)

type Sample = { method?: string; path: string; token?: string; body?: string; type?: string }

async function send({ method = 'GET', path, token, body, type = 'application/json' }: Sample) {
  const headers: Record<string, string> = {}
  if (token) headers.api_access_token = token
  if (body !== undefined) headers['content-type'] = type
  const res = await SELF.fetch(`http://parley.test${path}`, { method, headers, body })
  await res.arrayBuffer()
  return res
}

describe('secure headers', () => {
  it('are on successes and on every kind of error', async () => {
    const base = `/api/v1/accounts/${side.accountId}`
    const samples: [Sample, number][] = [
      [{ path: '/health' }, 200],
      [{ path: '/openapi.json' }, 200],
      [{ path: '/docs' }, 200],
      [{ path: '/api/v1/profile', token: side.admin.token }, 200],
      [{ path: `${base}/conversations`, token: side.agent.token }, 200],
      [{ path: '/platform/api/v1/accounts', token: side.platformApp.token }, 200],
      [{ path: `/public/api/v1/inboxes/${side.keys.inbox_identifier}` }, 200],
      [{ method: 'POST', path: `${base}/teams`, token: side.admin.token, body: '{"name":' }, 400],
      [{ path: '/api/v1/profile' }, 401],
      [{ path: `${base}/webhooks`, token: side.agent.token }, 403],
      [{ path: '/no/such/route' }, 404],
      [{ path: `${base}/inboxes/999999`, token: side.admin.token }, 404],
      [
        {
          method: 'POST',
          path: '/platform/api/v1/accounts',
          token: PLATFORM_TOKEN,
          body: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
        },
        413,
      ],
      [
        {
          method: 'POST',
          path: `${base}/teams`,
          token: side.admin.token,
          body: 'name=x',
          type: 'text/plain',
        },
        415,
      ],
      [{ method: 'POST', path: `${base}/teams`, token: side.admin.token, body: '{}' }, 422],
    ]
    for (const [sample, status] of samples) {
      const res = await send(sample)
      expect({ path: sample.path, status: res.status }).toEqual({ path: sample.path, status })
      expect(headersOf(res)).toEqual(SECURE_HEADERS)
      expect(res.headers.get('x-request-id'), sample.path).toMatch(REQUEST_ID)
    }
  })

  it('are on the answer of every operation in /openapi.json to a caller without credentials', async () => {
    const doc = await fetchDocument()
    let checked = 0
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        const url = path.replace(/\{(\w+)\}/g, '1')
        const res = await send({
          method: method.toUpperCase(),
          path: url,
          body: method === 'get' ? undefined : '{}',
        })
        expect({ url, headers: headersOf(res) }).toEqual({ url, headers: SECURE_HEADERS })
        expect(res.headers.get('x-request-id'), url).toMatch(REQUEST_ID)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('are on a 429 and on a 500', async () => {
    const refusing = { limit: async () => ({ success: false }) }
    // Every database refuses (the directory and each shard), and so does any session opened on
    // one: the app reads through D1's Sessions API.
    const failing = <T extends D1Database | D1DatabaseSession>(database: T): T =>
      new Proxy(database, {
        get: (target, prop) => {
          if (prop === 'prepare') {
            return () => {
              throw new Error('D1_ERROR: database is overloaded')
            }
          }
          if (prop === 'withSession' && 'withSession' in target) {
            return (constraint?: string) => failing(target.withSession(constraint))
          }
          const value = Reflect.get(target, prop)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    const failingDatabases = {
      DIRECTORY: failing(env.DIRECTORY),
      ...Object.fromEntries(
        shardBindings(env).map((binding, k) => [`SHARD_${k}`, failing(binding)]),
      ),
    }
    for (const [override, status] of [
      [{ API_RATE_LIMITER: refusing }, 429],
      [failingDatabases, 500],
    ] as const) {
      const ctx = createExecutionContext()
      const res = await app.request(
        'http://parley.test/api/v1/profile',
        { headers: { api_access_token: side.admin.token } },
        { ...env, ...override },
        ctx,
      )
      await waitOnExecutionContext(ctx)
      expect(res.status).toBe(status)
      expect(headersOf(res)).toEqual(SECURE_HEADERS)
      expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID)
    }
  })
})
