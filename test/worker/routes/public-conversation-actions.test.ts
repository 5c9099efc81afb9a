import { describe, expect, it } from 'vitest'
import { conversationRow, eventsOf, kindsOf, messageRows } from '../conversation-helpers'
import { accountDb, api, expectError, uniq } from '../helpers'
import { openSocket } from '../live-helpers'
import {
  accountSnapshot,
  agentPost,
  conversationOf,
  createVisitor,
  expectAccountUnchanged,
  publicScene,
  startConversation,
} from '../public-helpers'

async function scene() {
  const { world, inbox } = await publicScene()
  const visitor = await createVisitor(inbox, { name: 'Rita Visitor' })
  const conversation = await startConversation(inbox, visitor)
  const path = conversationOf(visitor, conversation.displayId)
  return { world, inbox, visitor, conversation, path }
}

describe('POST …/conversations/{id}/toggle_status', () => {
  it('resolves with the visitor named in the activity line and the usual events', async () => {
    const { world, inbox, conversation, path } = await scene()
    const res = await inbox.call(`${path}/toggle_status`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: conversation.displayId, status: 'resolved' })
    const rows = await messageRows(conversation.id)
    expect(rows.map((m) => [m.message_type, m.content])).toEqual([
      [2, 'Conversation was resolved by Rita Visitor'],
    ])
    // The visitor never sees the activity line itself.
    expect(res.json.messages).toEqual([])
    expect(kindsOf(await eventsOf(conversation.id))).toEqual([
      'conversation_created',
      'conversation_status_changed',
      'conversation_updated',
    ])
    expect((await conversationRow(world.accountId, conversation.displayId))?.status).toBe(
      'resolved',
    )
  })

  it('leaves a resolved conversation as it is', async () => {
    const { world, inbox, conversation, path } = await scene()
    await inbox.call(`${path}/toggle_status`, { method: 'POST' })
    const before = await accountSnapshot(world.accountId)
    const again = await inbox.call(`${path}/toggle_status`, { method: 'POST' })
    expect(again.json.status).toBe('resolved')
    await expectAccountUnchanged(world.accountId, before)
    expect(conversation.id).toBeGreaterThan(0)
  })

  it("answers 404 for another visitor's conversation and changes nothing", async () => {
    const { world, inbox, conversation } = await scene()
    const stranger = await createVisitor(inbox)
    const before = await accountSnapshot(world.accountId)
    const res = await inbox.call(
      `${conversationOf(stranger, conversation.displayId)}/toggle_status`,
      {
        method: 'POST',
      },
    )
    expectError(res, 404, 'not_found')
    await expectAccountUnchanged(world.accountId, before)
  })
})

