import { describe, expect, it } from 'vitest'
import { contactsPath, visibilityWorld } from '../contacts-helpers'
import {
  accountPath,
  connectAgentBot,
  conversationRow,
  createAgentBot,
  createInbox,
  createScene,
  insertContact,
  postMessage,
  snapshot,
} from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'

type Call = { method: string; path: string; body?: Record<string, unknown> }

/** Every route that takes a conversation (and message) id, as a call on `world`'s account. */
function idRoutes(world: World, displayId: number, messageId: number, contactId: number): Call[] {
  const c = `${accountPath(world)}/conversations/${displayId}`
  return [
    { method: 'GET', path: c },
    { method: 'PATCH', path: c, body: { priority: 'high' } },
    { method: 'DELETE', path: c },
    { method: 'POST', path: `${c}/toggle_status`, body: { status: 'resolved' } },
    { method: 'POST', path: `${c}/toggle_priority`, body: { priority: 'urgent' } },
    { method: 'POST', path: `${c}/custom_attributes`, body: { custom_attributes: {} } },
    { method: 'POST', path: `${c}/assignments`, body: { assignee_id: null } },
    { method: 'GET', path: `${c}/labels` },
    { method: 'POST', path: `${c}/labels`, body: { labels: ['x'] } },
    { method: 'POST', path: `${c}/update_last_seen` },
    { method: 'POST', path: `${c}/mute` },
    { method: 'POST', path: `${c}/unmute` },
    { method: 'GET', path: `${c}/messages` },
    { method: 'POST', path: `${c}/messages`, body: { content: 'intrusion' } },
    { method: 'PATCH', path: `${c}/messages/${messageId}`, body: { status: 'read' } },
    { method: 'DELETE', path: `${c}/messages/${messageId}` },
    { method: 'GET', path: `${accountPath(world)}/contacts/${contactId}/conversations` },
  ]
}

const call = (route: Call, token: string) =>
  api(route.path, { method: route.method, token, body: route.body })

async function victim() {
  const scene = await createScene('api')
  const conversation = await scene.conversation({ additional_attributes: { secret: 'sauce' } })
  const message = await postMessage(scene.world, conversation.id, { content: 'private words' })
  const row = await conversationRow(scene.world.accountId, conversation.id)
  return {
    ...scene,
    displayId: conversation.id as number,
    messageId: message.json.id as number,
    conversationId: row?.id as number,
  }
}

function expectNoLeak(res: { text: string }) {
  expect(res.text).not.toContain('private words')
  expect(res.text).not.toContain('sauce')
  expect(res.text).not.toContain('Casey Contact')
}

describe('conversation and message routes across accounts', () => {
  it("refuse another account's administrator and agent on this account's paths with 403", async () => {
    const v = await victim()
    const other = await createWorld()
    const before = await snapshot(v.conversationId)
    for (const route of idRoutes(v.world, v.displayId, v.messageId, v.contactId)) {
      for (const user of [other.admin, other.agent]) {
        const res = await call(route, user.token)
        expectError(res, 403, 'forbidden')
        expectNoLeak(res)
      }
    }
    for (const route of [
      { method: 'GET', path: `${accountPath(v.world)}/conversations` },
      { method: 'GET', path: `${accountPath(v.world)}/conversations/meta` },
      {
        method: 'POST',
        path: `${accountPath(v.world)}/conversations`,
        body: { inbox_id: v.inboxId, contact_id: v.contactId },
      },
    ]) {
      const res = await call(route, other.admin.token)
      expectError(res, 403)
      expectNoLeak(res)
    }
    expect(await snapshot(v.conversationId)).toEqual(before)
  })

  it("404 this account's ids on another account's own paths, without data", async () => {
    const v = await victim()
    const other = await createWorld()
    const before = await snapshot(v.conversationId)
    for (const route of idRoutes(other, v.displayId, v.messageId, v.contactId)) {
      for (const user of [other.admin, other.agent]) {
        const res = await call(route, user.token)
        // Deleting a conversation is for administrators: an agent is refused before the lookup.
        const adminOnly = route.method === 'DELETE' && !route.path.includes('/messages/')
        expectError(res, adminOnly && user === other.agent ? 403 : 404)
        expectNoLeak(res)
      }
    }
    expect(await snapshot(v.conversationId)).toEqual(before)
  })

  it("404 a message of another account inside one's own conversation", async () => {
    const v = await victim()
    const other = await createScene('api')
    const own = await other.conversation()
    const before = await snapshot(v.conversationId)
    for (const method of ['PATCH', 'DELETE']) {
      const res = await api(
        `${accountPath(other.world)}/conversations/${own.id}/messages/${v.messageId}`,
        {
          method,
          token: other.world.admin.token,
          body: method === 'PATCH' ? { status: 'read' } : undefined,
        },
      )
      expectError(res, 404)
      expectNoLeak(res)
    }
    expect(await snapshot(v.conversationId)).toEqual(before)
  })

  it('refuse an agent outside the inbox with 403 on every route, changing nothing', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const contactId = await insertContact(world.accountId)
    const created = await api(`${accountPath(world)}/conversations`, {
      token: world.admin.token,
      body: { inbox_id: inbox.id, contact_id: contactId, message: { content: 'private words' } },
    })
    const row = await conversationRow(world.accountId, created.json.id)
    const message = created.json.messages[0].id
    const before = await snapshot(row?.id as number)
    for (const route of idRoutes(world, created.json.id, message, contactId)) {
      const res = await call(route, world.agent.token)
      if (route.path.endsWith(`/contacts/${contactId}/conversations`)) {
        // The contact is only in an inbox the agent is not a member of: hidden, as it is from
        // GET contacts/{id}.
        expectError(res, 404, 'not_found')
        expectNoLeak(res)
        continue
      }
      expectError(res, 403, 'forbidden')
      expectNoLeak(res)
    }
    expect(await snapshot(row?.id as number)).toEqual(before)
  })

  it('answer 401 without a token, and to a bot on the routes bots may not call', async () => {
    const v = await victim()
    const bot = await createAgentBot(v.world)
    await connectAgentBot(v.world, v.inboxId, bot.id)
    const botRoutes = new Set([
      'PATCH /conversations/1',
      'POST /conversations/1/toggle_status',
      'POST /conversations/1/toggle_priority',
      'POST /conversations/1/custom_attributes',
      'POST /conversations/1/assignments',
      'POST /conversations/1/messages',
    ])
    for (const route of idRoutes(v.world, v.displayId, v.messageId, v.contactId)) {
      expectError(await call(route, ''), 401)
      const name = `${route.method} ${route.path.replace(accountPath(v.world), '')}`
      const res = await call(route, bot.token)
      if (botRoutes.has(name)) expect(res.status).toBe(200)
      else expectError(res, 401)
    }
  })
})

