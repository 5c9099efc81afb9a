import { describe, expect, it } from 'vitest'
import {
  connectAgentBot,
  conversationPath,
  conversationRow,
  createAgentBot,
  createScene,
  eventsOf,
  HELPER_BOT_AVATAR,
  kindsOf,
  messageRows,
  messagesPath,
  postMessage,
  snapshot,
} from '../conversation-helpers'
import { accountDb, api, everyDatabase, expectError, sendForm } from '../helpers'

const MESSAGE_KEYS = [
  'id',
  'content',
  'inbox_id',
  'conversation_id',
  'message_type',
  'content_type',
  'status',
  'content_attributes',
  'created_at',
  'private',
  'source_id',
  'sender',
]

/** A scene with one conversation; returns its display id and table id. */
async function sceneWithConversation(type: 'api' | 'web_widget' = 'api') {
  const scene = await createScene(type)
  const conversation = await scene.conversation()
  const row = await conversationRow(scene.world.accountId, conversation.id)
  return { ...scene, displayId: conversation.id, conversationId: row?.id as number }
}

describe('POST /conversations/{id}/messages', () => {
  it('creates an outgoing message in the Chatwoot shape and makes it the latest activity', async () => {
    const { world, displayId, conversationId, inboxId } = await sceneWithConversation()
    const res = await postMessage(world, displayId, { content: 'How can I help?' })
    expect(res.status).toBe(200)
    expect(Object.keys(res.json)).toEqual(MESSAGE_KEYS)
    expect(res.json).toMatchObject({
      content: 'How can I help?',
      inbox_id: inboxId,
      conversation_id: displayId,
      message_type: 1,
      content_type: 'text',
      status: 'sent',
      content_attributes: {},
      private: false,
      source_id: null,
      sender: {
        id: world.admin.id,
        name: 'Admin',
        available_name: 'Admin',
        avatar_url: '',
        type: 'user',
        availability_status: 'offline',
        thumbnail: '',
      },
    })
    const row = await conversationRow(world.accountId, displayId)
    expect(row?.last_activity_at).toBe(res.json.created_at)
    const events = await eventsOf(conversationId)
    const created = events.filter((e) => e.kind === 'message_created')
    expect(created).toEqual([
      expect.objectContaining({ message_id: res.json.id, conversation_id: conversationId }),
    ])
  })

  it('takes incoming messages only in API inboxes, from the contact', async () => {
    const api_ = await sceneWithConversation('api')
    const incoming = await postMessage(api_.world, api_.displayId, {
      content: 'I need help',
      message_type: 'incoming',
    })
    expect(incoming.status).toBe(200)
    expect(incoming.json).toMatchObject({
      message_type: 0,
      sender: { id: api_.contactId, type: 'contact', name: 'Casey Contact' },
    })
    const contact = await (await accountDb(api_.world.accountId))
      .prepare('select last_activity_at from contacts where id = ?')
      .bind(api_.contactId)
      .first<{ last_activity_at: number }>()
    expect(contact?.last_activity_at).toBe(incoming.json.created_at)

    const web = await sceneWithConversation('web_widget')
    const before = await snapshot(web.conversationId)
    const refused = await postMessage(web.world, web.displayId, {
      content: 'I need help',
      message_type: 'incoming',
    })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.message).toBe('Incoming messages are only allowed in Api inboxes')
    expect(await snapshot(web.conversationId)).toEqual(before)
  })

  it('tracks waiting_since and the first reply as Chatwoot does', async () => {
    const { world, displayId, conversationId } = await sceneWithConversation()
    const read = async () =>
      (await api(conversationPath(world, displayId), { token: world.admin.token })).json
    const start = await read()
    expect(start.waiting_since).toBe(start.created_at)

    await postMessage(world, displayId, { content: 'note to self', private: true })
    expect((await read()).waiting_since).toBe(start.created_at)

    const reply = await postMessage(world, displayId, { content: 'First reply' })
    let now = await read()
    expect(now.waiting_since).toBe(0)
    expect(now.first_reply_created_at).toBe(reply.json.created_at)

    const incoming = await postMessage(world, displayId, {
      content: 'Thanks',
      message_type: 'incoming',
    })
    now = await read()
    expect(now.waiting_since).toBe(incoming.json.created_at)

    await (await accountDb(world.accountId))
      .prepare('update conversations set first_reply_created_at = 1 where id = ?')
      .bind(conversationId)
      .run()
    await postMessage(world, displayId, { content: 'Second reply' })
    now = await read()
    expect(now.waiting_since).toBe(0)
    expect(now.first_reply_created_at).toBe(1)

    const updates = (await eventsOf(conversationId)).filter(
      (e) => e.kind === 'conversation_updated',
    )
    // The first reply also makes the replying agent the assignee (auto_assign_on_reply).
    expect(updates.map((e) => e.changed_attributes.map((c) => Object.keys(c)[0]))).toEqual([
      ['assignee_id', 'waiting_since', 'first_reply_created_at', 'updated_at'],
      ['waiting_since', 'updated_at'],
      ['waiting_since', 'updated_at'],
    ])
  })

  it('reopens a resolved or snoozed conversation on an incoming message, unless muted', async () => {
    const { world, displayId, conversationId } = await sceneWithConversation()
    const path = conversationPath(world, displayId)
    await api(`${path}/toggle_status`, { token: world.admin.token, body: { status: 'resolved' } })
    const before = (await eventsOf(conversationId)).length
    const res = await postMessage(world, displayId, {
      content: 'Back again',
      message_type: 'incoming',
    })
    expect(res.status).toBe(200)
    const shown = await api(path, { token: world.admin.token })
    expect(shown.json.status).toBe('open')
    expect(shown.json.messages.at(-1)).toMatchObject({
      message_type: 2,
      content: 'System reopened the conversation due to a new incoming message.',
    })
    expect(shown.json.messages.at(-1).sender).toBeUndefined()
    const events = (await eventsOf(conversationId)).slice(before)
    expect(kindsOf(events)).toEqual([
      'message_created',
      'conversation_status_changed',
      'conversation_updated',
    ])
    expect(events[1]?.changed_attributes).toEqual([
      { status: { previous_value: 'resolved', current_value: 'open' } },
    ])

    const snoozeUntil = Math.floor(Date.now() / 1000) + 86_400
    await api(`${path}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'snoozed', snoozed_until: snoozeUntil },
    })
    await postMessage(world, displayId, { content: 'Hello?', message_type: 'incoming' })
    const woken = await api(path, { token: world.admin.token })
    expect(woken.json).toMatchObject({ status: 'open', snoozed_until: null })

    await api(`${path}/mute`, { token: world.admin.token, method: 'POST' })
    await postMessage(world, displayId, { content: 'Anyone?', message_type: 'incoming' })
    const muted = await api(path, { token: world.admin.token })
    expect(muted.json).toMatchObject({ status: 'resolved', muted: true })
  })

  it('writes message_created for private notes and template messages, never for activity', async () => {
    const { world, displayId, conversationId } = await sceneWithConversation()
    const note = await postMessage(world, displayId, { content: 'internal', private: true })
    expect(note.json).toMatchObject({ private: true, message_type: 1 })
    const template = await postMessage(world, displayId, {
      content: 'Rate us',
      message_type: 'template',
    })
    expect(template.json.message_type).toBe(3)
    await api(`${conversationPath(world, displayId)}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'resolved' },
    })
    const created = (await eventsOf(conversationId)).filter((e) => e.kind === 'message_created')
    expect(created.map((e) => e.message_id)).toEqual([note.json.id, template.json.id])
    const activity = (await messageRows(conversationId)).filter((m) => m.message_type === 2)
    expect(activity).toHaveLength(1)
  })

  it('returns the same message for a retried echo_id, never a duplicate', async () => {
    const scene = await sceneWithConversation()
    const { world, displayId, conversationId } = scene
    const body = { content: 'Only once', echo_id: 'tmp-42' }
    const first = await postMessage(world, displayId, body)
    const again = await postMessage(world, displayId, body)
    const changed = await postMessage(world, displayId, { ...body, content: 'changed text' })
    expect(first.json).toMatchObject({ echo_id: 'tmp-42', content: 'Only once' })
    expect(again.status).toBe(200)
    expect(again.json).toEqual(first.json)
    expect(changed.json.id).toBe(first.json.id)
    const rows = await messageRows(conversationId)
    expect(rows.filter((m) => m.echo_id === 'tmp-42')).toHaveLength(1)
    const created = (await eventsOf(conversationId)).filter((e) => e.kind === 'message_created')
    expect(created).toHaveLength(1)

    const concurrent = await Promise.all(
      [1, 2, 3].map(() => postMessage(world, displayId, { content: 'race', echo_id: 'tmp-43' })),
    )
    expect(new Set(concurrent.map((r) => r.json.id)).size).toBe(1)
    expect(concurrent.every((r) => r.status === 200)).toBe(true)

    const other = await scene.conversation()
    const elsewhere = await postMessage(world, other.id, body)
    expect(elsewhere.json.id).not.toBe(first.json.id)
  })

  it('validates content, message type and interactive content attributes', async () => {
    const { world, displayId, conversationId } = await sceneWithConversation()
    const before = await snapshot(conversationId)
    for (const body of [
      { content: 'x'.repeat(10_001) },
      {},
      { content: '   ' },
      { content: 'hi', message_type: 'activity' },
      { content: 'hi', content_type: 'sticker_wall' },
      { content: 'Pick one', content_type: 'input_select' },
      { content: 'Pick one', content_type: 'input_select', content_attributes: { items: [] } },
      {
        content: 'Pick one',
        content_type: 'input_select',
        content_attributes: { items: [{ title: 'A', value: 'a', colour: 'red' }] },
      },
      { content: 'Cards', content_type: 'cards', content_attributes: { items: [{ title: 'A' }] } },
      { content: 'Form', content_type: 'form', content_attributes: { items: [{ name: 'email' }] } },
      { content: 'Bad JSON', content_type: 'input_select', content_attributes: '{items' },
      { content: 'hi', private: 'yes' },
    ]) {
      expectError(await postMessage(world, displayId, body), 422, 'validation_failed')
    }
    expect(await snapshot(conversationId)).toEqual(before)

    const exact = await postMessage(world, displayId, { content: 'y'.repeat(10_000) })
    expect(exact.status).toBe(200)
    const select = await postMessage(world, displayId, {
      content: 'Pick one',
      content_type: 'input_select',
      content_attributes: JSON.stringify({ items: [{ title: 'Yes', value: 'yes' }] }),
    })
    expect(select.json).toMatchObject({
      content_type: 'input_select',
      content_attributes: { items: [{ title: 'Yes', value: 'yes' }] },
    })
    const cards = await postMessage(world, displayId, {
      content_type: 'cards',
      content_attributes: {
        items: [
          {
            title: 'Shoes',
            description: 'Red',
            media_url: 'https://example.com/a.png',
            actions: [{ type: 'link', text: 'Buy', uri: 'https://example.com' }],
          },
        ],
      },
    })
    expect(cards.status).toBe(200)
    const form = await postMessage(world, displayId, {
      content: 'Tell us',
      content_type: 'form',
      content_attributes: {
        items: [{ name: 'email', label: 'Email', type: 'email', placeholder: 'you@example.com' }],
      },
    })
    expect(form.status).toBe(200)
    const email = await postMessage(world, displayId, {
      content: 'Your email?',
      content_type: 'input_email',
    })
    expect(email.json.content_type).toBe('input_email')
  })

  it('lets an agent bot post, as the bot, with its name and avatar', async () => {
    const { world, displayId, inboxId } = await sceneWithConversation()
    const bot = await createAgentBot(world)
    await connectAgentBot(world, inboxId, bot.id)
    const res = await postMessage(world, displayId, { content: 'Bot here' }, bot.token)
    expect(res.json).toMatchObject({
      message_type: 1,
      sender: { id: bot.id, name: 'Helper Bot', type: 'agent_bot', avatar_url: HELPER_BOT_AVATAR },
    })
    expectError(await api(messagesPath(world, displayId), { token: bot.token }), 401)
  })

  it('counts unread incoming messages after agent_last_seen_at, capped at 10', async () => {
    const { world, displayId, conversationId } = await sceneWithConversation()
    for (let i = 0; i < 12; i++) {
      await postMessage(world, displayId, { content: `ping ${i}`, message_type: 'incoming' })
    }
    await postMessage(world, displayId, { content: 'outgoing is never unread' })
    const path = conversationPath(world, displayId)
    expect((await api(path, { token: world.admin.token })).json.unread_count).toBe(10)
    const last = (await messageRows(conversationId)).filter((m) => m.message_type === 0)
    const seenAt = (last[8]?.created_at as number) - 1
    await (await accountDb(world.accountId))
      .prepare('update conversations set agent_last_seen_at = ? where id = ?')
      .bind(seenAt, conversationId)
      .run()
    await (await accountDb(world.accountId))
      .prepare('update messages set created_at = created_at - 100 where id <= ?')
      .bind(last[8]?.id)
      .run()
    const partly = await api(path, { token: world.admin.token })
    expect(partly.json.unread_count).toBe(3)
    const seen = await api(`${path}/update_last_seen`, { token: world.admin.token, method: 'POST' })
    expect(seen.json.unread_count).toBe(0)
  })
})

