import { env, SELF } from 'cloudflare:test'
import { expect } from 'vitest'
import { shardBindings } from '../../worker/db/shards'
import {
  type ApiOptions,
  accountDb,
  api,
  createWorld,
  shardOfRow,
  uniq,
  type World,
} from './helpers'

type Channel = 'api' | 'web_widget' | 'email'

const CHANNELS: Record<Channel, Record<string, unknown>> = {
  api: { type: 'api' },
  web_widget: { type: 'web_widget', website_url: 'https://shop.example.com' },
  email: { type: 'email', email: 'support@example.com' },
}

export type PublicInbox = {
  id: number
  identifier: string
  hmacToken: string
  world: World
  /** A request to /public/api/v1/inboxes/{identifier}{path}, from a client address of its own. */
  call: (path: string, options?: ApiOptions) => ReturnType<typeof api>
}

let addresses = 0
/** A client address no other test uses, so per-address limits never collide between tests. */
export const freshAddress = () => `198.51.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`

export const publicPath = (identifier: string, path = '') =>
  `/public/api/v1/inboxes/${identifier}${path}`

/** An inbox made by the administrator through the API, with its public identifier and hmac_token. */
export async function createPublicInbox(
  world: World,
  type: Channel = 'web_widget',
  options: { channel?: Record<string, unknown>; settings?: Record<string, unknown> } = {},
): Promise<PublicInbox> {
  const res = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
    token: world.admin.token,
    body: {
      name: uniq('Inbox '),
      channel: { ...CHANNELS[type], ...options.channel },
      ...options.settings,
    },
  })
  if (res.status !== 200) throw new Error(`createPublicInbox: ${res.status} ${res.text}`)
  const identifier = (res.json.inbox_identifier as string | null) ?? 'none'
  const address = freshAddress()
  return {
    id: res.json.id,
    identifier,
    hmacToken: res.json.hmac_token,
    world,
    call: (path, opts = {}) =>
      api(publicPath(identifier, path), {
        ...opts,
        headers: { 'cf-connecting-ip': address, ...opts.headers },
      }),
  }
}

/** A fresh account with one website inbox (options as createPublicInbox). */
export async function publicScene(
  type: Channel = 'web_widget',
  options: Parameters<typeof createPublicInbox>[2] = {},
) {
  const world = await createWorld()
  const inbox = await createPublicInbox(world, type, options)
  return { world, inbox }
}

export type Visitor = { sourceId: string; pubsubToken: string; contactId: number }

export async function createVisitor(inbox: PublicInbox, body: Record<string, unknown> = {}) {
  const res = await inbox.call('/contacts', { body })
  if (res.status !== 200) throw new Error(`createVisitor: ${res.status} ${res.text}`)
  return {
    sourceId: res.json.source_id as string,
    pubsubToken: res.json.pubsub_token as string,
    contactId: res.json.id as number,
  }
}

export const conversationsOf = (visitor: Visitor) => `/contacts/${visitor.sourceId}/conversations`

/** A conversation the visitor starts through the public API. */
export async function startConversation(
  inbox: PublicInbox,
  visitor: Visitor,
  body: Record<string, unknown> = {},
) {
  const res = await inbox.call(conversationsOf(visitor), { body })
  if (res.status !== 200) throw new Error(`startConversation: ${res.status} ${res.text}`)
  const row = await (await accountDb(inbox.world.accountId))
    .prepare('select id from conversations where account_id = ? and display_id = ?')
    .bind(inbox.world.accountId, res.json.id)
    .first<{ id: number }>()
  return { displayId: res.json.id as number, id: row!.id, inboxId: inbox.id, json: res.json }
}

/** The path of one of the visitor's conversations, under the inbox. */
export const conversationOf = (visitor: Visitor, displayId: number) =>
  `${conversationsOf(visitor)}/${displayId}`

/** The agent-side messages path of a conversation. */
export const agentMessagesPath = (world: World, displayId: number) =>
  `/api/v1/accounts/${world.accountId}/conversations/${displayId}/messages`

