import { describe, expect, it } from 'vitest'
import { defineConversationAttribute } from '../conversation-helpers'
import { api, createWorld, expectError, uniq } from '../helpers'
import {
  accountSnapshot,
  agentTraffic,
  conversationOf,
  conversationsOf,
  createPublicInbox,
  createVisitor,
  eventRows,
  expectAccountUnchanged,
  hmacHex,
  publicPath,
  publicScene,
  startConversation,
} from '../public-helpers'

const CONVERSATION_KEYS = [
  'agent_last_seen_at',
  'contact',
  'contact_last_seen_at',
  'id',
  'inbox_id',
  'messages',
  'status',
  'uuid',
]

describe('POST …/contacts/{source_id}/conversations', () => {
  it('starts an open conversation with custom attributes, with conversation_created', async () => {
    const { world, inbox } = await publicScene()
    await defineConversationAttribute(world.accountId, 'order_id', 'text')
    const visitor = await createVisitor(inbox, { name: 'Olga' })
    const res = await inbox.call(conversationsOf(visitor), {
      body: { custom_attributes: { order_id: 'A-1' } },
    })
    expect(res.status).toBe(200)
    expect(Object.keys(res.json).sort()).toEqual(CONVERSATION_KEYS)
    expect(res.json).toMatchObject({
      inbox_id: inbox.id,
      status: 'open',
      messages: [],
      contact_last_seen_at: 0,
      agent_last_seen_at: 0,
      contact: { id: visitor.contactId, name: 'Olga', source_id: visitor.sourceId },
    })
    const [event] = await eventRows(world.accountId, 'conversation_created')
    expect(event).toMatchObject({ contact_id: visitor.contactId, inbox_id: inbox.id })
    const agentView = await api(
      `/api/v1/accounts/${world.accountId}/conversations/${res.json.id}`,
      { token: world.admin.token },
    )
    expect(agentView.json.custom_attributes).toEqual({ order_id: 'A-1' })
  })

  it('records the visitor’s browser, language and page in additional_attributes for agents', async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const res = await inbox.call(conversationsOf(visitor), {
      body: { referer_url: 'https://shop.example/pricing?plan=pro' },
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8',
      },
    })
    expect(res.status).toBe(200)
    const agentView = await api(
      `/api/v1/accounts/${world.accountId}/conversations/${res.json.id}`,
      { token: world.admin.token },
    )
    expect(agentView.json.additional_attributes).toMatchObject({
      referer: 'https://shop.example/pricing?plan=pro',
      browser_language: 'pl-PL',
      browser: { browser_name: 'Chrome', browser_version: '131.0.0.0', platform_name: 'Windows' },
      initiated_at: { timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    })
  })

  it('refuses a referer_url that is not a URL with 422', async () => {
    const { inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const res = await inbox.call(conversationsOf(visitor), { body: { referer_url: 'not a url' } })
    expectError(res, 422)
  })

  it('refuses undefined custom attributes with 422 and creates nothing', async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const before = await accountSnapshot(world.accountId)
    const res = await inbox.call(conversationsOf(visitor), {
      body: { custom_attributes: { unknown_key: 1 } },
    })
    expectError(res, 422, 'validation_failed')
    await expectAccountUnchanged(world.accountId, before)
  })

  it('returns the ongoing conversation when the inbox locks to a single one', async () => {
    const { world, inbox } = await publicScene('web_widget', {
      settings: { lock_to_single_conversation: true },
    })
    const visitor = await createVisitor(inbox)
    const first = await startConversation(inbox, visitor)
    const again = await startConversation(inbox, visitor)
    expect(again.displayId).toBe(first.displayId)
    // The widget may send no body at all.
    const bare = await inbox.call(conversationsOf(visitor), { method: 'POST' })
    expect(bare.json.id).toBe(first.displayId)
    await inbox.call(`${conversationOf(visitor, first.displayId)}/toggle_status`, { body: {} })
    const next = await startConversation(inbox, visitor)
    expect(next.displayId).not.toBe(first.displayId)
    expect(await eventRows(world.accountId, 'conversation_created')).toHaveLength(2)
  })

  it("answers 404 for another inbox's source_id and an email inbox", async () => {
    const { world, inbox } = await publicScene()
    const other = await createPublicInbox(world, 'api')
    const elsewhere = await createVisitor(other)
    const email = await createPublicInbox(world, 'email')
    const before = await accountSnapshot(world.accountId)
    expectError(await inbox.call(conversationsOf(elsewhere), { body: {} }), 404, 'not_found')
    expectError(await email.call(conversationsOf(elsewhere), { body: {} }), 404, 'not_found')
    await expectAccountUnchanged(world.accountId, before)
  })
})

