import { expect } from 'vitest'
import { accountDb, api, shardOfRow, uniq, type World } from './helpers'

/** An API inbox made through the inboxes API. */
export async function createApiInbox(world: World, name = 'Sales') {
  const res = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
    token: world.admin.token,
    body: { name, channel: { type: 'api' } },
  })
  expect(res.status).toBe(200)
  return res.json as { id: number; name: string }
}

export async function addInboxMember(world: World, inboxId: number, userId: number) {
  await (await accountDb(world.accountId))
    .prepare('insert into inbox_members (account_id, inbox_id, user_id) values (?, ?, ?)')
    .bind(world.accountId, inboxId, userId)
    .run()
}

export type TestConversation = { id: number; displayId: number; inboxId: number; contactId: number }

/**
 * A contact and a conversation inserted straight into D1 (the conversations API is built
 * elsewhere), with the next display id of the account.
 */
export async function insertConversation(world: World, inboxId: number): Promise<TestConversation> {
  const db = await accountDb(world.accountId)
  const contact = await db
    .prepare('insert into contacts (account_id, name) values (?, ?) returning id')
    .bind(world.accountId, uniq('Contact '))
    .first<{ id: number }>()
  if (!contact) throw new Error('contact insert returned nothing')
  const conversation = await db
    .prepare(
      `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id)
       values (?1, (select coalesce(max(display_id), 0) + 1 from conversations where account_id = ?1),
               ?2, ?3, ?4)
       returning id, display_id`,
    )
    .bind(world.accountId, crypto.randomUUID(), inboxId, contact.id)
    .first<{ id: number; display_id: number }>()
  if (!conversation) throw new Error('conversation insert returned nothing')
  return { id: conversation.id, displayId: conversation.display_id, inboxId, contactId: contact.id }
}

/**
 * The conversation_updated events recorded for a conversation (table id), oldest first, from
 * the shard its id names.
 */
export async function conversationEvents(conversationId: number) {
  const { results } = await shardOfRow(conversationId)
    .prepare(
      'select kind, inbox_id, contact_id, changed_attributes, data from events where conversation_id = ? order by id',
    )
    .bind(conversationId)
    .all<{
      kind: string
      inbox_id: number
      contact_id: number
      changed_attributes: string
      data: string
    }>()
  return results.map((r) => ({
    kind: r.kind,
    inboxId: r.inbox_id,
    contactId: r.contact_id,
    changedAttributes: JSON.parse(r.changed_attributes) as unknown[],
    data: JSON.parse(r.data) as Record<string, unknown>,
  }))
}
