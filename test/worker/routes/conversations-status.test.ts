import { describe, expect, it } from 'vitest'
import {
  connectAgentBot,
  conversationPath,
  conversationRow,
  createAgentBot,
  createScene,
  defineConversationAttribute,
  eventsOf,
  kindsOf,
  messageRows,
  postMessage,
  snapshot,
} from '../conversation-helpers'
import { accountDb, api, expectError } from '../helpers'

async function setup() {
  const scene = await createScene()
  const conversation = await scene.conversation()
  const row = await conversationRow(scene.world.accountId, conversation.id)
  const path = conversationPath(scene.world, conversation.id)
  return { ...scene, path, conversationId: row?.id as number, displayId: conversation.id }
}

const activityLines = async (conversationId: number) =>
  (await messageRows(conversationId)).filter((m) => m.message_type === 2).map((m) => m.content)

describe('POST /conversations/{id}/toggle_status', () => {
  it('toggles open → resolved → open with activity lines and both events', async () => {
    const { world, path, conversationId, displayId } = await setup()
    const resolved = await api(`${path}/toggle_status`, {
      token: world.admin.token,
      method: 'POST',
    })
    expect(resolved.status).toBe(200)
    expect(resolved.json).toEqual({
      meta: {},
      payload: {
        success: true,
        conversation_id: displayId,
        current_status: 'resolved',
        snoozed_until: null,
      },
    })
    const row = await conversationRow(world.accountId, displayId)
    expect(row).toMatchObject({ status: 'resolved', waiting_since: null })
    const events = await eventsOf(conversationId)
    expect(kindsOf(events)).toEqual([
      'conversation_created',
      'conversation_status_changed',
      'conversation_updated',
    ])
    expect(events[1]?.changed_attributes).toEqual([
      { status: { previous_value: 'open', current_value: 'resolved' } },
    ])
    const changed = events[2]?.changed_attributes.map((c) => Object.keys(c)[0])
    expect(changed).toEqual(['status', 'waiting_since', 'updated_at'])

    const reopened = await api(`${path}/toggle_status`, { token: world.admin.token, body: {} })
    expect(reopened.json.payload.current_status).toBe('open')
    expect(await activityLines(conversationId)).toEqual([
      'Conversation was marked resolved by Admin',
      'Conversation was reopened by Admin',
    ])
    // An administrator who reopens is not assigned.
    expect((await conversationRow(world.accountId, displayId))?.assignee_id).toBeNull()
  })

  it('snoozes until a time, marks pending, and reopens either (clearing snoozed_until)', async () => {
    const { world, path, conversationId, displayId } = await setup()
    const until = Math.floor(Date.now() / 1000) + 7200
    const snoozed = await api(`${path}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'snoozed', snoozed_until: until },
    })
    expect(snoozed.json.payload).toMatchObject({ current_status: 'snoozed', snoozed_until: until })
    expect((await api(path, { token: world.admin.token })).json.snoozed_until).toBe(until)
    await api(`${path}/toggle_status`, { token: world.admin.token, body: {} })
    expect(await conversationRow(world.accountId, displayId)).toMatchObject({
      status: 'open',
      snoozed_until: null,
    })
    await api(`${path}/toggle_status`, { token: world.admin.token, body: { status: 'pending' } })
    const fromPending = await api(`${path}/toggle_status`, { token: world.admin.token, body: {} })
    expect(fromPending.json.payload.current_status).toBe('open')
    expect(await activityLines(conversationId)).toEqual([
      'Conversation was snoozed by Admin',
      'Conversation was reopened by Admin',
      'Conversation was marked as pending by Admin',
      'Conversation was reopened by Admin',
    ])
  })

  it('assigns an agent who opens an unassigned conversation, and no one else', async () => {
    const { world, path, conversationId, displayId } = await setup()
    await api(`${path}/toggle_status`, { token: world.admin.token, body: { status: 'resolved' } })
    await api(`${path}/toggle_status`, { token: world.agent.token, body: { status: 'open' } })
    const row = await conversationRow(world.accountId, displayId)
    expect(row).toMatchObject({ assignee_id: world.agent.id, assignee_type: 'User' })
    expect((await activityLines(conversationId)).slice(-2)).toEqual([
      'Conversation was reopened by Agent',
      'Agent self-assigned this conversation',
    ])
    const updated = (await eventsOf(conversationId)).at(-1)
    expect(updated?.changed_attributes[1]).toEqual({
      assignee_id: { previous_value: null, current_value: world.agent.id },
    })
    // Already assigned: an agent opening it again changes no assignee.
    await api(`${path}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.admin.id },
    })
    await api(`${path}/toggle_status`, { token: world.agent.token, body: { status: 'resolved' } })
    await api(`${path}/toggle_status`, { token: world.agent.token, body: { status: 'open' } })
    expect((await conversationRow(world.accountId, displayId))?.assignee_id).toBe(world.admin.id)
  })

  it('lets an agent bot toggle, naming the bot', async () => {
    const { world, path, conversationId, inboxId } = await setup()
    const bot = await createAgentBot(world)
    await connectAgentBot(world, inboxId, bot.id)
    const res = await api(`${path}/toggle_status`, {
      token: bot.token,
      body: { status: 'pending' },
    })
    expect(res.json.payload.current_status).toBe('pending')
    expect(await activityLines(conversationId)).toEqual([
      'Conversation was marked as pending by Helper Bot',
    ])
  })

  it('refuses an unknown status or a bad time with 422, changing nothing', async () => {
    const { world, path, conversationId } = await setup()
    const before = await snapshot(conversationId)
    for (const body of [{ status: 'closed' }, { status: 'snoozed', snoozed_until: 'tomorrow' }]) {
      expectError(await api(`${path}/toggle_status`, { token: world.admin.token, body }), 422)
    }
    expect(await snapshot(conversationId)).toEqual(before)
  })
})

