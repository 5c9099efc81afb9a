import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { type RoomSocket, SOCKET_STATE_HEADER } from '../../../worker/live/sockets'
import { conversationRoom } from '../../../worker/live/stubs'
import { createWorld } from '../helpers'
import { openSocket } from '../live-helpers'
import { createApiInbox, insertConversation } from '../product-helpers'

// A room remembers the account and conversation it serves (from its first hand-off) and refuses
// a broadcast or a socket for any other, whatever name it was reached by.

async function servedRoom() {
  const world = await createWorld()
  const inbox = await createApiInbox(world)
  const conversation = await insertConversation(world, inbox.id)
  const path = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/live`
  const socket = (await openSocket(path, { api_access_token: world.admin.token })).socket!
  await socket.next('ready')
  return {
    world,
    conversation,
    socket,
    room: conversationRoom(env, world.accountId, conversation.id),
  }
}

const message = (accountId: number, conversationId: number) => ({
  accountId,
  conversationId,
  event: 'message.created' as const,
  agent: { id: 999_999, content: 'not yours' },
  visitor: { id: 999_999, content: 'not yours' },
  messageId: 999_999,
})

describe('a conversation room', () => {
  it('is named by account and conversation: the same table id in two accounts names two rooms', () => {
    const a = conversationRoom(env, 1, 42).id
    const b = conversationRoom(env, 2, 42).id
    expect(a.equals(b)).toBe(false)
    expect(a.equals(conversationRoom(env, 1, 43).id)).toBe(false)
    expect(a.equals(conversationRoom(env, 1, 42).id)).toBe(true)
  })

  it('refuses a broadcast for another account or conversation, and sends one for its own', async () => {
    const { world, conversation, socket, room } = await servedRoom()
    expect(await room.broadcast(message(world.accountId + 1, conversation.id))).toBe(0)
    expect(await room.broadcast(message(world.accountId, conversation.id + 1))).toBe(0)
    await socket.flush()
    expect(socket.frames.some((f) => f.event === 'message.created')).toBe(false)
    expect(await room.broadcast(message(world.accountId, conversation.id))).toBe(1)
    expect((await socket.next('message.created')).data.content).toBe('not yours')
    socket.close()
  })

  it('refuses a hand-off of a socket of another account', async () => {
    const { world, conversation, socket, room } = await servedRoom()
    const other = await createWorld()
    const state: RoomSocket = {
      role: 'agent',
      authed: true,
      accountId: other.accountId,
      conversationId: conversation.id,
      displayId: conversation.displayId,
      inboxId: conversation.inboxId,
      after: 0,
      lastMessageId: 0,
      origin: 'http://parley.test',
      userId: other.admin.id,
      userName: 'Other',
      tokenHash: 'x',
      checkedAt: Date.now(),
    }
    const res = await room.fetch('http://parley.test/live', {
      headers: { upgrade: 'websocket', [SOCKET_STATE_HEADER]: JSON.stringify(state) },
    })
    expect(res.status).toBe(409)
    expect(res.webSocket).toBeNull()
    expect(await room.connectionCount()).toBe(1)
    expect(world.accountId).not.toBe(other.accountId)
    socket.close()
  })
})
