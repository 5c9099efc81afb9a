import { describe, expect, it } from 'vitest'
import {
  accountPath,
  addInboxMember,
  connectAgentBot,
  conversationPath,
  conversationRow,
  conversationsPath,
  createAgentBot,
  createInbox,
  createScene,
  defineConversationAttribute,
  eventsOf,
  insertContact,
  insertTeam,
  kindsOf,
  messageRows,
} from '../conversation-helpers'
import { accountDb, api, createWorld, expectError } from '../helpers'

const CONVERSATION_KEYS = [
  'meta',
  'id',
  'messages',
  'account_id',
  'uuid',
  'additional_attributes',
  'agent_last_seen_at',
  'assignee_last_seen_at',
  'can_reply',
  'contact_last_seen_at',
  'custom_attributes',
  'inbox_id',
  'labels',
  'muted',
  'snoozed_until',
  'status',
  'created_at',
  'updated_at',
  'timestamp',
  'first_reply_created_at',
  'unread_count',
  'last_non_activity_message',
  'last_activity_at',
  'priority',
  'waiting_since',
  'sla_policy_id',
]

async function countConversations(accountId: number) {
  const row = await (await accountDb(accountId))
    .prepare('select count(*) as n from conversations where account_id = ?')
    .bind(accountId)
    .first<{ n: number }>()
  return row?.n
}