/** Hex HMAC-SHA256, as a website computes identifier_hash. */
export async function hmacHex(key: string, message: string) {
  const enc = new TextEncoder()
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    enc.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const signature = await crypto.subtle.sign('HMAC', cryptoKey, enc.encode(message))
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** The visitor's link to an inbox, on the shard the inbox's id names. */
export async function contactInboxRow(inboxId: number, sourceId: string) {
  return shardOfRow(inboxId)
    .prepare('select * from contact_inboxes where inbox_id = ? and source_id = ?')
    .bind(inboxId, sourceId)
    .first<Record<string, unknown>>()
}

export async function contactRowById(id: number) {
  return shardOfRow(id)
    .prepare('select * from contacts where id = ?')
    .bind(id)
    .first<Record<string, unknown>>()
}

/**
 * Rows of account data matching `where`, counted on every shard: ids are unique across shards,
 * so this is the count the one database used to give (the directory holds no account data).
 */
export async function countRows(table: string, where: string, ...values: unknown[]) {
  let total = 0
  for (const shard of shardBindings(env)) {
    const row = await shard
      .prepare(`select count(*) as n from ${table} where ${where}`)
      .bind(...values)
      .first<{ n: number }>()
    total += row?.n ?? 0
  }
  return total
}

// biome-ignore lint/suspicious/noExplicitAny: event rows are read loosely in tests
type EventRow = Record<string, any>

/** Event rows of the account of a kind, oldest first. */
export async function eventRows(accountId: number, kind: string) {
  const { results } = await (await accountDb(accountId))
    .prepare(
      'select id, kind, conversation_id, message_id, contact_id, inbox_id, changed_attributes, data from events where account_id = ? and kind = ? order by id',
    )
    .bind(accountId, kind)
    .all<Record<string, unknown>>()
  return results.map((r) => ({
    ...r,
    data: JSON.parse(String(r.data)),
    changed_attributes: JSON.parse(String(r.changed_attributes)),
  })) as EventRow[]
}

/** Everything in the account a refused public request must leave as it was. */
export async function accountSnapshot(accountId: number) {
  const db = await accountDb(accountId)
  const all = async (sql: string) => (await db.prepare(sql).bind(accountId).all()).results
  return {
    contacts: await all('select * from contacts where account_id = ? order by id'),
    contactInboxes: await all('select * from contact_inboxes where account_id = ? order by id'),
    conversations: await all('select * from conversations where account_id = ? order by id'),
    messages: await all('select * from messages where account_id = ? order by id'),
    events: await all('select id, kind from events where account_id = ? order by id'),
  }
}

export async function expectAccountUnchanged(accountId: number, before: unknown) {
  expect(await accountSnapshot(accountId)).toEqual(before)
}

/** A raw request to the worker (preflights, multipart), returning status, headers and JSON. */
export async function rawFetch(path: string, init: RequestInit) {
  const res = await SELF.fetch(`http://parley.test${path}`, init)
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {}
  return { status: res.status, headers: res.headers, json, text }
}

/** The administrator posts to a conversation through the application API. */
export async function agentPost(world: World, displayId: number, body: Record<string, unknown>) {
  const res = await api(agentMessagesPath(world, displayId), { token: world.admin.token, body })
  if (res.status !== 200) throw new Error(`agentPost: ${res.status} ${res.text}`)
  return res.json as { id: number; content: string }
}

/**
 * A reply, a private note and an activity line (the administrator marks it pending) from the
 * agents' side; returns their ids.
 */
export async function agentTraffic(world: World, displayId: number) {
  const reply = await agentPost(world, displayId, { content: uniq('reply ') })
  const note = await agentPost(world, displayId, { content: 'secret note', private: true })
  const toggled = await api(
    `/api/v1/accounts/${world.accountId}/conversations/${displayId}/toggle_status`,
    { token: world.admin.token, body: { status: 'pending' } },
  )
  if (toggled.status !== 200) throw new Error(`agentTraffic: ${toggled.status}`)
  const activity = await (await accountDb(world.accountId))
    .prepare('select max(id) as id from messages where account_id = ? and message_type = 2')
    .bind(world.accountId)
    .first<{ id: number }>()
  return { reply: reply.id, note: note.id, activity: activity!.id }
}