describe('GET /conversations/{id}/messages', () => {
  it('shows each kind of sender with what its JSON carries, and none for a deleted user', async () => {
    const { world, displayId, contactId, inboxId } = await sceneWithConversation()
    await (await accountDb(world.accountId))
      .prepare(
        `update contacts set blocked = 1, identifier = 'cust-9', additional_attributes = '{"city":"Oslo"}' where id = ?`,
      )
      .bind(contactId)
      .run()
    // Busy with auto_offline off: the sender shows busy with no dashboard of theirs open.
    const busy = await api(`/api/v1/accounts/${world.accountId}/agents/${world.agent.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { availability: 'busy', auto_offline: false },
    })
    expect(busy.status).toBe(200)
    const bot = await createAgentBot(world)
    await connectAgentBot(world, inboxId, bot.id)
    await postMessage(world, displayId, { content: 'from the contact', message_type: 'incoming' })
    await postMessage(world, displayId, { content: 'from the agent' }, world.agent.token)
    await postMessage(world, displayId, { content: 'from the bot' }, bot.token)
    await postMessage(world, displayId, { content: 'from the admin' })
    // Users are global: gone from every shard's copy first, then from the directory.
    for (const database of everyDatabase().reverse()) {
      await database.prepare('delete from users where id = ?').bind(world.admin.id).run()
    }

    const res = await api(messagesPath(world, displayId), { token: world.agent.token })
    expect(res.status).toBe(200)
    const byContent = Object.fromEntries(
      res.json.payload.map((m: { content: string; sender?: unknown }) => [m.content, m.sender]),
    )
    expect(byContent['from the contact']).toEqual({
      additional_attributes: { city: 'Oslo' },
      custom_attributes: {},
      email: expect.stringContaining('@example.com'),
      id: contactId,
      identifier: 'cust-9',
      name: 'Casey Contact',
      phone_number: null,
      thumbnail: '',
      blocked: true,
      type: 'contact',
    })
    expect(byContent['from the agent']).toMatchObject({
      id: world.agent.id,
      name: 'Agent',
      availability_status: 'busy',
      type: 'user',
    })
    expect(byContent['from the bot']).toMatchObject({
      id: bot.id,
      name: 'Helper Bot',
      type: 'agent_bot',
    })
    expect(byContent['from the admin']).toBeUndefined()
  })

  it('pages by before and after cursors, oldest first, with notes and activity', async () => {
    const { world, displayId, contactId } = await sceneWithConversation()
    // No self-assigned line from the first reply: the cursors below count exactly these messages.
    await api(`/api/v1/accounts/${world.accountId}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { auto_assign_on_reply: false },
    })
    const ids: number[] = []
    for (let i = 0; i < 30; i++) {
      const res = await postMessage(world, displayId, {
        content: `m${i}`,
        private: i === 5,
      })
      ids.push(res.json.id)
    }
    const path = messagesPath(world, displayId)
    const latest = await api(path, { token: world.agent.token })
    expect(latest.status).toBe(200)
    expect(latest.json.payload.map((m: { id: number }) => m.id)).toEqual(ids.slice(10))
    expect(latest.json.meta).toMatchObject({
      labels: [],
      additional_attributes: {},
      contact: { id: contactId, type: 'contact' },
      agent_last_seen_at: null,
      assignee_last_seen_at: null,
    })
    expect(latest.json.meta.assignee).toBeUndefined()

    const older = await api(`${path}?before=${ids[12]}`, { token: world.agent.token })
    expect(older.json.payload.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 12))
    expect(older.json.payload[5].private).toBe(true)
    const newer = await api(`${path}?after=${ids[25]}`, { token: world.agent.token })
    expect(newer.json.payload.map((m: { id: number }) => m.id)).toEqual(ids.slice(26))
    const between = await api(`${path}?after=${ids[3]}&before=${ids[7]}`, {
      token: world.agent.token,
    })
    expect(between.json.payload.map((m: { id: number }) => m.id)).toEqual(ids.slice(3, 7))
    // A cursor is a message id: one spelled any other way names no message (DESIGN §3).
    for (const cursor of ['before=abc', `before=0${ids[7]}`, `after=${ids[3]}.0`]) {
      expectError(await api(`${path}?${cursor}`, { token: world.agent.token }), 404, 'not_found')
    }

    await api(`${conversationPath(world, displayId)}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.agent.id },
    })
    const withActivity = await api(path, { token: world.agent.token })
    expect(withActivity.json.payload.at(-1)).toMatchObject({
      message_type: 2,
      content: `Assigned to Agent by Admin`,
    })
    expect(withActivity.json.meta.assignee).toMatchObject({ id: world.agent.id, type: 'user' })
  })
})

describe('PATCH /conversations/{id}/messages/{message_id}', () => {
  it('updates the delivery status in API inboxes and writes message_updated', async () => {
    const { world, displayId, conversationId } = await sceneWithConversation()
    const message = (await postMessage(world, displayId, { content: 'sent out' })).json
    const path = `${messagesPath(world, displayId)}/${message.id}`
    const read = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { status: 'read' },
    })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ id: message.id, status: 'read' })
    const ignored = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { status: 'delivered' },
    })
    expect(ignored.json.status).toBe('read')
    const failed = await api(path, {
      method: 'PATCH',
      token: world.agent.token,
      body: { status: 'failed', external_error: 'Recipient unreachable' },
    })
    expect(failed.json).toMatchObject({
      status: 'failed',
      content_attributes: { external_error: 'Recipient unreachable' },
    })
    const updated = (await eventsOf(conversationId)).filter((e) => e.kind === 'message_updated')
    expect(updated.map((e) => e.message_id)).toEqual([message.id, message.id])
    expectError(
      await api(path, { method: 'PATCH', token: world.admin.token, body: { status: 'lost' } }),
      422,
    )
    expectError(
      await api(`${messagesPath(world, displayId)}/999999`, {
        method: 'PATCH',
        token: world.admin.token,
        body: { status: 'read' },
      }),
      404,
    )
  })

  it('is refused with 403 outside API inboxes, changing nothing', async () => {
    const { world, displayId, conversationId } = await sceneWithConversation('web_widget')
    const message = (await postMessage(world, displayId, { content: 'hello' })).json
    const before = await snapshot(conversationId)
    const res = await api(`${messagesPath(world, displayId)}/${message.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { status: 'read' },
    })
    expectError(res, 403, 'forbidden')
    expect(res.json.message).toBe('Message status update is only allowed for API inboxes')
    expect(await snapshot(conversationId)).toEqual(before)
    const [row] = await messageRows(conversationId)
    expect(row?.status).toBe('sent')
  })
})