describe('priority', () => {
  it('sets, changes and clears the priority with toggle_priority', async () => {
    const { world, path, conversationId } = await setup()
    const set = await api(`${path}/toggle_priority`, {
      token: world.admin.token,
      body: { priority: 'urgent' },
    })
    expect(set.status).toBe(200)
    expect(set.json).toEqual({})
    expect((await api(path, { token: world.admin.token })).json.priority).toBe('urgent')
    await api(`${path}/toggle_priority`, { token: world.admin.token, body: { priority: 'low' } })
    await api(`${path}/toggle_priority`, { token: world.admin.token, body: { priority: '' } })
    expect((await api(path, { token: world.admin.token })).json.priority).toBeNull()
    await api(`${path}/toggle_priority`, { token: world.admin.token, body: { priority: 'high' } })
    await api(`${path}/toggle_priority`, { token: world.admin.token, body: { priority: null } })
    expect((await api(path, { token: world.admin.token })).json.priority).toBeNull()
    const updates = (await eventsOf(conversationId)).filter(
      (e) => e.kind === 'conversation_updated',
    )
    expect(updates.map((e) => e.changed_attributes[0])).toEqual([
      { priority: { previous_value: null, current_value: 'urgent' } },
      { priority: { previous_value: 'urgent', current_value: 'low' } },
      { priority: { previous_value: 'low', current_value: null } },
      { priority: { previous_value: null, current_value: 'high' } },
      { priority: { previous_value: 'high', current_value: null } },
    ])
    expect((await activityLines(conversationId)).slice(0, 3)).toEqual([
      'Admin set the priority to urgent',
      'Admin changed the priority from urgent to low',
      'Admin removed the priority',
    ])
    const before = await snapshot(conversationId)
    expectError(
      await api(`${path}/toggle_priority`, {
        token: world.admin.token,
        body: { priority: 'extreme' },
      }),
      422,
    )
    expect(await snapshot(conversationId)).toEqual(before)
  })

  it('PATCH and PUT set the priority and return the conversation', async () => {
    const { world, path, displayId } = await setup()
    const res = await api(path, {
      method: 'PATCH',
      token: world.agent.token,
      body: { priority: 'medium' },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: displayId, priority: 'medium' })
    // PUT is the same update; a Rails-wrapped body is accepted.
    const wrapped = await api(path, {
      method: 'PUT',
      token: world.agent.token,
      body: { conversation: { priority: 'high' } },
    })
    expect(wrapped.json.priority).toBe('high')
  })
})

