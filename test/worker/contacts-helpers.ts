import { expect } from 'vitest'
import { accountDb, api, createWorld, shardOfRow, uniq, type World } from './helpers'

export const contactsPath = (world: World) => `/api/v1/accounts/${world.accountId}/contacts`

/** Creates a contact through the API as the world's administrator; returns the contact JSON. */
export async function createContact(world: World, body: Record<string, unknown> = {}) {
  const res = await api(contactsPath(world), {
    token: world.admin.token,
    body: { email: `${uniq('c')}@example.com`, ...body },
  })
  if (res.status !== 200) throw new Error(`createContact: ${res.status} ${res.text}`)
  return res.json.payload.contact
}

export async function createInbox(
  world: World,
  channel: Record<string, unknown> = { type: 'api' },
  name = uniq('Inbox '),
) {
  const res = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
    token: world.admin.token,
    body: { name, channel },
  })
  if (res.status !== 200) throw new Error(`createInbox: ${res.status} ${res.text}`)
  return res.json as { id: number; name: string }
}

export async function addInboxMember(world: World, inboxId: number, userId: number) {
  await (await accountDb(world.accountId))
    .prepare('insert into inbox_members (account_id, inbox_id, user_id) values (?, ?, ?)')
    .bind(world.accountId, inboxId, userId)
    .run()
}

let displayIds = 1000
/** A conversation row, written directly: the conversations API is not part of these tests. */
export async function insertConversation(world: World, inboxId: number, contactId: number) {
  await (await accountDb(world.accountId))
    .prepare(
      'insert into conversations (account_id, display_id, uuid, inbox_id, contact_id) values (?, ?, ?, ?, ?)',
    )
    .bind(world.accountId, displayIds++, crypto.randomUUID(), inboxId, contactId)
    .run()
}

export async function defineContactAttribute(
  accountId: number,
  key: string,
  type: string,
  values: string[] = [],
) {
  await (await accountDb(accountId))
    .prepare(
      'insert into custom_attribute_definitions (account_id, attribute_key, attribute_display_name, attribute_display_type, attribute_model, attribute_values) values (?,?,?,?,?,?)',
    )
    .bind(accountId, key, key, type, 'contact_attribute', JSON.stringify(values))
    .run()
}

export { pngBytes, sendForm } from './helpers'

export type ContactRowSnapshot = Record<string, unknown>

/** The contact's row as stored (on the shard its id names), to prove refused writes changed nothing. */
export async function contactRow(id: number) {
  return shardOfRow(id)
    .prepare('select * from contacts where id = ?')
    .bind(id)
    .first<ContactRowSnapshot>()
}

/** The contact's events, from the shard its id names. */
export async function eventsFor(contactId: number) {
  const { results } = await shardOfRow(contactId)
    .prepare(
      'select kind, account_id, contact_id, changed_attributes from events where contact_id = ? order by id',
    )
    .bind(contactId)
    .all<{ kind: string; account_id: number; contact_id: number; changed_attributes: string }>()
  return results.map((r) => ({ ...r, changed_attributes: JSON.parse(r.changed_attributes) }))
}

export async function countContacts(accountId: number) {
  const row = await (await accountDb(accountId))
    .prepare('select count(*) as n from contacts where account_id = ?')
    .bind(accountId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

export const idsOf = (payload: { id: number }[]) => payload.map((c) => c.id)

export function expectFieldErrors(
  res: { json: { errors: { field: string }[] } },
  fields: string[],
) {
  expect(res.json.errors.map((e) => e.field).sort()).toEqual([...fields].sort())
}

/**
 * An agent who sees A (contact inbox in its inbox) and B (conversation there), not C or D.
 * Contacts are named `${prefix} A` … `${prefix} D`; `prepare` runs on the world first.
 */
export async function visibilityWorld(
  prefix = 'Agent',
  prepare?: (world: World) => Promise<unknown>,
) {
  const world = await createWorld()
  await prepare?.(world)
  const mine = await createInbox(world)
  const theirs = await createInbox(world)
  await addInboxMember(world, mine.id, world.agent.id)
  const a = await createContact(world, { name: `${prefix} A`, inbox_id: mine.id })
  const b = await createContact(world, { name: `${prefix} B` })
  await insertConversation(world, mine.id, b.id)
  const c = await createContact(world, { name: `${prefix} C`, inbox_id: theirs.id })
  await insertConversation(world, theirs.id, c.id)
  const d = await createContact(world, { name: `${prefix} D` })
  return { world, mine, theirs, a, b, c, d }
}