describe('GET …/conversations and …/conversations/{id}', () => {
  it('lists only this visitor’s conversations as a bare array, without notes or activity', async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const neighbour = await createVisitor(inbox)
    const mine = await startConversation(inbox, visitor)
    await startConversation(inbox, neighbour)
    const sent = await inbox.call(`${conversationOf(visitor, mine.displayId)}/messages`, {
      body: { content: 'hello' },
    })
    const { reply } = await agentTraffic(world, mine.displayId)
    const res = await inbox.call(conversationsOf(visitor))
    expect(res.status).toBe(200)
    expect(Array.isArray(res.json)).toBe(true)
    expect(res.json.map((c: { id: number }) => c.id)).toEqual([mine.displayId])
    const [conversation] = res.json
    expect(conversation.status).toBe('pending')
    expect(conversation.messages.map((m: { id: number }) => m.id)).toEqual([sent.json.id, reply])
    expect(res.text).not.toContain('secret note')
    expect(res.text).not.toContain('marked as pending')
    expect(res.text).not.toContain(world.admin.email)
    expect(res.text).not.toContain(neighbour.pubsubToken)
  })

  it('shows one conversation; another visitor’s, an unknown or a malformed id is 404', async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const neighbour = await createVisitor(inbox)
    const mine = await startConversation(inbox, visitor)
    const theirs = await startConversation(inbox, neighbour)
    const shown = await inbox.call(conversationOf(visitor, mine.displayId))
    expect(shown.status).toBe(200)
    expect(shown.json.id).toBe(mine.displayId)
    expectError(await inbox.call(conversationOf(visitor, theirs.displayId)), 404, 'not_found')
    expectError(await inbox.call(conversationOf(visitor, 999_999)), 404, 'not_found')
    expectError(await inbox.call(`${conversationsOf(visitor)}/abc`), 404, 'not_found')
    const otherAccount = await createWorld()
    const foreignInbox = await createPublicInbox(otherAccount)
    expectError(await foreignInbox.call(conversationOf(visitor, mine.displayId)), 404)
    expectError(
      await api(publicPath('none', conversationOf(visitor, mine.displayId))),
      404,
      'not_found',
    )
    expect(world.accountId).not.toBe(otherAccount.accountId)
  })

  it("lets a verified visitor see its contact's conversations of every verified contact inbox", async () => {
    const { world, inbox } = await publicScene()
    const api2 = await createPublicInbox(world, 'api')
    const third = await createPublicInbox(world, 'api')
    const identifier = uniq('id-')
    const proven = async (target: typeof inbox) =>
      createVisitor(target, {
        identifier,
        identifier_hash: await hmacHex(target.hmacToken, identifier),
      })
    const onWeb = await proven(inbox)
    const onApi = await proven(api2)
    expect(onApi.contactId).toBe(onWeb.contactId)
    const webConversation = await startConversation(inbox, onWeb)
    const apiConversation = await startConversation(api2, onApi)
    const list = await inbox.call(conversationsOf(onWeb))
    expect(list.json.map((c: { id: number }) => c.id)).toEqual([
      webConversation.displayId,
      apiConversation.displayId,
    ])
    const acrossInboxes = await inbox.call(conversationOf(onWeb, apiConversation.displayId))
    expect(acrossInboxes.status).toBe(200)
    // The same identifier, unproven in a third inbox, is another contact that sees none of them.
    const unproven = await createVisitor(third, { identifier })
    expect(unproven.contactId).not.toBe(onWeb.contactId)
    expect((await third.call(conversationsOf(unproven))).json).toEqual([])
    expectError(await third.call(conversationOf(unproven, webConversation.displayId)), 404)
  })
})
