import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { DIRECTORY_TABLE_NAMES } from '../../worker/db/queries/replication'
import { copyToShards } from '../../worker/db/replicate'
import { accountUsers, users } from '../../worker/db/schema'
import {
  accountDb,
  api,
  createUser,
  PLATFORM_TOKEN,
  shardOfRow,
  type User,
  uniq,
  type World,
} from './helpers'

/** `/api/v1/accounts/{id}` + rest. */
export const accountPath = (world: World, rest: string) =>
  `/api/v1/accounts/${world.accountId}${rest}`

/** A new platform user made a member of the account with the role. */
export async function addMember(
  accountId: number,
  role: 'administrator' | 'agent' = 'agent',
): Promise<User> {
  const user = await createUser(PLATFORM_TOKEN, role === 'agent' ? 'Agent' : 'Admin')
  const res = await api(`/platform/api/v1/accounts/${accountId}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.id, role },
  })
  if (res.status !== 200) throw new Error(`addMember: ${res.status} ${res.text}`)
  return user
}

/**
 * Many agents at once, written straight to D1 (the API would take a request per user): users
 * and memberships are global rows, so into the directory, then copied to every shard as the
 * worker does.
 */
export async function insertAgents(accountId: number, n: number): Promise<number[]> {
  const ids: number[] = []
  const memberships: number[] = []
  for (let i = 0; i < n; i++) {
    const email = `${uniq('bulk')}@example.com`
    const user = await env.DIRECTORY.prepare(
      "insert into users (name, email, pubsub_token) values (?, ?, 'x' || ?) returning id",
    )
      .bind(`Bulk ${i}`, email, email)
      .first<{ id: number }>()
    if (!user) throw new Error('insertAgents: no user')
    const membership = await env.DIRECTORY.prepare(
      "insert into account_users (account_id, user_id, role) values (?, ?, 'agent') returning id",
    )
      .bind(accountId, user.id)
      .first<{ id: number }>()
    if (!membership) throw new Error('insertAgents: no membership')
    ids.push(user.id)
    memberships.push(membership.id)
  }
  await copyToShards(env, users, ids)
  await copyToShards(env, accountUsers, memberships)
  return ids
}

export async function createInbox(world: World, name = 'Support'): Promise<number> {
  const res = await api(accountPath(world, '/inboxes'), {
    token: world.admin.token,
    body: { name, channel: { type: 'api' } },
  })
  expect(res.status).toBe(200)
  return res.json.id
}

/**
 * Where `scalar` and `column` read. A query of directory tables only reads the directory (the
 * truth for them). A query of account data reads the shard its first bound value names: the
 * account's, when the first placeholder is `account_id = ?`; else the shard of that account-data
 * row id (a conversation, inbox, team… id: shard k's ids start at k·2^40).
 */
async function databaseFor(query: string, binds: unknown[]): Promise<D1Database> {
  const tables = [...query.matchAll(/\b(?:from|join)\s+([a-z_]+)/gi)].map((m) =>
    String(m[1]).toLowerCase(),
  )
  if (tables.length > 0 && tables.every((table) => DIRECTORY_TABLE_NAMES.has(table))) {
    return env.DIRECTORY
  }
  const first = binds[0]
  if (typeof first !== 'number') {
    throw new Error(`cannot tell which shard holds the rows of: ${query}`)
  }
  const beforeFirstPlaceholder = query.slice(0, query.indexOf('?'))
  return /\baccount_id\s*=\s*$/i.test(beforeFirstPlaceholder) ? accountDb(first) : shardOfRow(first)
}

/** A first-column number from a query, for reading back what a request did (or did not) change. */
export async function scalar(query: string, ...binds: unknown[]): Promise<number> {
  const row = await (await databaseFor(query, binds))
    .prepare(query)
    .bind(...binds)
    .first<Record<string, number>>()
  return Object.values(row ?? {})[0] ?? 0
}

export async function column(query: string, ...binds: unknown[]): Promise<number[]> {
  const { results } = await (await databaseFor(query, binds))
    .prepare(query)
    .bind(...binds)
    .all<Record<string, number>>()
  return results.map((r) => Object.values(r)[0] as number)
}

export const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b)
export const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

/** A conversation row written straight to D1, for checking what a team deletion does to it. */
export async function insertConversation(
  accountId: number,
  inboxId: number,
  teamId: number | null,
): Promise<number> {
  const db = await accountDb(accountId)
  const contact = await db
    .prepare("insert into contacts (account_id, name) values (?, 'C') returning id")
    .bind(accountId)
    .first<{ id: number }>()
  const displayId =
    (await scalar(
      'select coalesce(max(display_id), 0) from conversations where account_id = ?',
      accountId,
    )) + 1
  const row = await db
    .prepare(
      `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, team_id)
     values (?, ?, ?, ?, ?, ?) returning id`,
    )
    .bind(accountId, displayId, crypto.randomUUID(), inboxId, contact?.id, teamId)
    .first<{ id: number }>()
  if (!row) throw new Error('insertConversation: no row')
  return row.id
}
