import { env, SELF } from 'cloudflare:test'
import { expect } from 'vitest'
import { SHARD_ID_SPAN } from '../../worker/db/queries/sequences'
import { accountBinding, shardBinding, shardBindings } from '../../worker/db/shards'

export const PLATFORM_TOKEN = env.PLATFORM_API_TOKEN

type Json = Record<string, unknown> | unknown[]

export type ApiOptions = {
  method?: string
  token?: string
  body?: Json | string
  headers?: Record<string, string>
}

/** Calls the worker through its fetch handler, as a client on the network would. */
export async function api(path: string, options: ApiOptions = {}) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.api_access_token = options.token
  let body: string | undefined
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const res = await SELF.fetch(`http://parley.test${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  })
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return { status: res.status, headers: res.headers, json, text }
}

let unique = 0
/** A value unique across this test file's run. */
export const uniq = (prefix = 'x') =>
  `${prefix}${Date.now().toString(36)}${(unique++).toString(36)}`

export type User = { id: number; email: string; token: string }
export type World = {
  accountId: number
  admin: User
  agent: User
}

/** Creates a platform user, returning its id and the token handed out once. */
export async function createUser(platformToken = PLATFORM_TOKEN, name = 'User'): Promise<User> {
  const email = `${uniq('u')}@example.com`
  const res = await api('/platform/api/v1/users', {
    token: platformToken,
    body: { name, email },
  })
  if (res.status !== 200) throw new Error(`createUser: ${res.status} ${res.text}`)
  return { id: res.json.id, email, token: res.json.access_token }
}

/**
 * An account with an administrator and an agent, made through the platform API; on `shard` when
 * given (the operator's option: the root platform app's token only), else where Parley places it.
 */
export async function createWorld(platformToken = PLATFORM_TOKEN, shard?: number): Promise<World> {
  const account = await api('/platform/api/v1/accounts', {
    token: platformToken,
    body: shard === undefined ? { name: uniq('Account ') } : { name: uniq('Account '), shard },
  })
  if (account.status !== 200) throw new Error(`createWorld: ${account.status} ${account.text}`)
  const accountId = account.json.id as number
  const admin = await createUser(platformToken, 'Admin')
  const agent = await createUser(platformToken, 'Agent')
  for (const [user, role] of [
    [admin, 'administrator'],
    [agent, 'agent'],
  ] as const) {
    const res = await api(`/platform/api/v1/accounts/${accountId}/account_users`, {
      token: platformToken,
      body: { user_id: user.id, role },
    })
    if (res.status !== 200) throw new Error(`createWorld: ${res.status} ${res.text}`)
  }
  return { accountId, admin, agent }
}

/** Asserts the response is an error in Parley's one envelope, with the given status. */
export function expectError(res: { status: number; json: unknown }, status: number, code?: string) {
  expect({ status: res.status, body: res.json }).toMatchObject({
    status,
    body: {
      error: code ?? expect.any(String),
      message: expect.any(String),
      description: expect.any(String),
      errors: expect.any(Array),
    },
  })
}

/** Sends a multipart/form-data request through the worker. */
export async function sendForm(path: string, token: string, form: FormData, method = 'POST') {
  const res = await SELF.fetch(`http://parley.test${path}`, {
    method,
    headers: { api_access_token: token },
    body: form,
  })
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, json, text }
}

/** Bytes that start like a PNG, `size` long: enough for type and size checks. */
export function pngBytes(size = 64) {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  for (let i = 8; i < size; i++) bytes[i] = i % 251
  return bytes
}

/*
 * Where rows are (docs/scaling.md): the directory holds the global tables (users, tokens,
 * sessions, memberships, accounts, agent bots, platform apps) and copies of them are on every
 * shard; an account's data is only on its shard.
 */

/** The database that holds an account's data: its shard. */
export const accountDb = (accountId: number): Promise<D1Database> => accountBinding(env, accountId)

/** Runs the migration `name` (its file name) again on `db`, in one batch, as it first ran there. */
export async function rerunMigration(db: D1Database, name: string) {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name === name)
  if (!migration) throw new Error(`no migration ${name}`)
  await db.batch(migration.queries.map((query) => db.prepare(query)))
}

/** The shard a row of account data was made on: shard k's ids start at k·2^40. */
export const shardOfRow = (id: number): D1Database =>
  shardBinding(env, Math.floor(id / SHARD_ID_SPAN))

/** The directory and every shard: where a test changes a global row, it changes it on all. */
export const everyDatabase = (): D1Database[] => [env.DIRECTORY, ...shardBindings(env)]

/** The first column of `query`'s first row on each database: [directory, shard 0, shard 1]. */
export const countsOnEveryDatabase = (query: string, ...binds: unknown[]) =>
  Promise.all(
    everyDatabase().map(async (db) => {
      const row = await db
        .prepare(query)
        .bind(...binds)
        .first<Record<string, number>>()
      return Number(Object.values(row ?? {})[0] ?? 0)
    }),
  )