describe('POST /conversations/{id}/custom_attributes', () => {
  it('replaces the custom attributes, checked against the definitions', async () => {
    const { world, path, conversationId } = await setup()
    await defineConversationAttribute(world.accountId, 'order_id', 'number')
    await defineConversationAttribute(world.accountId, 'plan', 'list', ['free', 'pro'])
    const first = await api(`${path}/custom_attributes`, {
      token: world.admin.token,
      body: { custom_attributes: { order_id: 42, plan: 'pro' } },
    })
    expect(first.json).toEqual({ custom_attributes: { order_id: 42, plan: 'pro' } })
    const second = await api(`${path}/custom_attributes`, {
      token: world.admin.token,
      body: { custom_attributes: { plan: 'free' } },
    })
    expect(second.json).toEqual({ custom_attributes: { plan: 'free' } })
    expect((await api(path, { token: world.admin.token })).json.custom_attributes).toEqual({
      plan: 'free',
    })
    const updates = (await eventsOf(conversationId)).filter(
      (e) => e.kind === 'conversation_updated',
    )
    expect(updates).toHaveLength(2)
    expect(updates[1]?.changed_attributes[0]).toEqual({
      custom_attributes: {
        previous_value: { order_id: 42, plan: 'pro' },
        current_value: { plan: 'free' },
      },
    })
    const before = await snapshot(conversationId)
    for (const body of [
      { custom_attributes: { nope: 1 } },
      { custom_attributes: { plan: 'enterprise' } },
      { custom_attributes: { order_id: 'forty' } },
      { custom_attributes: 'plan=pro' },
      {},
    ]) {
      expectError(await api(`${path}/custom_attributes`, { token: world.admin.token, body }), 422)
    }
    expect(await snapshot(conversationId)).toEqual(before)
  })
})

describe('POST /conversations/{id}/update_last_seen', () => {
  it('sets agent_last_seen_at, and assignee_last_seen_at only for the assignee', async () => {
    const { world, path, displayId } = await setup()
    const seen = await api(`${path}/update_last_seen`, { token: world.admin.token, method: 'POST' })
    expect(seen.status).toBe(200)
    expect(seen.json.agent_last_seen_at).toBeGreaterThan(0)
    expect(seen.json.assignee_last_seen_at).toBe(0)
    await api(`${path}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.agent.id },
    })
    await api(`${path}/update_last_seen`, { token: world.agent.token, method: 'POST' })
    const row = await conversationRow(world.accountId, displayId)
    expect(row?.assignee_last_seen_at).toBe(row?.agent_last_seen_at)
  })
})

describe('mute and unmute', () => {
  it('mutes (resolving) and unmutes a conversation', async () => {
    const { world, path, conversationId } = await setup()
    const muted = await api(`${path}/mute`, { token: world.agent.token, method: 'POST' })
    expect(muted.status).toBe(200)
    expect(muted.json).toEqual({})
    expect((await api(path, { token: world.admin.token })).json).toMatchObject({
      muted: true,
      status: 'resolved',
    })
    const unmuted = await api(`${path}/unmute`, { token: world.agent.token, method: 'POST' })
    expect(unmuted.json).toEqual({})
    expect((await api(path, { token: world.admin.token })).json.muted).toBe(false)
    expect(await activityLines(conversationId)).toEqual([
      'Conversation was marked resolved by Agent',
      'Agent has muted the conversation',
      'Agent has unmuted the conversation',
    ])
  })
})

describe('DELETE /conversations/{id}', () => {
  it('is for administrators only, and removes the conversation with its messages', async () => {
    const { world, path, conversationId, displayId } = await setup()
    await postMessage(world, displayId, { content: 'to be removed' })
    const before = await snapshot(conversationId)
    expectError(await api(path, { method: 'DELETE', token: world.agent.token }), 403, 'forbidden')
    expect(await snapshot(conversationId)).toEqual(before)
    const res = await api(path, { method: 'DELETE', token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expect(await conversationRow(world.accountId, displayId)).toBeNull()
    const messages = await (await accountDb(world.accountId))
      .prepare('select count(*) as n from messages where conversation_id = ?')
      .bind(conversationId)
      .first<{ n: number }>()
    expect(messages?.n).toBe(0)
    expectError(await api(path, { method: 'DELETE', token: world.admin.token }), 404)
    expectError(await api(path, { token: world.admin.token }), 404)
  })
})
