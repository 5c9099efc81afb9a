import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { ConversationRoom } from '../../../worker/durable-objects/conversation-room'
import { conversationRoom } from '../../../worker/live/stubs'
import { createWorld } from '../helpers'
import { insertMessage, openSocket } from '../live-helpers'
import { addInboxMember, createApiInbox, insertConversation } from '../product-helpers'

async function setup() {
  const world = await createWorld()
  const inbox = await createApiInbox(world)
  const conversation = await insertConversation(world, inbox.id)
  const path = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`
  const room = () => conversationRoom(env, world.accountId, conversation.id)
  return { world, inbox, conversation, path, room }
}

describe('the agent socket of a conversation', () => {
  it('authenticates by header and replays every message after the cursor, private notes and activity included', async () => {
    const { world, conversation, path } = await setup()
    const first = await insertMessage(conversation, world.accountId, { content: 'one' })
    const note = await insertMessage(conversation, world.accountId, {
      content: 'note',
      private: true,
    })
    const activity = await insertMessage(conversation, world.accountId, {
      content: 'resolved',
      type: 2,
    })
    const opened = await openSocket(`${path}?after=${first}`, {
      api_access_token: world.admin.token,
    })
    expect(opened.status).toBe(101)
    const socket = opened.socket!
    await socket.next('ready')
    await socket.flush()
    const replayed = socket.frames
      .filter((f) => f.event === 'message.created')
      .map((f) => f.data.id)
    expect(replayed).toEqual([note, activity])
    socket.close()
  })

  it('authenticates a browser by its first frame and sends nothing before it', async () => {
    const { world, conversation, path } = await setup()
    await insertMessage(conversation, world.accountId, { content: 'hello' })
    const { socket } = await openSocket(`${path}?after=0`)
    socket!.send({ type: 'auth', token: world.admin.token })
    await socket!.next('ready')
    // Anything sent before the auth frame was read would have come before `ready`.
    expect(socket!.frames[0]?.event).toBe('ready')
    expect((await socket!.next('message.created')).data.content).toBe('hello')
    socket!.close()
  })

  it('refuses a bad first frame and a wrong token, closing the socket', async () => {
    const { path } = await setup()
    const bad = (await openSocket(path)).socket!
    bad.send({ type: 'ping' })
    expect((await bad.next('error')).data.code).toBe('unauthorized')
    expect(await bad.closeCode()).toBe(4401)
    const wrong = (await openSocket(path)).socket!
    wrong.send({ type: 'auth', token: 'nope' })
    expect((await wrong.next('error')).data.code).toBe('unauthorized')
    expect(wrong.frames.some((f) => f.event === 'ready')).toBe(false)
  })

  it('applies the REST role rules: an agent outside the inbox is refused, a member is let in', async () => {
    const { world, inbox, path } = await setup()
    const refused = await openSocket(path, { api_access_token: world.agent.token })
    expect(refused.status).toBe(403)
    const byFrame = (await openSocket(path)).socket!
    byFrame.send({ type: 'auth', token: world.agent.token })
    expect((await byFrame.next('error')).data.code).toBe('forbidden')
    await addInboxMember(world, inbox.id, world.agent.id)
    const member = await openSocket(path, { api_access_token: world.agent.token })
    expect(member.status).toBe(101)
    await member.socket!.next('ready')
    member.socket!.close()
  })

  it("refuses another account's tokens and foreign conversation ids", async () => {
    const { path, conversation } = await setup()
    const other = await createWorld()
    for (const token of [other.admin.token, other.agent.token]) {
      expect((await openSocket(path, { api_access_token: token })).status).toBe(403)
      const byFrame = (await openSocket(path)).socket!
      byFrame.send({ type: 'auth', token })
      expect((await byFrame.next('error')).data.code).toBe('forbidden')
    }
    const foreign = await openSocket(
      `/api/v1/accounts/${other.accountId}/conversations/${conversation.displayId}/live`,
      { api_access_token: other.admin.token },
    )
    expect([404, 101]).toContain(foreign.status)
    if (foreign.socket) {
      // Their own conversation with the same display id, if they have one, is theirs, not ours.
      await foreign.socket.next('ready')
      expect(foreign.socket.frames.every((f) => f.event !== 'message.created')).toBe(true)
    }
  })

  it('answers ping with pong and an invalid frame with an error, staying open', async () => {
    const { world, path } = await setup()
    const socket = (await openSocket(path, { api_access_token: world.admin.token })).socket!
    await socket.next('ready')
    socket.send('not json')
    expect((await socket.next('error')).data.code).toBe('invalid_frame')
    socket.send({ type: 'typing', status: 'sideways' })
    socket.send({ type: 'ping' })
    await socket.next('pong')
    expect(socket.closed.code).toBeUndefined()
    socket.close()
  })

  it('shares typing with the other side and ends it when it is not refreshed', async () => {
    const { world, inbox, path, room } = await setup()
    await addInboxMember(world, inbox.id, world.agent.id)
    const typer = (await openSocket(path, { api_access_token: world.admin.token })).socket!
    const watcher = (await openSocket(path)).socket!
    watcher.send({ type: 'auth', token: world.agent.token })
    await typer.next('ready')
    await watcher.next('ready')
    typer.send({ type: 'typing', status: 'on' })
    const on = await watcher.next('conversation.typing_on')
    expect(on.data).toMatchObject({ is_private: false, user: { type: 'user' } })
    // The typer does not get its own typing back.
    await typer.flush()
    expect(typer.frames.some((f) => f.event === 'conversation.typing_on')).toBe(false)
    // Age the entry past its 30 s life, as time would, then run the alarm.
    await runInDurableObject(room(), async (_instance: ConversationRoom, state) => {
      const typing =
        (await state.storage.get<Record<string, { expiresAt: number }>>('typing')) ?? {}
      for (const entry of Object.values(typing)) entry.expiresAt = Date.now() - 1
      await state.storage.put('typing', typing)
    })
    expect(await runDurableObjectAlarm(room())).toBe(true)
    await watcher.next('conversation.typing_off')
    typer.close()
    watcher.close()
  })

  it('shares an agent’s typing of a private note with other agents as private', async () => {
    const { world, inbox, path } = await setup()
    await addInboxMember(world, inbox.id, world.agent.id)
    const typer = (await openSocket(path, { api_access_token: world.admin.token })).socket!
    const watcher = (await openSocket(path, { api_access_token: world.agent.token })).socket!
    await typer.next('ready')
    await watcher.next('ready')
    typer.send({ type: 'typing', status: 'on', is_private: true })
    expect((await watcher.next('conversation.typing_on')).data).toMatchObject({
      is_private: true,
    })
    typer.send({ type: 'typing', status: 'off', is_private: true })
    expect((await watcher.next('conversation.typing_off')).data.is_private).toBe(true)
    typer.close()
    watcher.close()
  })

  it('keeps sockets working across eviction, rebuilding from D1', async () => {
    const { world, conversation, path, room } = await setup()
    const socket = (await openSocket(`${path}?after=0`, { api_access_token: world.admin.token }))
      .socket!
    await socket.next('ready')
    await evictDurableObject(room(), { webSockets: 'hibernate' })
    socket.send({ type: 'ping' })
    await socket.next('pong')
    // A reconnect after eviction replays from D1 what was missed.
    socket.close()
    const missed = await insertMessage(conversation, world.accountId, { content: 'while away' })
    const again = (
      await openSocket(`${path}?after=${missed - 1}`, { api_access_token: world.admin.token })
    ).socket!
    expect((await again.next('message.created')).data.id).toBe(missed)
    again.close()
  })
})
