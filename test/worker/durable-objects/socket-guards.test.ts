import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { TypingEntry } from '../../../worker/durable-objects/room-schedule'
import { FRAME_BUDGET, PENDING_SOCKETS_MAX } from '../../../worker/live/guard'
import { accountFeed, conversationRoom } from '../../../worker/live/stubs'
import { createWorld } from '../helpers'
import { openSocket } from '../live-helpers'
import { addInboxMember, createApiInbox, insertConversation } from '../product-helpers'

// What one socket may cost a room or a feed (DESIGN §4): a socket that never authenticates is
// closed at its deadline (4408), only so many wait at once (4429), and one that floods is
// closed (4429). The deadline is the object's alarm: the tests move a socket's deadline into
// the past and run the alarm, instead of waiting for it.

async function scene() {
  const world = await createWorld()
  const inbox = await createApiInbox(world)
  const conversation = await insertConversation(world, inbox.id)
  await addInboxMember(world, inbox.id, world.agent.id)
  const roomPath = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`
  const feedPath = `/api/v1/accounts/${world.accountId}/live`
  return {
    world,
    conversation,
    roomPath,
    feedPath,
    room: () => conversationRoom(env, world.accountId, conversation.id),
    feed: () => accountFeed(env, world.accountId),
  }
}

/** Moves every waiting socket's deadline into the past, as time would. */
async function expireDeadlines(stub: DurableObjectStub) {
  await runInDurableObject(stub, async (_instance, state) => {
    for (const ws of state.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as { authed: boolean; deadline?: number }
      if (!attachment.authed) ws.serializeAttachment({ ...attachment, deadline: Date.now() - 1 })
    }
  })
}

describe('a socket that never authenticates', () => {
  for (const target of ['room', 'feed'] as const) {
    it(`is closed 4408 at its deadline by the ${target}’s alarm, an authenticated one stays`, async () => {
      const s = await scene()
      const stub = s[target]()
      const path = target === 'room' ? s.roomPath : s.feedPath
      const silent = (await openSocket(path)).socket!
      const authed = (await openSocket(path, { api_access_token: s.world.admin.token })).socket!
      await authed.next('ready')
      // The alarm is armed for the deadline, about 10 s away.
      const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())
      expect(alarm).toEqual(expect.any(Number))
      expect(alarm! - Date.now()).toBeGreaterThan(1_000)
      await expireDeadlines(stub)
      expect(await runDurableObjectAlarm(stub)).toBe(true)
      expect(await silent.closeCode()).toBe(4408)
      expect(silent.frames).toEqual([
        { event: 'error', data: { code: 'auth_timeout', message: expect.any(String) } },
      ])
      await authed.flush()
      expect(authed.closed.code).toBeUndefined()
      authed.close()
    })
  }

  it('is not closed by the alarm once it has authenticated', async () => {
    const s = await scene()
    const socket = (await openSocket(s.roomPath)).socket!
    socket.send({ type: 'auth', token: s.world.admin.token })
    await socket.next('ready')
    await expireDeadlines(s.room())
    await runDurableObjectAlarm(s.room())
    await socket.flush()
    expect(socket.closed.code).toBeUndefined()
    socket.close()
  })
})

describe('waiting sockets of one object', () => {
  it(`are capped at ${PENDING_SOCKETS_MAX}: one more is closed 4429; an authenticated one still joins`, async () => {
    const s = await scene()
    const waiting = []
    for (let i = 0; i < PENDING_SOCKETS_MAX; i++) {
      waiting.push((await openSocket(s.roomPath)).socket!)
    }
    const extra = (await openSocket(s.roomPath)).socket!
    expect(await extra.closeCode()).toBe(4429)
    expect(extra.frames[0]?.data.code).toBe('rate_limited')
    const authed = (await openSocket(s.roomPath, { api_access_token: s.world.admin.token })).socket!
    await authed.next('ready')
    for (const socket of [...waiting, authed]) socket.close()
  })
})

describe('a socket that floods', () => {
  for (const target of ['room', 'feed'] as const) {
    it(`is closed 4429 by the ${target} past ${FRAME_BUDGET} frames in its window`, async () => {
      const s = await scene()
      const path = target === 'room' ? s.roomPath : s.feedPath
      const socket = (await openSocket(path, { api_access_token: s.world.admin.token })).socket!
      await socket.next('ready')
      for (let i = 0; i <= FRAME_BUDGET; i++) socket.send({ type: 'ping' })
      expect(await socket.closeCode()).toBe(4429)
      expect(socket.frames.filter((f) => f.event === 'pong')).toHaveLength(FRAME_BUDGET)
      expect(socket.frames.at(-1)?.data.code).toBe('rate_limited')
    })
  }

  it('relays a repeated typing status once and writes it once while it is fresh', async () => {
    const s = await scene()
    const typer = (await openSocket(s.roomPath, { api_access_token: s.world.admin.token })).socket!
    const watcher = (await openSocket(s.roomPath)).socket!
    watcher.send({ type: 'auth', token: s.world.agent.token })
    await typer.next('ready')
    await watcher.next('ready')
    typer.send({ type: 'typing', status: 'on' })
    await watcher.next('conversation.typing_on')
    const expiresAt = async () =>
      runInDurableObject(s.room(), async (_i, state) =>
        Object.values((await state.storage.get<Record<string, TypingEntry>>('typing')) ?? {}).map(
          (e) => e.expiresAt,
        ),
      )
    const first = await expiresAt()
    await new Promise((r) => setTimeout(r, 20))
    for (let i = 0; i < 10; i++) typer.send({ type: 'typing', status: 'on' })
    await typer.flush()
    await watcher.flush()
    expect(await expiresAt()).toEqual(first)
    expect(watcher.frames.filter((f) => f.event === 'conversation.typing_on')).toHaveLength(1)
    typer.close()
    watcher.close()
  })
})
