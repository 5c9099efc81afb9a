import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { api, createUser, PLATFORM_TOKEN, uniq, type World } from '../helpers'
import { allPublished, type Frame, openSocket } from '../live-helpers'
import {
  agentPost,
  conversationOf,
  createPublicInbox,
  createVisitor,
  publicPath,
  startConversation,
} from '../public-helpers'

// Issue 28: a conversation's table id alone does not name one conversation (the directory and
// shard 0 number rows from the same start; an account moved keeps its ids), so two accounts can
// each have a conversation with the same id on two databases. Their rooms, broadcasts and
// replays must never meet: rooms are named by account and conversation, and every read is
// filtered by the account.

/** An account on the named shard, with an administrator (agent unused here). */
async function worldOnShard(shard: number): Promise<World> {
  const account = await api('/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name: uniq('Tenant '), shard },
  })
  expect(account.status, account.text).toBe(200)
  const accountId = account.json.id as number
  const admin = await createUser(PLATFORM_TOKEN, 'Admin')
  const agent = await createUser(PLATFORM_TOKEN, 'Agent')
  const added = await api(`/platform/api/v1/accounts/${accountId}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: admin.id, role: 'administrator' },
  })
  expect(added.status, added.text).toBe(200)
  return { accountId, admin, agent }
}

/**
 * Account A's conversation on shard 0 (made through the API), and account B's conversation on
 * shard 1 with the same table id (made in SHARD_1 directly, as a moved account's would be).
 */
async function collidingConversations() {
  const a = await worldOnShard(0)
  const b = await worldOnShard(1)
  const inboxA = await createPublicInbox(a)
  const visitorA = await createVisitor(inboxA, { name: 'Ada' })
  const conversationA = await startConversation(inboxA, visitorA)
  const inboxB = await createPublicInbox(b)
  const visitorB = await createVisitor(inboxB, { name: 'Bea' })
  const link = await env.SHARD_1.prepare('select id from contact_inboxes where source_id = ?')
    .bind(visitorB.sourceId)
    .first<{ id: number }>()
  const displayB = 7
  await env.SHARD_1.prepare(
    `insert into conversations (id, account_id, display_id, uuid, inbox_id, contact_id, contact_inbox_id)
     values (?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      conversationA.id,
      b.accountId,
      displayB,
      crypto.randomUUID(),
      inboxB.id,
      visitorB.contactId,
      link!.id,
    )
    .run()
  const agentPath = (w: World, displayId: number) =>
    `/api/v1/accounts/${w.accountId}/conversations/${displayId}/live`
  return {
    a,
    b,
    inboxA,
    visitorA,
    conversationA,
    displayB,
    agentLiveA: agentPath(a, conversationA.displayId),
    agentLiveB: agentPath(b, displayB),
    visitorLiveA: publicPath(
      inboxA.identifier,
      `${conversationOf(visitorA, conversationA.displayId)}/live`,
    ),
  }
}

const contents = (frames: Frame[]) =>
  frames.filter((f) => f.event === 'message.created').map((f) => f.data.content)

describe('conversations with the same table id in two accounts on two databases', () => {
  it('never share a room: a private note and a reply in one reach none of the other’s sockets', async () => {
    const s = await collidingConversations()
    const agentA = (await openSocket(s.agentLiveA, { api_access_token: s.a.admin.token })).socket!
    const visitorA = (await openSocket(s.visitorLiveA)).socket!
    visitorA.send({ type: 'auth', token: s.visitorA.pubsubToken })
    const agentB = (await openSocket(s.agentLiveB, { api_access_token: s.b.admin.token })).socket!
    for (const socket of [agentA, visitorA, agentB]) await socket.next('ready')

    await agentPost(s.b, s.displayB, { content: 'B private note', private: true })
    await agentPost(s.b, s.displayB, { content: 'B reply' })
    await allPublished(s.b.accountId)
    await agentB.next('message.created')
    for (const socket of [agentA, visitorA, agentB]) await socket.flush()

    expect(contents(agentB.frames)).toEqual(['B private note', 'B reply'])
    expect(contents(agentA.frames)).toEqual([])
    expect(contents(visitorA.frames)).toEqual([])
    // A's own traffic still arrives, to A's sockets only.
    await agentPost(s.a, s.conversationA.displayId, { content: 'A reply' })
    expect((await visitorA.next('message.created')).data.content).toBe('A reply')
    await allPublished(s.a.accountId)
    await agentB.flush()
    expect(contents(agentB.frames)).toEqual(['B private note', 'B reply'])
    for (const socket of [agentA, visitorA, agentB]) socket.close()
  })

  it('never replay another account’s messages, even those filed under the same conversation id', async () => {
    const s = await collidingConversations()
    // Only the replies below, no self-assigned lines from them (auto_assign_on_reply).
    for (const world of [s.a, s.b]) {
      await api(`/api/v1/accounts/${world.accountId}`, {
        method: 'PATCH',
        token: world.admin.token,
        body: { auto_assign_on_reply: false },
      })
    }
    await agentPost(s.a, s.conversationA.displayId, { content: 'A reply' })
    await agentPost(s.b, s.displayB, { content: 'B reply' })
    // A row of account B left under the same conversation id on A's shard (as an account move
    // can leave one): it is B's, never A's.
    await env.SHARD_0.prepare(
      `insert into messages (account_id, inbox_id, conversation_id, message_type, content, private)
       values (?, ?, ?, 1, 'B stray', 0)`,
    )
      .bind(s.b.accountId, s.inboxA.id, s.conversationA.id)
      .run()

    const agentA = (
      await openSocket(`${s.agentLiveA}?after=0`, { api_access_token: s.a.admin.token })
    ).socket!
    const visitorA = (await openSocket(`${s.visitorLiveA}?after=0`)).socket!
    visitorA.send({ type: 'auth', token: s.visitorA.pubsubToken })
    const agentB = (
      await openSocket(`${s.agentLiveB}?after=0`, { api_access_token: s.b.admin.token })
    ).socket!
    for (const socket of [agentA, visitorA, agentB]) {
      await socket.next('ready')
      await socket.flush()
    }
    expect(contents(agentA.frames)).toEqual(['A reply'])
    expect(contents(visitorA.frames)).toEqual(['A reply'])
    expect(contents(agentB.frames)).toEqual(['B reply'])

    // The visitor's `seen` marks A's replies read, never the stray row of B.
    visitorA.send({ type: 'seen' })
    await visitorA.flush()
    const stray = await env.SHARD_0.prepare(
      "select status from messages where content = 'B stray' and account_id = ?",
    )
      .bind(s.b.accountId)
      .first<{ status: string }>()
    expect(stray?.status).toBe('sent')
    for (const socket of [agentA, visitorA, agentB]) socket.close()
  })
})