describe('POST /conversations', () => {
  it('creates a conversation from inbox_id and contact_id in the Chatwoot shape', async () => {
    const scene = await createScene('api')
    const { world } = scene
    const conversation = await scene.conversation({ additional_attributes: { browser: 'Firefox' } })
    expect(Object.keys(conversation)).toEqual(CONVERSATION_KEYS)
    expect(conversation).toMatchObject({
      id: 1,
      messages: [],
      account_id: world.accountId,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      additional_attributes: { browser: 'Firefox' },
      agent_last_seen_at: 0,
      assignee_last_seen_at: 0,
      can_reply: true,
      contact_last_seen_at: 0,
      custom_attributes: {},
      inbox_id: scene.inboxId,
      labels: [],
      muted: false,
      snoozed_until: null,
      status: 'open',
      first_reply_created_at: 0,
      unread_count: 0,
      last_non_activity_message: null,
      priority: null,
      sla_policy_id: null,
      meta: {
        sender: { id: scene.contactId, name: 'Casey Contact', availability_status: 'offline' },
        channel: 'Channel::Api',
        hmac_verified: false,
      },
    })
    expect(conversation.meta.sender.contact_inboxes).toBeUndefined()
    expect(conversation.meta.assignee).toBeUndefined()
    expect(conversation.waiting_since).toBe(conversation.created_at)
    expect(conversation.timestamp).toBe(conversation.last_activity_at)
    expect(Math.abs(conversation.created_at - Date.now() / 1000)).toBeLessThan(60)

    const second = await scene.conversation()
    expect(second.id).toBe(2)
    const links = await (await accountDb(world.accountId))
      .prepare('select source_id, pubsub_token from contact_inboxes where contact_id = ?')
      .bind(scene.contactId)
      .all<{ source_id: string; pubsub_token: string }>()
    expect(links.results).toHaveLength(1)
    expect(links.results[0]?.source_id).toMatch(/^[0-9a-f-]{36}$/)

    const row = await conversationRow(world.accountId, 1)
    const events = await eventsOf(row?.id as number)
    expect(events).toEqual([
      {
        kind: 'conversation_created',
        conversation_id: row?.id,
        message_id: null,
        contact_id: scene.contactId,
        inbox_id: scene.inboxId,
        changed_attributes: [],
      },
    ])
  })

  it('numbers conversations per account', async () => {
    const a = await createScene()
    const b = await createScene()
    expect((await a.conversation()).id).toBe(1)
    expect((await b.conversation()).id).toBe(1)
    expect((await a.conversation()).id).toBe(2)
  })

  it('finds the contact inbox by source_id, and 404s an unknown or foreign one', async () => {
    const scene = await createScene()
    const { world } = scene
    await scene.conversation()
    const link = await (await accountDb(world.accountId))
      .prepare('select source_id from contact_inboxes where contact_id = ?')
      .bind(scene.contactId)
      .first<{ source_id: string }>()
    const res = await api(conversationsPath(world), {
      token: world.admin.token,
      body: { source_id: link?.source_id },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: 2, inbox_id: scene.inboxId })
    expect(res.json.meta.sender.id).toBe(scene.contactId)

    expectError(
      await api(conversationsPath(world), {
        token: world.admin.token,
        body: { source_id: 'no-such-source' },
      }),
      404,
      'not_found',
    )
    const other = await createWorld()
    const foreign = await api(conversationsPath(other), {
      token: other.admin.token,
      body: { source_id: link?.source_id },
    })
    expectError(foreign, 404, 'not_found')
    expect(await countConversations(world.accountId)).toBe(2)
    expect(await countConversations(other.accountId)).toBe(0)
  })

  it('posts message.content as the first outgoing message, which is the first reply', async () => {
    const scene = await createScene()
    const conversation = await scene.conversation({ message: { content: 'Hello from support' } })
    expect(conversation.messages).toHaveLength(1)
    expect(conversation.messages[0]).toMatchObject({
      content: 'Hello from support',
      message_type: 1,
      conversation_id: 1,
      sender_type: 'User',
      sender_id: scene.world.admin.id,
      sender: { id: scene.world.admin.id, type: 'user', name: 'Admin' },
    })
    expect(conversation.last_non_activity_message.content).toBe('Hello from support')
    expect(conversation.waiting_since).toBe(0)
    expect(conversation.first_reply_created_at).toBe(conversation.created_at)
    const row = await conversationRow(scene.world.accountId, 1)
    const events = await eventsOf(row?.id as number)
    expect(kindsOf(events)).toEqual(['conversation_created', 'message_created'])
    const [message] = await messageRows(row?.id as number)
    expect(events[1]?.message_id).toBe(message?.id)
  })

  it('honours status, snoozed_until, assignee, team and custom attributes', async () => {
    const scene = await createScene()
    const { world } = scene
    const team = await insertTeam(world.accountId, 'billing')
    await defineConversationAttribute(world.accountId, 'plan', 'list', ['free', 'pro'])
    const snoozedUntil = Math.floor(Date.now() / 1000) + 3600
    const conversation = await scene.conversation({
      status: 'snoozed',
      snoozed_until: snoozedUntil,
      assignee_id: world.agent.id,
      team_id: team.id,
      custom_attributes: { plan: 'pro' },
    })
    expect(conversation).toMatchObject({
      status: 'snoozed',
      snoozed_until: snoozedUntil,
      custom_attributes: { plan: 'pro' },
      meta: {
        assignee: { id: world.agent.id, role: 'agent', email: world.agent.email },
        assignee_type: 'User',
        team: {
          id: team.id,
          name: 'billing',
          description: 'A team',
          allow_auto_assign: true,
          account_id: world.accountId,
        },
      },
    })
    const pending = await scene.conversation({ status: 'pending' })
    expect(pending.status).toBe('pending')
  })

  it('starts resolved when the contact is blocked', async () => {
    const scene = await createScene()
    const blocked = await insertContact(scene.world.accountId, { blocked: true })
    const conversation = await scene.conversation({ contact_id: blocked, status: 'open' })
    expect(conversation.status).toBe('resolved')
  })

  it('refuses a foreign assignee, a foreign team and undefined custom attributes with 422, creating nothing', async () => {
    const scene = await createScene()
    const { world } = scene
    const other = await createWorld()
    const foreignTeam = await insertTeam(other.accountId)
    for (const body of [
      { assignee_id: other.admin.id },
      { team_id: foreignTeam.id },
      { custom_attributes: { unknown_key: 1 } },
      { status: 'closed' },
      { message: { content: 'x'.repeat(10_001) } },
    ]) {
      const res = await api(conversationsPath(world), {
        token: world.admin.token,
        body: { inbox_id: scene.inboxId, contact_id: scene.contactId, ...body },
      })
      expectError(res, 422, 'validation_failed')
    }
    expect(await countConversations(world.accountId)).toBe(0)
    const links = await (await accountDb(world.accountId))
      .prepare('select count(*) as n from contact_inboxes where contact_id = ?')
      .bind(scene.contactId)
      .first<{ n: number }>()
    expect(links?.n).toBe(0)
  })

  it('needs a source_id or an inbox and a contact of the account', async () => {
    const scene = await createScene()
    const { world } = scene
    const other = await createWorld()
    const foreignContact = await insertContact(other.accountId)
    const foreignInbox = await createInbox(other)
    const path = conversationsPath(world)
    expectError(await api(path, { token: world.admin.token, body: {} }), 422)
    expectError(
      await api(path, { token: world.admin.token, body: { inbox_id: scene.inboxId } }),
      422,
    )
    expectError(
      await api(path, {
        token: world.admin.token,
        body: { inbox_id: scene.inboxId, contact_id: foreignContact },
      }),
      404,
    )
    expectError(
      await api(path, {
        token: world.admin.token,
        body: { inbox_id: foreignInbox.id, contact_id: scene.contactId },
      }),
      404,
    )
    expect(await countConversations(world.accountId)).toBe(0)
  })

  it('returns the latest conversation when the inbox locks a contact to one conversation', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world, 'api', { lock_to_single_conversation: true })
    const contactId = await insertContact(world.accountId)
    const body = { inbox_id: inbox.id, contact_id: contactId }
    const first = await api(conversationsPath(world), { token: world.admin.token, body })
    const again = await api(conversationsPath(world), { token: world.admin.token, body })
    expect(first.json.id).toBe(1)
    expect(again.status).toBe(200)
    expect(again.json.id).toBe(1)
    expect(await countConversations(world.accountId)).toBe(1)
  })

  it('creates conversations in website, email and phone inboxes', async () => {
    const world = await createWorld()
    const contactId = await insertContact(world.accountId, {
      email: 'pat@example.com',
      phone: '+15557654321',
    })
    for (const [type, channel, sourceId] of [
      ['web_widget', 'Channel::WebWidget', expect.stringMatching(/^[0-9a-f-]{36}$/)],
      ['email', 'Channel::Email', 'pat@example.com'],
      ['phone', 'Channel::Sms', '+15557654321'],
    ] as const) {
      const inbox = await createInbox(world, type)
      const res = await api(conversationsPath(world), {
        token: world.admin.token,
        body: { inbox_id: inbox.id, contact_id: contactId },
      })
      expect(res.status).toBe(200)
      expect(res.json.meta.channel).toBe(channel)
      const link = await (await accountDb(world.accountId))
        .prepare('select source_id from contact_inboxes where contact_id = ? and inbox_id = ?')
        .bind(contactId, inbox.id)
        .first<{ source_id: string }>()
      expect(link?.source_id).toEqual(sourceId)
    }
  })

  it('lets an agent create only in inboxes it is a member of', async () => {
    const scene = await createScene()
    const { world } = scene
    // The contact is the agent's: it has a contact inbox in the agent's inbox.
    const linked = await api(`${accountPath(world)}/contacts/${scene.contactId}/contact_inboxes`, {
      token: world.admin.token,
      body: { inbox_id: scene.inboxId },
    })
    expect(linked.status).toBe(200)
    const closed = await createInbox(world)
    const refused = await api(conversationsPath(world), {
      token: world.agent.token,
      body: { inbox_id: closed.id, contact_id: scene.contactId },
    })
    expectError(refused, 403, 'forbidden')
    expect(await countConversations(world.accountId)).toBe(0)
    const made = await scene.conversation({}, world.agent.token)
    expect(made.inbox_id).toBe(scene.inboxId)
  })

  it('lets an agent bot of the account create a conversation with a first message', async () => {
    const scene = await createScene()
    const bot = await createAgentBot(scene.world)
    await connectAgentBot(scene.world, scene.inboxId, bot.id)
    const conversation = await scene.conversation(
      { message: { content: 'Hi, I am a bot' } },
      bot.token,
    )
    expect(conversation.messages[0]).toMatchObject({
      sender_type: 'AgentBot',
      sender: { id: bot.id, type: 'agent_bot', name: 'Helper Bot' },
    })
    // A bot's reply ends the wait but is not the first human reply.
    expect(conversation.waiting_since).toBe(0)
    expect(conversation.first_reply_created_at).toBe(0)
  })
})

