import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../worker/app'
import { shardBindings } from '../../worker/db/shards'
import { sha256Hex } from '../../worker/lib/crypto'
import { type Side, seedSide } from './fuzz/world'
import { accountDb, expectError } from './helpers'

let side: Side
/** Every credential of the account, and the hashes of its tokens (a query's parameters). */
let secrets: string[]

beforeAll(async () => {
  side = await seedSide('a')
  const tokens = [side.admin.token, side.agent.token, side.bot.token, side.platformApp.token]
  const { results } = await (await accountDb(side.accountId))
    .prepare('select source_id, pubsub_token from contact_inboxes where account_id = ?')
    .bind(side.accountId)
    .all<{ source_id: string; pubsub_token: string }>()
  secrets = [
    ...tokens,
    ...(await Promise.all(tokens.map(sha256Hex))),
    ...results.flatMap((r) => [r.source_id, r.pubsub_token]),
    side.keys.inbox_identifier,
  ]
}, 60_000)

let lines: string[] = []
beforeEach(() => {
  lines = []
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '))
    })
  }
})
afterEach(() => {
  vi.restoreAllMocks()
})

const leaked = () => lines.filter((line) => secrets.some((secret) => line.includes(secret)))

/**
 * `database` with its statements failing when their SQL names `table`, as D1 does when it is
 * overloaded. The failed query's message carries its bound parameters: the source_ids, token
 * hashes and identifiers a log line must not repeat. A session opened on it (the app reads
 * through D1's Sessions API) fails the same way.
 */
function failingOn(database: D1Database, table: string): D1Database {
  const fail = () => Promise.reject(new Error('D1_ERROR: database is overloaded: SQLITE_BUSY'))
  const sqlOf = new WeakMap<object, string>()
  const wrap = (sql: string, statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') {
          return (...values: unknown[]) => wrap(sql, target.bind(...values))
        }
        if (sql.includes(table) && ['all', 'raw', 'first', 'run'].includes(String(prop))) {
          return fail
        }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    sqlOf.set(proxy, sql)
    return proxy
  }
  const wrapDatabase = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare') return (sql: string) => wrap(sql, target.prepare(sql))
        if (prop === 'batch') {
          return (statements: D1PreparedStatement[]) =>
            statements.some((s) => sqlOf.get(s)?.includes(table))
              ? fail()
              : target.batch(statements)
        }
        if (prop === 'withSession' && 'withSession' in target) {
          return (constraint?: string) => wrapDatabase(target.withSession(constraint))
        }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  return wrapDatabase(database)
}

/**
 * The env with every database (the directory and each shard) failing on `table`: a request
 * reads the directory and its account's shard, and either may be the one that fails.
 */
function failingEnv(table: string): Env {
  const shards = Object.fromEntries(
    shardBindings(env).map((binding, k) => [`SHARD_${k}`, failingOn(binding, table)]),
  )
  return { ...env, DIRECTORY: failingOn(env.DIRECTORY, table), ...shards }
}

type Options = { method?: string; token?: string; body?: unknown; failing?: string }

/**
 * Through the app in this isolate (where console is spied on), waiting for its background work:
 * event publishing and the like log from there too.
 */
async function request(path: string, { method, token, body, failing }: Options = {}) {
  const headers: Record<string, string> = {}
  if (token) headers.api_access_token = token
  if (body !== undefined) headers['content-type'] = 'application/json'
  const ctx = createExecutionContext()
  const res = await app.request(
    `http://parley.test${path}`,
    {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
    },
    failing === undefined ? env : failingEnv(failing),
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return { status: res.status, headers: res.headers, json: await res.json() }
}

describe('log lines', () => {
  it('carry no token, source_id or pubsub_token when a query with them fails', async () => {
    const sourceId = secrets.find((s) => /^[0-9a-f-]{36}$/.test(s)) as string
    const base = `/api/v1/accounts/${side.accountId}`
    const failures = [
      await request('/api/v1/profile', {
        token: side.admin.token,
        failing: 'access_tokens',
      }),
      await request(`${base}/conversations?source_id=${sourceId}`, {
        token: side.admin.token,
        failing: 'contact_inboxes',
      }),
      await request(`/public/api/v1/inboxes/${side.keys.inbox_identifier}/contacts/${sourceId}`, {
        failing: 'contact_inboxes',
      }),
    ]
    expect(failures.map((f) => f.status)).toEqual([500, 500, 500])
    for (const res of failures) expectError(res, 500, 'internal_error')
    // The failures were logged, with their parameters cut out.
    expect(lines.filter((line) => line.includes('"level":"error"'))).toHaveLength(3)
    expect(lines.some((line) => line.includes('Failed query'))).toBe(true)
    expect(lines.join('\n')).toContain('[redacted]')
    expect(leaked()).toEqual([])
  })

  it('carry no credential across a run of ordinary and refused requests', async () => {
    const base = `/api/v1/accounts/${side.accountId}`
    const conversation = `${base}/conversations/${side.ids.conversation}`
    const answers = [
      await request('/api/v1/profile', { token: side.admin.token }),
      await request(`${conversation}/messages`, {
        token: side.agent.token,
        body: { content: 'Hi' },
      }),
      await request(`${conversation}/messages`, { token: side.admin.token, body: '{"content":' }),
      await request(`${base}/contacts`, { token: side.admin.token, body: { email: 'not mail' } }),
      await request(`${base}/webhooks`, { token: side.agent.token }),
      await request(`${base}/inboxes`, { token: `${side.admin.token}x` }),
      await request(`/platform/api/v1/accounts/${side.accountId}`, { token: side.admin.token }),
      await request(`/public/api/v1/inboxes/${side.keys.inbox_identifier}/contacts/nobody`),
      await request(`${base}/conversations/999999`, { token: side.admin.token }),
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400, 422, 403, 401, 401, 404, 404])
    expect(leaked()).toEqual([])
  })
})

describe('the request id', () => {
  /** The parsed log lines that carry `request_id`. */
  const loggedWith = (requestId: string | null) =>
    lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.request_id === requestId)
  const envelopeOf = (res: { json: unknown }) => res.json as { request_id: string; message: string }

  it("of a 500 is the header's, the envelope's and its one error line's", async () => {
    const res = await request('/api/v1/profile', {
      token: side.admin.token,
      failing: 'access_tokens',
    })
    expectError(res, 500, 'internal_error')
    const id = res.headers.get('x-request-id')
    expect(envelopeOf(res).request_id).toBe(id)
    expect(loggedWith(id)).toEqual([
      { level: 'error', msg: 'request failed', request_id: id, error: expect.any(String) },
    ])
  })

  it("of a 4xx is the header's, the envelope's and its one log line's", async () => {
    const base = `/api/v1/accounts/${side.accountId}`
    const refused = [
      [await request(`${base}/webhooks`, { token: side.agent.token }), 403, 'forbidden'],
      [
        await request(`${base}/conversations/999999`, { token: side.admin.token }),
        404,
        'not_found',
      ],
      [await request('/no/such/route'), 404, 'not_found'],
      [
        await request(`${base}/teams`, { token: side.admin.token, body: {} }),
        422,
        'validation_failed',
      ],
    ] as const
    for (const [res, status, code] of refused) {
      expectError(res, status, code)
      const id = res.headers.get('x-request-id')
      expect(envelopeOf(res).request_id).toBe(id)
      expect(loggedWith(id)).toEqual([
        {
          level: 'info',
          msg: 'request refused',
          request_id: id,
          status,
          error: code,
          method: expect.any(String),
          path: expect.any(String),
          message: envelopeOf(res).message,
        },
      ])
    }
  })
})
