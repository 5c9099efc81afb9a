import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../worker/lib/crypto'
import {
  FEED_STATE_HEADER,
  type FeedSocket,
  type RoomSocket,
  SOCKET_STATE_HEADER,
} from '../../../worker/live/sockets'
import { accountFeed, conversationRoom } from '../../../worker/live/stubs'
import { api, createWorld, PLATFORM_TOKEN } from '../helpers'
import { addInboxMember, createApiInbox, insertConversation } from '../product-helpers'

// A socket whose token the worker checked just before a revocation, but which reaches its Durable
// Object only after the revalidation ran, must not keep the rights it had: the object checks it
// again as it joins. Here the worker's hand-off is made by hand, with the stale check.

/** Hands a socket to a Durable Object as the worker route does; its frames and close code. */
async function handOff(stub: DurableObjectStub, header: string, state: unknown) {
  const res = await stub.fetch('http://parley.test/live', {
    headers: { upgrade: 'websocket', [header]: JSON.stringify(state) },
  })
  const ws = res.webSocket
  if (!ws) throw new Error(`no socket: ${res.status}`)
  ws.accept()
  const frames: { event: string; data: Record<string, unknown> }[] = []
  const closed = new Promise<number>((resolve) =>
    ws.addEventListener('close', (e) => resolve(e.code)),
  )
  ws.addEventListener('message', (e) => {
    frames.push(JSON.parse(String(e.data)))
  })
  return { frames, closed }
}

async function rotatedAgent() {
  const world = await createWorld()
  const inbox = await createApiInbox(world)
  await addInboxMember(world, inbox.id, world.agent.id)
  const conversation = await insertConversation(world, inbox.id)
  const checkedAt = Date.now()
  const rotated = await api(`/platform/api/v1/users/${world.agent.id}/token`, {
    method: 'POST',
    token: PLATFORM_TOKEN,
  })
  expect(rotated.status).toBe(200)
  return {
    world,
    inbox,
    conversation,
    checkedAt,
    oldHash: await sha256Hex(world.agent.token),
    newHash: await sha256Hex(rotated.json.access_token),
  }
}

describe('a socket checked before a revocation that joins after it', () => {
  it('is checked again by the account feed: 4401 for the old token, ready for the new one', async () => {
    const { world, inbox, checkedAt, oldHash, newHash } = await rotatedAgent()
    const state = (tokenHash: string): FeedSocket => ({
      authed: true,
      accountId: world.accountId,
      userId: world.agent.id,
      role: 'agent',
      inboxIds: [inbox.id],
      tokenHash,
      checkedAt,
    })
    const feed = accountFeed(env, world.accountId)
    const stale = await handOff(feed, FEED_STATE_HEADER, state(oldHash))
    expect(await stale.closed).toBe(4401)
    expect(stale.frames.map((f) => [f.event, f.data.code])).toEqual([['error', 'unauthorized']])
    const fresh = await handOff(feed, FEED_STATE_HEADER, state(newHash))
    await expect.poll(() => fresh.frames.map((f) => f.event)).toEqual(['ready'])
  })

  it('is checked again by a conversation room that registers with the feed as it joins', async () => {
    const { world, conversation, checkedAt, oldHash } = await rotatedAgent()
    const state: RoomSocket = {
      role: 'agent',
      authed: true,
      accountId: world.accountId,
      conversationId: conversation.id,
      displayId: conversation.displayId,
      inboxId: conversation.inboxId,
      after: null,
      lastMessageId: 0,
      origin: 'http://parley.test',
      userId: world.agent.id,
      tokenHash: oldHash,
      checkedAt,
    }
    const room = conversationRoom(env, world.accountId, conversation.id)
    const stale = await handOff(room, SOCKET_STATE_HEADER, state)
    expect(await stale.closed).toBe(4401)
    expect(stale.frames.map((f) => [f.event, f.data.code])).toEqual([['error', 'unauthorized']])
  })
})