/** How many conversations and contact inboxes the account has: a refused create adds none. */
async function counts(accountId: number) {
  const db = await accountDb(accountId)
  const count = async (table: string) =>
    (
      await db
        .prepare(`select count(*) as n from ${table} where account_id = ?`)
        .bind(accountId)
        .first<{ n: number }>()
    )?.n
  return { conversations: await count('conversations'), links: await count('contact_inboxes') }
}

describe('POST /conversations by an agent', () => {
  it('404s a contact the agent cannot read, writing nothing, so it stays hidden', async () => {
    const { world, mine, a, b, c, d } = await visibilityWorld('Hidden')
    const token = world.agent.token
    const before = await counts(world.accountId)
    for (const contact of [c, d]) {
      expectError(await api(`${contactsPath(world)}/${contact.id}`, { token }), 404)
      const res = await api(`${accountPath(world)}/conversations`, {
        token,
        body: { inbox_id: mine.id, contact_id: contact.id, message: { content: 'hello' } },
      })
      expectError(res, 404, 'not_found')
      expect(res.text).not.toContain('Hidden')
      expectError(await api(`${contactsPath(world)}/${contact.id}`, { token }), 404)
    }
    expect(await counts(world.accountId)).toEqual(before)
    // The contacts it can read (a contact inbox, or only a conversation, in its inbox) it may use.
    for (const contact of [a, b]) {
      const res = await api(`${accountPath(world)}/conversations`, {
        token: world.agent.token,
        body: { inbox_id: mine.id, contact_id: contact.id },
      })
      expect(res.status).toBe(200)
      expect(res.json.meta.sender.id).toBe(contact.id)
    }
  })

  it("404s a source_id of another inbox's contact inbox, with or without an inbox_id", async () => {
    const { world, mine, theirs, a } = await visibilityWorld('Sourced')
    // A is the agent's contact, but its contact inbox in `theirs` is not the agent's.
    const secret = `visitor-${crypto.randomUUID()}`
    const linked = await api(`${contactsPath(world)}/${a.id}/contact_inboxes`, {
      token: world.admin.token,
      body: { inbox_id: theirs.id, source_id: secret },
    })
    expect(linked.status).toBe(200)
    const before = await counts(world.accountId)
    for (const body of [
      { source_id: secret },
      { source_id: secret, inbox_id: theirs.id },
      { source_id: secret, inbox_id: mine.id },
    ]) {
      const res = await api(`${accountPath(world)}/conversations`, {
        token: world.agent.token,
        body: { ...body, message: { content: 'hello' } },
      })
      expectError(res, 404, 'not_found')
    }
    expect(await counts(world.accountId)).toEqual(before)
    const asAdmin = await api(`${accountPath(world)}/conversations`, {
      token: world.admin.token,
      body: { source_id: secret },
    })
    expect(asAdmin.json.inbox_id).toBe(theirs.id)
  })
})
