import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { accountDb, api, createWorld, expectError } from '../helpers'
import { allPublished, openSocket } from '../live-helpers'
import { createApiInbox, insertConversation } from '../product-helpers'
import {
  agentPost,
  conversationOf,
  createVisitor,
  publicPath,
  publicScene,
  startConversation,
} from '../public-helpers'

// Issue 28, point 5: what a socket that has not authenticated may learn, how many an address may
// open, and what repeated `seen` (socket or REST) may cost.

const LIVE_LIMIT = 120

/** Spends an address's whole budget of upgrades on the limiter the routes use. */
async function exhaustUpgrades(address: string) {
  for (let i = 0; i < LIVE_LIMIT; i++) await env.LIVE_RATE_LIMITER.limit({ key: address })
}

describe('a socket to a conversation id, before its auth frame', () => {
  it('looks the same whether the id exists or not: 101, then the same refusal', async () => {
    const world = await createWorld()
    const inbox = await createApiInbox(world)
    const known = await insertConversation(world, inbox.id)
    const path = (id: number) => `/api/v1/accounts/${world.accountId}/conversations/${id}/live`
    const outcomes = []
    for (const id of [known.displayId, known.displayId + 1000]) {
      for (const first of [{ type: 'auth', token: 'not-a-token' }, { type: 'ping' }]) {
        const opened = await openSocket(path(id))
        expect(opened.status).toBe(101)
        opened.socket!.send(first)
        outcomes.push([await opened.socket!.closeCode(), opened.socket!.frames])
      }
    }
    const [knownBad, knownPing, unknownBad, unknownPing] = outcomes
    expect(unknownBad).toEqual(knownBad)
    expect(unknownPing).toEqual(knownPing)
    expect(knownBad?.[0]).toBe(4401)
  })

  it('tells an authenticated caller that the id names nothing (4410), and nothing more', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}/conversations/4242/live`
    const socket = (await openSocket(path)).socket!
    socket.send({ type: 'auth', token: world.admin.token })
    expect(await socket.closeCode()).toBe(4410)
    expect(socket.frames.map((f) => [f.event, f.data.code])).toEqual([['error', 'gone']])
    // With the token in the header the route answers as REST does.
    const byHeader = await openSocket(path, { api_access_token: world.admin.token })
    expect(byHeader.status).toBe(404)
  })
})

describe('socket upgrades per client address', () => {
  it('are limited on the agent, feed and visitor sockets (429 in the envelope)', async () => {
    const world = await createWorld()
    const inbox = await createApiInbox(world)
    const conversation = await insertConversation(world, inbox.id)
    const address = '192.0.2.77'
    const scene = await publicScene()
    const visitor = await createVisitor(scene.inbox)
    const started = await startConversation(scene.inbox, visitor)
    const visitorPath = publicPath(
      scene.inbox.identifier,
      `${conversationOf(visitor, started.displayId)}/live`,
    )
    const headers = { api_access_token: world.admin.token, 'cf-connecting-ip': address }
    // The limiter counts per minute window: each refusal is asked for just after the address
    // used up its upgrades, so a window that turns during the test does not let one through.
    for (const [path, asked] of [
      [`/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`, headers],
      [`/api/v1/accounts/${world.accountId}/live`, headers],
      [visitorPath, { 'cf-connecting-ip': address }],
    ] as const) {
      await exhaustUpgrades(address)
      const refused = await openSocket(path, asked)
      expect(refused.status).toBe(429)
      expect(JSON.parse(refused.body).error).toBe('rate_limited')
    }
    // Another address is not held back.
    const other = await openSocket(visitorPath, { 'cf-connecting-ip': '192.0.2.78' })
    expect(other.status).toBe(101)
    other.socket!.close()
  })
})

/** The visitor's conversation row, as stored. */
async function seenRow(accountId: number, id: number) {
  return (await accountDb(accountId))
    .prepare('select contact_last_seen_at, agent_last_seen_at from conversations where id = ?')
    .bind(id)
    .first<{ contact_last_seen_at: number | null; agent_last_seen_at: number | null }>()
}

/** Sets both seen times to a second long past, after the last activity: nothing new since. */
async function seenLongAgo(accountId: number, id: number) {
  await (await accountDb(accountId))
    .prepare(
      'update conversations set last_activity_at = 1000, contact_last_seen_at = 2000, agent_last_seen_at = 2000 where id = ?',
    )
    .bind(id)
    .run()
}

async function visitorScene() {
  const { world, inbox } = await publicScene()
  const visitor = await createVisitor(inbox)
  const conversation = await startConversation(inbox, visitor)
  const path = conversationOf(visitor, conversation.displayId)
  return { world, inbox, visitor, conversation, path }
}

describe('a seen that changes nothing', () => {
  it('on the visitor socket: no write and no conversation.read until a new message arrives', async () => {
    const s = await visitorScene()
    const live = publicPath(s.inbox.identifier, `${s.path}/live`)
    const visitor = (await openSocket(live)).socket!
    visitor.send({ type: 'auth', token: s.visitor.pubsubToken })
    const agent = (
      await openSocket(
        `/api/v1/accounts/${s.world.accountId}/conversations/${s.conversation.displayId}/live`,
        { api_access_token: s.world.admin.token },
      )
    ).socket!
    await visitor.next('ready')
    await agent.next('ready')
    visitor.send({ type: 'seen' })
    await agent.next('conversation.read')
    await seenLongAgo(s.world.accountId, s.conversation.id)
    for (let i = 0; i < 5; i++) visitor.send({ type: 'seen' })
    await visitor.flush()
    await agent.flush()
    expect((await seenRow(s.world.accountId, s.conversation.id))?.contact_last_seen_at).toBe(2000)
    expect(agent.frames.filter((f) => f.event === 'conversation.read')).toHaveLength(1)
    // Something new arrived: the next seen is written and told.
    await agentPost(s.world, s.conversation.displayId, { content: 'news' })
    await visitor.next('message.created')
    visitor.send({ type: 'seen' })
    await expect
      .poll(async () => agent.frames.filter((f) => f.event === 'conversation.read').length)
      .toBe(2)
    expect(
      (await seenRow(s.world.accountId, s.conversation.id))?.contact_last_seen_at,
    ).toBeGreaterThan(2000)
    await allPublished(s.world.accountId)
    visitor.close()
    agent.close()
  })

  it('over REST (public and agent update_last_seen): no write when nothing arrived since', async () => {
    const s = await visitorScene()
    await seenLongAgo(s.world.accountId, s.conversation.id)
    const publicSeen = () => s.inbox.call(`${s.path}/update_last_seen`, { method: 'POST' })
    const agentSeen = () =>
      api(
        `/api/v1/accounts/${s.world.accountId}/conversations/${s.conversation.displayId}/update_last_seen`,
        { method: 'POST', token: s.world.admin.token },
      )
    expect((await publicSeen()).status).toBe(200)
    expect((await agentSeen()).status).toBe(200)
    expect(await seenRow(s.world.accountId, s.conversation.id)).toEqual({
      contact_last_seen_at: 2000,
      agent_last_seen_at: 2000,
    })
    await agentPost(s.world, s.conversation.displayId, { content: 'news' })
    expect((await publicSeen()).status).toBe(200)
    expect((await agentSeen()).status).toBe(200)
    const after = await seenRow(s.world.accountId, s.conversation.id)
    expect(after?.contact_last_seen_at).toBeGreaterThan(2000)
    expect(after?.agent_last_seen_at).toBeGreaterThan(2000)
  })

  it('over the public REST path is rate limited per visitor', async () => {
    const s = await visitorScene()
    for (let i = 0; i < 120; i++) await env.VISITOR_RATE_LIMITER.limit({ key: s.visitor.sourceId })
    const res = await s.inbox.call(`${s.path}/update_last_seen`, { method: 'POST' })
    expectError(res, 429, 'rate_limited')
  })
})