describe('DELETE /conversations/{id}/messages/{message_id}', () => {
  it('replaces the content, marks it deleted and writes message_updated', async () => {
    const { world, displayId, conversationId } = await sceneWithConversation()
    const message = (await postMessage(world, displayId, { content: 'oops, my card number' })).json
    const other = (await postMessage(world, displayId, { content: 'keep me' })).json
    const res = await api(`${messagesPath(world, displayId)}/${message.id}`, {
      method: 'DELETE',
      token: world.agent.token,
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: message.id,
      content: 'This message was deleted',
      content_type: 'text',
      content_attributes: { deleted: true },
    })
    const rows = await messageRows(conversationId)
    expect(rows.find((m) => m.id === message.id)?.content).toBe('This message was deleted')
    expect(rows.find((m) => m.id === other.id)?.content).toBe('keep me')
    const updated = (await eventsOf(conversationId)).filter((e) => e.kind === 'message_updated')
    expect(updated.map((e) => e.message_id)).toEqual([message.id])
    expectError(
      await api(`${messagesPath(world, displayId)}/999999`, {
        method: 'DELETE',
        token: world.admin.token,
      }),
      404,
    )
  })
})

describe('PATCH /conversations/{id}/messages/{message_id} as a form', () => {
  it('takes the status from a multipart form as Chatwoot SDKs send it, and refuses a missing status', async () => {
    const { world, displayId } = await sceneWithConversation('api')
    const posted = await postMessage(world, displayId, { content: 'Out it goes' })
    const path = `/api/v1/accounts/${world.accountId}/conversations/${displayId}/messages/${posted.json.id}`
    const form = new FormData()
    form.set('status', 'delivered')
    const res = await sendForm(path, world.admin.token, form, 'PATCH')
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('delivered')
    const empty = await sendForm(path, world.admin.token, new FormData(), 'PATCH')
    expect(empty.status).toBe(422)
    expect(empty.json.errors[0].field).toBe('status')
    const noBody = await api(path, { method: 'PATCH', token: world.admin.token })
    expect(noBody.status).toBe(422)
  })
})
