import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { accountFeed, conversationRoom } from '../../../worker/live/stubs'
import { addInboxMember } from '../conversation-helpers'
import { accountDb, api } from '../helpers'
import { addMember } from '../members-helpers'
import {
  expectRefused,
  expectSkipped,
  feedPath,
  liveSocket,
  post,
  received,
  roomPath,
  twoInboxes,
} from '../revocation-helpers'

// Rights that shrink: the feed narrows and stays open, a conversation socket that lost its inbox
// closes. Credentials that are gone are in revocation-credentials.test.ts.

async function removeFromInbox(
  world: { accountId: number; admin: { token: string } },
  inboxId: number,
  userId: number,
) {
  const res = await api(`/api/v1/accounts/${world.accountId}/inbox_members`, {
    method: 'DELETE',
    token: world.admin.token,
    body: { inbox_id: inboxId, user_ids: [userId] },
  })
  expect(res.status).toBe(200)
}

describe('live sockets when rights are taken away', () => {
  it('an inbox membership removed: the feed drops that inbox and stays open, its conversation socket closes 4403', async () => {
    const { world, a, b } = await twoInboxes()
    const feed = await liveSocket(feedPath(world), world.agent.token)
    const room = await liveSocket(roomPath(world, a.displayId), world.agent.token)
    const adminFeed = await liveSocket(feedPath(world), world.admin.token)
    const adminRoom = await liveSocket(roomPath(world, a.displayId), world.admin.token)
    await received(feed, await post(world, a.displayId))
    await removeFromInbox(world, a.inboxId, world.agent.id)
    await expectRefused(room, 4403, 'forbidden', adminRoom, () => post(world, a.displayId))
    await expectSkipped(feed, await post(world, a.displayId), adminFeed, () =>
      post(world, b.displayId),
    )
    // The narrowed feed is told, so a client reloads what it shows; the unchanged one is not.
    expect((await feed.next('access.changed')).data).toEqual({ account_id: world.accountId })
    expect(adminFeed.frames.some((f) => f.event === 'access.changed')).toBe(false)
  })

  it('an agent removed from the account: its feed and conversation sockets close 4401', async () => {
    const { world, a } = await twoInboxes()
    const feed = await liveSocket(feedPath(world), world.agent.token)
    const room = await liveSocket(roomPath(world, a.displayId), world.agent.token, 'frame')
    const adminFeed = await liveSocket(feedPath(world), world.admin.token)
    const adminRoom = await liveSocket(roomPath(world, a.displayId), world.admin.token)
    const res = await api(`/api/v1/accounts/${world.accountId}/agents/${world.agent.id}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    await expectRefused(room, 4401, 'unauthorized', adminRoom, () => post(world, a.displayId))
    await expectRefused(feed, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
  })

  it('an administrator demoted to agent: the feed narrows to its member inboxes, a socket elsewhere closes 4403', async () => {
    const { world, a, b } = await twoInboxes()
    const demoted = await addMember(world.accountId, 'administrator')
    await addInboxMember(world, b.inboxId, demoted.id)
    const feed = await liveSocket(feedPath(world), demoted.token, 'frame')
    const room = await liveSocket(roomPath(world, a.displayId), demoted.token)
    const adminFeed = await liveSocket(feedPath(world), world.admin.token)
    const adminRoom = await liveSocket(roomPath(world, a.displayId), world.admin.token)
    // Before, as an administrator, it sees every inbox.
    await received(feed, await post(world, a.displayId))
    const res = await api(`/api/v1/accounts/${world.accountId}/agents/${demoted.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'agent' },
    })
    expect(res.status).toBe(200)
    await expectRefused(room, 4403, 'forbidden', adminRoom, () => post(world, a.displayId))
    await expectSkipped(feed, await post(world, a.displayId), adminFeed, () =>
      post(world, b.displayId),
    )
    expect((await feed.next('access.changed')).data).toEqual({ account_id: world.accountId })
  })

  it('reaches sockets of hibernated objects: the room registry outlives the memory', async () => {
    const { world, a, b } = await twoInboxes()
    const feed = await liveSocket(feedPath(world), world.agent.token)
    const room = await liveSocket(roomPath(world, a.displayId), world.agent.token)
    const adminFeed = await liveSocket(feedPath(world), world.admin.token)
    const adminRoom = await liveSocket(roomPath(world, a.displayId), world.admin.token)
    const conversationId = await conversationIdOf(world.accountId, a.displayId)
    await evictDurableObject(accountFeed(env, world.accountId), { webSockets: 'hibernate' })
    await evictDurableObject(conversationRoom(env, world.accountId, conversationId), {
      webSockets: 'hibernate',
    })
    await removeFromInbox(world, a.inboxId, world.agent.id)
    await expectRefused(room, 4403, 'forbidden', adminRoom, () => post(world, a.displayId))
    await expectSkipped(feed, await post(world, a.displayId), adminFeed, () =>
      post(world, b.displayId),
    )
  })

  it("a room is in its account feed's registry only while it has sockets", async () => {
    const { world, a } = await twoInboxes()
    const conversationId = await conversationIdOf(world.accountId, a.displayId)
    const registry = () =>
      runInDurableObject(accountFeed(env, world.accountId), async (_feed, state) => [
        ...(await state.storage.list({ prefix: 'room:' })).entries(),
      ])
    const room = await liveSocket(roomPath(world, a.displayId), world.agent.token)
    expect(await registry()).toEqual([
      [`room:${conversationId}`, { inboxId: a.inboxId, agents: true }],
    ])
    room.close()
    await expect.poll(registry).toEqual([])
  })
})

async function conversationIdOf(accountId: number, displayId: number) {
  const id = await (await accountDb(accountId))
    .prepare('select id from conversations where account_id = ? and display_id = ?')
    .bind(accountId, displayId)
    .first<number>('id')
  return id as number
}
