import { expect } from 'vitest'
import {
  accountDb,
  api,
  createWorld,
  PLATFORM_TOKEN,
  shardOfRow,
  uniq,
  type World,
} from './helpers'

export const accountPath = (world: World) => `/api/v1/accounts/${world.accountId}`
export const conversationsPath = (world: World) => `${accountPath(world)}/conversations`
export const conversationPath = (world: World, displayId: number) =>
  `${conversationsPath(world)}/${displayId}`
export const messagesPath = (world: World, displayId: number) =>
  `${conversationPath(world, displayId)}/messages`

type Channel = 'api' | 'web_widget' | 'email' | 'phone'

/** A Twilio Account SID of its own, so a phone inbox's sender is never another's. */
export const newAccountSid = () => `AC${crypto.randomUUID().replaceAll('-', '')}`

// The phone inbox's credentials pass the Twilio stand-in's check (scripts/twilio-stand-in.mjs).
const CHANNELS: Record<Channel, () => Record<string, unknown>> = {
  api: () => ({ type: 'api' }),
  web_widget: () => ({ type: 'web_widget', website_url: 'https://shop.example.com' }),
  email: () => ({ type: 'email', email: 'support@example.com' }),
  phone: () => ({
    type: 'phone',
    phone_number: '+15550001111',
    account_sid: newAccountSid(),
    auth_token: 'test-auth-token',
  }),
}

/** An inbox made through the inboxes API as the administrator. */
export async function createInbox(
  world: World,
  type: Channel = 'api',
  settings: Record<string, unknown> = {},
) {
  const res = await api(`${accountPath(world)}/inboxes`, {
    token: world.admin.token,
    body: { name: uniq('Inbox '), channel: CHANNELS[type](), ...settings },
  })
  if (res.status !== 200) throw new Error(`createInbox: ${res.status} ${res.text}`)
  return res.json as { id: number }
}

export async function addInboxMember(world: World, inboxId: number, userId: number) {
  await (await accountDb(world.accountId))
    .prepare('insert into inbox_members (account_id, inbox_id, user_id) values (?, ?, ?)')
    .bind(world.accountId, inboxId, userId)
    .run()
}

/** A contact row, written directly (the contacts API is another part's). */
export async function insertContact(
  accountId: number,
  fields: { name?: string; email?: string | null; blocked?: boolean; phone?: string | null } = {},
) {
  const row = await (await accountDb(accountId))
    .prepare(
      'insert into contacts (account_id, name, email, phone_number, blocked) values (?, ?, ?, ?, ?) returning id',
    )
    .bind(
      accountId,
      fields.name ?? 'Casey Contact',
      fields.email === undefined ? `${uniq('c')}@example.com` : fields.email,
      fields.phone ?? null,
      fields.blocked ? 1 : 0,
    )
    .first<{ id: number }>()
  if (!row) throw new Error('insertContact returned nothing')
  return row.id
}

export async function insertTeam(accountId: number, name = uniq('team')) {
  const row = await (await accountDb(accountId))
    .prepare('insert into teams (account_id, name, description) values (?, ?, ?) returning id')
    .bind(accountId, name, 'A team')
    .first<{ id: number }>()
  if (!row) throw new Error('insertTeam returned nothing')
  return { id: row.id, name }
}

export async function defineConversationAttribute(
  accountId: number,
  key: string,
  type: string,
  values: string[] = [],
) {
  await (await accountDb(accountId))
    .prepare(
      'insert into custom_attribute_definitions (account_id, attribute_key, attribute_display_name, attribute_display_type, attribute_model, attribute_values) values (?, ?, ?, ?, ?, ?)',
    )
    .bind(accountId, key, key, type, 'conversation_attribute', JSON.stringify(values))
    .run()
}

/** An agent bot of the account, with its access token. */
export const HELPER_BOT_AVATAR = 'https://cdn.example.com/helper-bot.png'

export async function createAgentBot(world: World) {
  const res = await api('/platform/api/v1/agent_bots', {
    token: PLATFORM_TOKEN,
    body: { name: 'Helper Bot', account_id: world.accountId, avatar_url: HELPER_BOT_AVATAR },
  })
  if (res.status !== 200) throw new Error(`createAgentBot: ${res.status} ${res.text}`)
  return { id: res.json.id as number, token: res.json.access_token as string }
}