describe('POST …/conversations/{id}/toggle_typing', () => {
  it("tells the agents' sockets the visitor is typing, as a contact", async () => {
    const { world, inbox, visitor, conversation, path } = await scene()
    const livePath = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`
    const agent = (await openSocket(livePath, { api_access_token: world.admin.token })).socket!
    await agent.next('ready')
    const on = await inbox.call(`${path}/toggle_typing`, { body: { typing_status: 'on' } })
    expect(on.status).toBe(200)
    expect(on.json).toEqual({})
    const frame = await agent.next('conversation.typing_on')
    expect(frame.data).toMatchObject({
      is_private: false,
      user: { id: visitor.contactId, name: 'Rita Visitor', type: 'contact' },
    })
    await inbox.call(`${path}/toggle_typing`, { body: { typing_status: 'off' } })
    await agent.next('conversation.typing_off')
    agent.close()
  })

  it('refuses a bad typing_status with 422 and a stranger with 404', async () => {
    const { inbox, conversation, path } = await scene()
    expectError(
      await inbox.call(`${path}/toggle_typing`, { body: { typing_status: 'maybe' } }),
      422,
      'validation_failed',
    )
    const stranger = await createVisitor(inbox)
    const res = await inbox.call(
      `${conversationOf(stranger, conversation.displayId)}/toggle_typing`,
      { body: { typing_status: 'on' } },
    )
    expectError(res, 404, 'not_found')
  })
})

describe('POST …/conversations/{id}/update_last_seen', () => {
  it('records when the visitor read it and marks the replies before then read', async () => {
    const { world, inbox, conversation, path } = await scene()
    const reply = await agentPost(world, conversation.displayId, { content: 'answer' })
    const note = await agentPost(world, conversation.displayId, { content: 'n', private: true })
    const res = await inbox.call(`${path}/update_last_seen`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    const row = await conversationRow(world.accountId, conversation.displayId)
    expect(row?.contact_last_seen_at).toBeGreaterThan(0)
    const statuses = Object.fromEntries(
      (await messageRows(conversation.id)).map((m) => [m.id, m.status]),
    )
    expect(statuses[reply.id]).toBe('read')
    expect(statuses[note.id]).toBe('sent')
    const shown = await inbox.call(path)
    expect(shown.json.contact_last_seen_at).toBe(row?.contact_last_seen_at)
  })
})

async function defineLabel(accountId: number, title: string) {
  await (await accountDb(accountId))
    .prepare('insert into labels (account_id, title) values (?, ?)')
    .bind(accountId, title)
    .run()
}

describe('labels from the visitor (setLabel, removeLabel)', () => {
  it('adds and removes a defined label on the conversation, with conversation_updated', async () => {
    const { world, inbox, conversation, path } = await scene()
    await defineLabel(world.accountId, 'vip')
    const added = await inbox.call(`${path}/labels`, { body: { label: 'vip' } })
    expect(added.status).toBe(200)
    expect(added.json).toEqual({})
    expect((await conversationRow(world.accountId, conversation.displayId))?.labels).toBe('["vip"]')
    expect(kindsOf(await eventsOf(conversation.id))).toContain('conversation_updated')
    const removed = await inbox.call(`${path}/labels/vip`, { method: 'DELETE' })
    expect(removed.status).toBe(200)
    expect((await conversationRow(world.accountId, conversation.displayId))?.labels).toBe('[]')
    // No activity line: Chatwoot does not announce a visitor's labels.
    expect(await messageRows(conversation.id)).toEqual([])
  })

  it('acts on the latest conversation on the widget paths without a conversation id', async () => {
    const { world, inbox, visitor, conversation } = await scene()
    await defineLabel(world.accountId, 'campaign')
    const res = await inbox.call(`/contacts/${visitor.sourceId}/labels`, {
      body: { label: 'campaign' },
    })
    expect(res.status).toBe(200)
    const agentView = await api(
      `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/labels`,
      { token: world.admin.token },
    )
    expect(agentView.json.payload).toEqual(['campaign'])
    const gone = await inbox.call(`/contacts/${visitor.sourceId}/labels/campaign`, {
      method: 'DELETE',
    })
    expect(gone.status).toBe(200)
    expect((await conversationRow(world.accountId, conversation.displayId))?.labels).toBe('[]')
    const fresh = await createVisitor(inbox)
    expectError(
      await inbox.call(`/contacts/${fresh.sourceId}/labels`, { body: { label: 'campaign' } }),
      404,
    )
  })

  it('refuses a label the account has not defined, and strangers, changing nothing', async () => {
    const { world, inbox, conversation, path } = await scene()
    await defineLabel(world.accountId, uniq('l'))
    const before = await accountSnapshot(world.accountId)
    const res = await inbox.call(`${path}/labels`, { body: { label: 'made-up' } })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors[0].field).toBe('label')
    const stranger = await createVisitor(inbox)
    const after = await accountSnapshot(world.accountId)
    const foreign = await inbox.call(`${conversationOf(stranger, conversation.displayId)}/labels`, {
      body: { label: 'made-up' },
    })
    expectError(foreign, 404, 'not_found')
    await expectAccountUnchanged(world.accountId, after)
    expect(before.conversations).toEqual(after.conversations)
  })
})
