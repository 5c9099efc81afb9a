import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import worker from '../../../worker/index'
import { accountDb, api, createWorld, type World } from '../helpers'

export const DOMAIN = 'mail.parley.test'

export type Delivered = { rejected: string | null }

/** Email Routing's message as the email() handler gets it, from a raw mail. */
export function routedMessage(raw: string, from: string, to: string) {
  const bytes = new TextEncoder().encode(raw)
  const delivered: Delivered = { rejected: null }
  const message = {
    from,
    to,
    headers: new Headers(),
    raw: new Response(bytes).body as ReadableStream<Uint8Array>,
    rawSize: bytes.byteLength,
    setReject(reason: string) {
      delivered.rejected = reason
    },
    forward: async () => ({ messageId: '' }),
    reply: async () => ({ messageId: '' }),
  }
  return { message: message as unknown as ForwardableEmailMessage, delivered }
}

const waits: Promise<unknown>[] = []
const ctx = {
  waitUntil: (p: Promise<unknown>) => waits.push(p),
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext

/** Delivers a mail to the worker's email() export, as Email Routing would. */
export async function deliver(raw: string, to: string, from = 'sender@example.com') {
  const { message, delivered } = routedMessage(raw, from, to)
  await worker.email?.(message, env, ctx)
  await Promise.all(waits.splice(0))
  return delivered
}

/**
 * A raw mail with headers replaced (a string) or removed (null); others kept. Folded header
 * lines go with their header.
 */
export function withHeaders(raw: string, changes: Record<string, string | null>) {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split)
  const body = raw.slice(split)
  const fields: string[] = []
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1] += `\r\n${line}`
    else fields.push(line)
  }
  const names = Object.keys(changes).map((n) => n.toLowerCase())
  const kept = fields.filter((f) => !names.includes(f.slice(0, f.indexOf(':')).toLowerCase()))
  for (const [name, value] of Object.entries(changes)) {
    if (value !== null) kept.unshift(`${name}: ${value}`)
  }
  return kept.join('\r\n') + body
}

export type MailWorld = World & { inboxId: number; address: string }

export async function createMailWorld(): Promise<MailWorld> {
  const world = await createWorld()
  const res = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
    token: world.admin.token,
    body: { name: 'Support', channel: { type: 'email', email: 'support@shop.example.com' } },
  })
  expect(res.status).toBe(200)
  return { ...world, inboxId: res.json.id, address: res.json.forward_to_email }
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary rows
type Row = Record<string, any>

export async function rows(world: World, query: string, ...binds: unknown[]) {
  const db = await accountDb(world.accountId)
  const { results } = await db
    .prepare(query)
    .bind(...binds)
    .all<Row>()
  return results
}

export const messagesOf = (world: World) =>
  rows(
    world,
    'select * from messages where account_id = ? and message_type <> 2 order by id',
    world.accountId,
  ).then((list) =>
    list.map(
      (m): Row => ({
        ...m,
        content_attributes: JSON.parse(m.content_attributes as string),
      }),
    ),
  )

export const conversationsOf = (world: World) =>
  rows(world, 'select * from conversations where account_id = ? order by id', world.accountId)

/** An agent's sent mail as OUT stores it: outgoing, source_id = the id the send returned. */
export async function storeSentMail(world: World, conversationId: number, sentId: string) {
  const db = await accountDb(world.accountId)
  const conversation = await db
    .prepare('select inbox_id from conversations where id = ?')
    .bind(conversationId)
    .first<{ inbox_id: number }>()
  await db
    .prepare(
      `insert into messages (account_id, inbox_id, conversation_id, message_type, content, source_id, sender_type, sender_id)
       values (?, ?, ?, 1, 'Our reply', ?, 'User', ?)`,
    )
    .bind(world.accountId, conversation?.inbox_id, conversationId, sentId, world.admin.id)
    .run()
}