/**
 * Connects a bot to an inbox (set_agent_bot, as the administrator): a bot acts only on its
 * inboxes' conversations, and new conversations there start pending.
 */
export async function connectAgentBot(world: World, inboxId: number, botId: number) {
  const res = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inboxId}/set_agent_bot`, {
    token: world.admin.token,
    body: { agent_bot: botId },
  })
  if (res.status !== 200) throw new Error(`connectAgentBot: ${res.status} ${res.text}`)
}

export type Scene = {
  world: World
  inboxId: number
  contactId: number
  /** Creates a conversation through the API (as the administrator unless told otherwise). */
  conversation: (body?: Record<string, unknown>, token?: string) => Promise<Conversation>
}
// biome-ignore lint/suspicious/noExplicitAny: conversation JSON is read loosely in tests
export type Conversation = Record<string, any> & { id: number }

/** An account with an inbox of `type` whose member is the agent, and one contact. */
export async function createScene(type: Channel = 'api'): Promise<Scene> {
  const world = await createWorld()
  const inbox = await createInbox(world, type)
  await addInboxMember(world, inbox.id, world.agent.id)
  const contactId = await insertContact(world.accountId)
  return {
    world,
    inboxId: inbox.id,
    contactId,
    conversation: async (body = {}, token = world.admin.token) => {
      const res = await api(conversationsPath(world), {
        token,
        body: { inbox_id: inbox.id, contact_id: contactId, ...body },
      })
      if (res.status !== 200) throw new Error(`conversation: ${res.status} ${res.text}`)
      return res.json as Conversation
    },
  }
}

export async function postMessage(
  world: World,
  displayId: number,
  body: Record<string, unknown>,
  token = world.admin.token,
) {
  return api(messagesPath(world, displayId), { token, body })
}

/** The stored conversation row by display id. */
export async function conversationRow(accountId: number, displayId: number) {
  return (await accountDb(accountId))
    .prepare('select * from conversations where account_id = ? and display_id = ?')
    .bind(accountId, displayId)
    .first<Record<string, unknown>>()
}

export type EventRow = {
  kind: string
  conversation_id: number | null
  message_id: number | null
  contact_id: number | null
  inbox_id: number | null
  changed_attributes: Record<string, { previous_value: unknown; current_value: unknown }>[]
}

/** Event rows of a conversation (by table id), oldest first, from the shard its id names. */
export async function eventsOf(conversationId: number): Promise<EventRow[]> {
  const { results } = await shardOfRow(conversationId)
    .prepare(
      'select kind, conversation_id, message_id, contact_id, inbox_id, changed_attributes from events where conversation_id = ? order by id',
    )
    .bind(conversationId)
    .all<Omit<EventRow, 'changed_attributes'> & { changed_attributes: string }>()
  return results.map((r) => ({ ...r, changed_attributes: JSON.parse(r.changed_attributes) }))
}

export const kindsOf = (events: EventRow[]) => events.map((e) => e.kind)

/** Every message row of a conversation (by table id), oldest first. */
export async function messageRows(conversationId: number) {
  const { results } = await shardOfRow(conversationId)
    .prepare('select * from messages where conversation_id = ? order by id')
    .bind(conversationId)
    .all<Record<string, unknown>>()
  return results
}

/** A snapshot of everything a refused write must leave untouched. */
export async function snapshot(conversationId: number) {
  const db = shardOfRow(conversationId)
  const row = await db
    .prepare('select * from conversations where id = ?')
    .bind(conversationId)
    .first()
  const count = async (table: string) =>
    (
      await db
        .prepare(`select count(*) as n from ${table} where conversation_id = ?`)
        .bind(conversationId)
        .first<{ n: number }>()
    )?.n
  return {
    row,
    messages: await count('messages'),
    events: await count('events'),
    labels: await count('conversation_labels'),
  }
}

export async function expectUnchanged(conversationId: number, before: unknown) {
  expect(await snapshot(conversationId)).toEqual(before)
}

export { pngBytes, sendForm } from './helpers'
