import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../../worker/app'
import { shardBindings } from '../../../worker/db/shards'
import { sha256Hex } from '../../../worker/lib/crypto'
import { createWorldWithPasswords, freshIp, ORIGIN, PASSWORD, sessionOf } from '../auth-helpers'
import { PLATFORM_TOKEN } from '../helpers'

// Passwords and session tokens never reach a log line: not on a refused sign-in, not in a
// validation error, not when the query that stores them fails.

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

/**
 * A D1 whose statements naming `table` fail, with their bound parameters in the message; so do
 * those of its sessions (`withSession`, through which requests read and write).
 */
function failingOn(database: D1Database, table: string): D1Database {
  const fail = (sql: string, values: unknown[]) =>
    Promise.reject(new Error(`D1_ERROR: SQLITE_BUSY: ${sql} params ${JSON.stringify(values)}`))
  const sqlOf = new WeakMap<object, { sql: string; values: unknown[] }>()
  const wrap = (sql: string, values: unknown[], statement: D1PreparedStatement) => {
    const proxy: D1PreparedStatement = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...v: unknown[]) => wrap(sql, v, target.bind(...v))
        if (sql.includes(table) && ['all', 'raw', 'first', 'run'].includes(String(prop))) {
          return () => fail(sql, values)
        }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    sqlOf.set(proxy, { sql, values })
    return proxy
  }
  const wrapDatabase = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === 'withSession' && 'withSession' in target) {
          return (...args: Parameters<D1Database['withSession']>) =>
            wrapDatabase(target.withSession(...args))
        }
        if (prop === 'prepare') return (sql: string) => wrap(sql, [], target.prepare(sql))
        if (prop === 'batch') {
          return (statements: D1PreparedStatement[]) => {
            const failing = statements.map((s) => sqlOf.get(s)).find((s) => s?.sql.includes(table))
            return failing ? fail(failing.sql, failing.values) : target.batch(statements)
          }
        }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  return wrapDatabase(database)
}

/**
 * The directory and every shard failing on `table`: a global row is written to the directory and
 * copied to the shards (or narrowed on the shards first), so the query fails wherever it runs.
 */
function failingOnEvery(table: string): Partial<Env> {
  const shards = shardBindings(env).map((binding, k) => [`SHARD_${k}`, failingOn(binding, table)])
  return { DIRECTORY: failingOn(env.DIRECTORY, table), ...Object.fromEntries(shards) }
}

async function request(
  path: string,
  init: {
    method?: string
    body?: unknown
    headers?: Record<string, string>
    databases?: Partial<Env>
  },
) {
  const ctx = createExecutionContext()
  const res = await app.request(
    `${ORIGIN}${path}`,
    {
      method: init.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        'cf-connecting-ip': freshIp(),
        ...init.headers,
      },
      body: JSON.stringify(init.body),
    },
    { ...env, ...init.databases },
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return { status: res.status, text: await res.text() }
}

describe('log lines around passwords and sessions', () => {
  it('carry no password or session token on refusals and failed queries', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    const wrongPassword = 'Wrong-Password-9f8e7d6c'
    const newPassword = 'New-Password-1a2b3c4d5e'
    const results = [
      await request('/auth/sign_in', {
        body: { email: world.admin.email, password: wrongPassword },
      }),
      await request('/auth/sign_in', {
        body: { email: world.admin.email, password: 'x'.repeat(300) },
      }),
      // Storing the session fails: the query's parameters (its hash) are in the error.
      await request('/auth/sign_in', {
        body: { email: world.admin.email, password: PASSWORD },
        databases: failingOnEvery('user_sessions'),
      }),
      await request('/api/v1/profile', {
        method: 'PATCH',
        headers: { api_access_token: world.agent.token },
        body: { current_password: wrongPassword, password: newPassword },
      }),
      await request('/api/v1/profile', {
        method: 'PATCH',
        headers: { api_access_token: world.agent.token },
        body: { current_password: PASSWORD, password: newPassword },
        databases: failingOnEvery('update "users"'),
      }),
      await request('/api/v1/profile', {
        method: 'PATCH',
        headers: { cookie: `parley_session=${session}`, origin: 'https://evil.example' },
        body: { current_password: PASSWORD, password: newPassword },
      }),
      await request('/platform/api/v1/users', {
        headers: { api_access_token: PLATFORM_TOKEN },
        body: { name: 'Short', email: 'short@example.com', password: 'short12' },
      }),
    ]
    expect(results.map((r) => r.status)).toEqual([401, 422, 500, 422, 500, 403, 422])
    expect(lines.length).toBeGreaterThanOrEqual(results.length)
    const secrets = [
      PASSWORD,
      wrongPassword,
      newPassword,
      'x'.repeat(300),
      'short12',
      session,
      await sha256Hex(session),
    ]
    for (const line of lines) {
      for (const secret of secrets) expect(line).not.toContain(secret)
    }
    for (const { text } of results) {
      for (const secret of secrets) expect(text).not.toContain(secret)
    }
  })
})