describe('GET /conversations/{id}', () => {
  it('shows every message, private notes and activity included, after the agents have seen them', async () => {
    const scene = await createScene()
    const { world } = scene
    await scene.conversation({ message: { content: 'first' } })
    for (const content of ['second', 'third']) {
      await api(`${conversationPath(world, 1)}/messages`, {
        token: world.admin.token,
        body: { content, message_type: 'incoming' },
      })
    }
    await api(`${conversationPath(world, 1)}/messages`, {
      token: world.admin.token,
      body: { content: 'a note', private: true },
    })
    await api(`${conversationPath(world, 1)}/update_last_seen`, {
      token: world.agent.token,
      body: {},
    })
    await api(`${conversationPath(world, 1)}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'resolved' },
    })
    const res = await api(conversationPath(world, 1), { token: world.agent.token })
    expect(res.status).toBe(200)
    expect(res.json.id).toBe(1)
    expect(res.json.unread_count).toBe(0)
    const messages = res.json.messages as { content: string; message_type: number }[]
    expect(messages.slice(0, 4).map((m) => m.content)).toEqual([
      'first',
      'second',
      'third',
      'a note',
    ])
    expect(messages.map((m) => m.message_type)).toEqual([1, 0, 0, 1, 2])
    expect(res.json.messages[3].private).toBe(true)
    expect(res.json.last_non_activity_message.content).toBe('a note')
    expect(res.json.meta).toMatchObject({
      channel: 'Channel::Api',
      sender: { id: scene.contactId },
    })
  })

  it('shows a history longer than a page of the messages endpoint, with the same messages', async () => {
    const scene = await createScene()
    const { world } = scene
    await scene.conversation({ message: { content: 'message 1' } })
    // No self-assigned line from the first reply: the history below is exactly these messages.
    await api(`/api/v1/accounts/${world.accountId}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { auto_assign_on_reply: false },
    })
    for (let i = 2; i <= 24; i++) {
      await api(`${conversationPath(world, 1)}/messages`, {
        token: world.admin.token,
        body: { content: `message ${i}`, message_type: i % 2 ? 'outgoing' : 'incoming' },
      })
    }
    const res = await api(conversationPath(world, 1), { token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json.unread_count).toBe(10)
    expect(res.json.messages.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 24 }, (_, i) => `message ${i + 1}`),
    )
    const newest = await api(`${conversationPath(world, 1)}/messages`, { token: world.admin.token })
    expect(res.json.messages.slice(-20).map((m: { id: number }) => m.id)).toEqual(
      newest.json.payload.map((m: { id: number }) => m.id),
    )
  })

  it('shows the newest thousand messages of a longer history, and the list only the last', async () => {
    const scene = await createScene()
    const { world } = scene
    await scene.conversation({ message: { content: 'the last words' } })
    const row = await conversationRow(world.accountId, 1)
    const db = await accountDb(world.accountId)
    // 1005 activity lines after it, written at once: the details' bound, past it.
    await db
      .prepare(
        "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1005) insert into messages (account_id, inbox_id, conversation_id, message_type, content) select ?, ?, ?, 2, 'line ' || i from n",
      )
      .bind(world.accountId, scene.inboxId, row?.id)
      .run()
    const res = await api(conversationPath(world, 1), { token: world.admin.token })
    expect(res.status).toBe(200)
    const contents = res.json.messages.map((m: { content: string }) => m.content)
    expect(contents).toHaveLength(1000)
    expect(contents[0]).toBe('line 6')
    expect(contents.at(-1)).toBe('line 1005')
    // The last non-activity message lies before the newest thousand, and is still named.
    expect(res.json.last_non_activity_message.content).toBe('the last words')
    const list = await api(`${conversationsPath(world)}?status=all`, { token: world.admin.token })
    const listed = list.json.data.payload[0]
    expect(listed.messages.map((m: { content: string }) => m.content)).toEqual(['line 1005'])
    expect(listed.last_non_activity_message).toEqual(res.json.last_non_activity_message)
  })

  it('is 404 for an unknown conversation and 403 for an agent outside the inbox', async () => {
    const scene = await createScene()
    const { world } = scene
    expectError(await api(conversationPath(world, 99), { token: world.admin.token }), 404)
    const closed = await createInbox(world)
    await api(conversationsPath(world), {
      token: world.admin.token,
      body: { inbox_id: closed.id, contact_id: scene.contactId },
    })
    const res = await api(conversationPath(world, 1), { token: world.agent.token })
    expectError(res, 403, 'forbidden')
    expect(res.json.messages).toBeUndefined()
    await addInboxMember(world, closed.id, world.agent.id)
    expect((await api(conversationPath(world, 1), { token: world.agent.token })).status).toBe(200)
  })
})
