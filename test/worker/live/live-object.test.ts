import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { accountFeed, conversationRoom } from '../../../worker/live/stubs'
import { createWorld } from '../helpers'
import { openSocket } from '../live-helpers'
import { addInboxMember, createApiInbox, insertConversation } from '../product-helpers'
import {
  conversationOf,
  createVisitor,
  publicPath,
  publicScene,
  startConversation,
} from '../public-helpers'

// The contract every live object (a conversation's room, an account's feed) keeps through the
// one base class they share: a socket that has not authenticated gets nothing and is closed at
// its deadline; a bad first frame is refused 4401; a broadcast reaches only the sockets its
// filter accepts; and a socket whose stored state is not a socket's is treated as one that never
// authenticated.

async function scene() {
  const world = await createWorld()
  const inbox = await createApiInbox(world)
  const other = await createApiInbox(world, 'Support')
  const conversation = await insertConversation(world, inbox.id)
  return {
    world,
    inbox,
    other,
    conversation,
    paths: {
      room: `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`,
      feed: `/api/v1/accounts/${world.accountId}/live`,
    },
    room: () => conversationRoom(env, world.accountId, conversation.id),
    feed: () => accountFeed(env, world.accountId),
  }
}

type Scene = Awaited<ReturnType<typeof scene>>

/** One event to the object, naming what the room checks; how many sockets it reached. */
function broadcastTo(s: Scene, target: 'room' | 'feed', inboxId = s.inbox.id) {
  return target === 'room'
    ? s.room().broadcast({
        accountId: s.world.accountId,
        conversationId: s.conversation.id,
        event: 'conversation.updated',
        agent: { id: s.conversation.displayId },
        visitor: { id: s.conversation.displayId },
      })
    : s.feed().broadcast({ event: 'conversation.updated', inboxId, data: { id: 1 } })
}

/** Overwrites every socket's stored state of the object with something that is not one. */
async function corruptAttachments(stub: DurableObjectStub) {
  await runInDurableObject(stub, async (_instance, state) => {
    for (const ws of state.getWebSockets()) ws.serializeAttachment({ authed: 'yes', role: 7 })
  })
}

for (const target of ['room', 'feed'] as const) {
  describe(`the ${target}’s sockets`, () => {
    it('that have not authenticated get no broadcast and are closed 4408 at their deadline', async () => {
      const s = await scene()
      const silent = (await openSocket(s.paths[target])).socket!
      const authed = (await openSocket(s.paths[target], { api_access_token: s.world.admin.token }))
        .socket!
      await authed.next('ready')
      expect(await broadcastTo(s, target)).toBe(1)
      await authed.next('conversation.updated')
      await runInDurableObject(s[target](), async (_instance, state) => {
        for (const ws of state.getWebSockets()) {
          const attachment = ws.deserializeAttachment() as { authed: boolean }
          if (!attachment.authed) ws.serializeAttachment({ ...attachment, deadline: 1 })
        }
      })
      expect(await runDurableObjectAlarm(s[target]())).toBe(true)
      expect(await silent.closeCode()).toBe(4408)
      expect(silent.frames.map((f) => [f.event, f.data.code])).toEqual([['error', 'auth_timeout']])
      authed.close()
    })

    it('are refused 4401 when the first frame is not an auth frame, or its token is wrong', async () => {
      const s = await scene()
      const ping = (await openSocket(s.paths[target])).socket!
      ping.send({ type: 'ping' })
      expect(await ping.closeCode()).toBe(4401)
      expect(ping.frames.map((f) => [f.event, f.data.code])).toEqual([['error', 'unauthorized']])
      const wrong = (await openSocket(s.paths[target])).socket!
      wrong.send({ type: 'auth', token: 'not-a-token' })
      expect(await wrong.closeCode()).toBe(4401)
      expect(wrong.frames.map((f) => [f.event, f.data.code])).toEqual([['error', 'unauthorized']])
    })

    it('whose stored state is not a socket’s get no broadcast, and their next frame is refused 4401', async () => {
      const s = await scene()
      const socket = (await openSocket(s.paths[target], { api_access_token: s.world.admin.token }))
        .socket!
      await socket.next('ready')
      await corruptAttachments(s[target]())
      expect(await broadcastTo(s, target)).toBe(0)
      socket.send({ type: 'ping' })
      expect(await socket.closeCode()).toBe(4401)
      // An agent joining a room is also told who else is viewing (room.roster).
      const frames = socket.frames.filter((f) => f.event !== 'room.roster')
      expect(frames.map((f) => f.event)).toEqual(['ready', 'error'])
      expect(frames[1]?.data.code).toBe('unauthorized')
    })
  })
}

describe('a broadcast', () => {
  it('from the feed reaches an agent only for the inboxes it is a member of, an administrator for all', async () => {
    const s = await scene()
    await addInboxMember(s.world, s.inbox.id, s.world.agent.id)
    const admin = (await openSocket(s.paths.feed, { api_access_token: s.world.admin.token }))
      .socket!
    const agent = (await openSocket(s.paths.feed, { api_access_token: s.world.agent.token }))
      .socket!
    await admin.next('ready')
    await agent.next('ready')
    expect(await broadcastTo(s, 'feed', s.other.id)).toBe(1)
    expect(await broadcastTo(s, 'feed', s.inbox.id)).toBe(2)
    await admin.flush()
    await agent.flush()
    const updates = (frames: { event: string }[]) =>
      frames.filter((f) => f.event === 'conversation.updated').length
    expect(updates(admin.frames)).toBe(2)
    expect(updates(agent.frames)).toBe(1)
    admin.close()
    agent.close()
  })

  it('in a room reaches the visitor only with what is for the visitor, and never the actor who caused it', async () => {
    const { world, inbox } = await publicScene('web_widget')
    const visitor = await createVisitor(inbox, { name: 'Lou' })
    const conversation = await startConversation(inbox, visitor)
    const visitorSocket = (
      await openSocket(
        publicPath(inbox.identifier, `${conversationOf(visitor, conversation.displayId)}/live`),
      )
    ).socket!
    visitorSocket.send({ type: 'auth', token: visitor.pubsubToken })
    await visitorSocket.next('ready')
    const agentPath = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`
    const agent = (await openSocket(agentPath, { api_access_token: world.admin.token })).socket!
    await agent.next('ready')
    const room = conversationRoom(env, world.accountId, conversation.id)
    const names = { accountId: world.accountId, conversationId: conversation.id }
    const agentsOnly = {
      ...names,
      event: 'conversation.updated' as const,
      agent: { n: 1 },
      visitor: null,
    }
    expect(await room.broadcast(agentsOnly)).toBe(1)
    const notToActor = {
      ...names,
      event: 'conversation.updated' as const,
      agent: { n: 2 },
      visitor: { n: 2 },
      exceptActor: `user:${world.admin.id}`,
    }
    expect(await room.broadcast(notToActor)).toBe(1)
    await agent.flush()
    await visitorSocket.flush()
    const updates = (frames: { event: string; data: Record<string, unknown> }[]) =>
      frames.filter((f) => f.event === 'conversation.updated').map((f) => f.data.n)
    expect(updates(agent.frames)).toEqual([1])
    expect(updates(visitorSocket.frames)).toEqual([2])
    agent.close()
    visitorSocket.close()
  })
})
