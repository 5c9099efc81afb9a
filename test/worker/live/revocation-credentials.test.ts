import { describe, expect, it } from 'vitest'
import { createInbox } from '../conversation-helpers'
import { api, createWorld, PLATFORM_TOKEN } from '../helpers'
import { openSocket } from '../live-helpers'
import {
  conversationOf,
  createVisitor,
  type PublicInbox,
  publicPath,
  publicScene,
  startConversation,
} from '../public-helpers'
import {
  type AuthBy,
  expectRefused,
  feedPath,
  liveSocket,
  newConversation,
  post,
  received,
  roomPath,
  type Socket,
  twoInboxes,
} from '../revocation-helpers'

// Credentials that are gone close the socket (4401); a deleted inbox closes its conversations'
// sockets (4410). Rights that merely shrink are in revocation.test.ts.

const platform = (path: string, method = 'POST') =>
  api(`/platform/api/v1${path}`, { method, token: PLATFORM_TOKEN })

describe('live sockets when a credential is gone', () => {
  for (const by of ['header', 'frame'] as AuthBy[]) {
    it(`a user token rotated: sockets authenticated by ${by} close 4401, the new token connects`, async () => {
      const { world, a } = await twoInboxes()
      const feed = await liveSocket(feedPath(world), world.agent.token, by)
      const room = await liveSocket(roomPath(world, a.displayId), world.agent.token, by)
      const adminFeed = await liveSocket(feedPath(world), world.admin.token)
      const adminRoom = await liveSocket(roomPath(world, a.displayId), world.admin.token)
      const rotated = await platform(`/users/${world.agent.id}/token`)
      expect(rotated.status).toBe(200)
      await expectRefused(feed, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
      await expectRefused(room, 4401, 'unauthorized', adminRoom, () => post(world, a.displayId))
      const fresh = await liveSocket(feedPath(world), rotated.json.access_token, by)
      await received(fresh, await post(world, a.displayId))
    })
  }

  it('a user deleted through the platform API: its sockets close 4401 in each of its accounts', async () => {
    const { world, a } = await twoInboxes()
    const other = await createWorld()
    const joined = await api(`/platform/api/v1/accounts/${other.accountId}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: world.agent.id, role: 'administrator' },
    })
    expect(joined.status).toBe(200)
    const otherConversation = await newConversation(other, (await createInbox(other)).id)
    const feed = await liveSocket(feedPath(world), world.agent.token)
    const room = await liveSocket(roomPath(world, a.displayId), world.agent.token)
    const otherFeed = await liveSocket(feedPath(other), world.agent.token, 'frame')
    const adminFeed = await liveSocket(feedPath(world), world.admin.token)
    const otherAdminFeed = await liveSocket(feedPath(other), other.admin.token)
    expect((await platform(`/users/${world.agent.id}`, 'DELETE')).status).toBe(200)
    await expectRefused(feed, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
    await expectRefused(room, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
    await expectRefused(otherFeed, 4401, 'unauthorized', otherAdminFeed, () =>
      post(other, otherConversation),
    )
  })

  it('an agent bot deleted (its token revoked): its sockets close 4401', async () => {
    const { world, a } = await twoInboxes()
    const bot = await api('/platform/api/v1/agent_bots', {
      token: PLATFORM_TOKEN,
      body: { name: 'Helper', account_id: world.accountId },
    })
    expect(bot.status).toBe(200)
    // Bots cannot use the header on sockets (as on most endpoints): they send a first frame.
    const feed = await liveSocket(feedPath(world), bot.json.access_token, 'frame')
    const room = await liveSocket(roomPath(world, a.displayId), bot.json.access_token, 'frame')
    const adminFeed = await liveSocket(feedPath(world), world.admin.token)
    const adminRoom = await liveSocket(roomPath(world, a.displayId), world.admin.token)
    await received(feed, await post(world, a.displayId))
    expect((await platform(`/agent_bots/${bot.json.id}`, 'DELETE')).status).toBe(200)
    await expectRefused(feed, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
    await expectRefused(room, 4401, 'unauthorized', adminRoom, () => post(world, a.displayId))
  })

  it("an inbox deleted: its conversations' agent and visitor sockets close 4410, the feed stays", async () => {
    const { world, inbox } = await publicScene('web_widget')
    // One conversation with an agent watching, one with only its visitor.
    const watched = await visitorOnConversation(inbox)
    const alone = await visitorOnConversation(inbox)
    const agentRoom = await liveSocket(roomPath(world, watched.displayId), world.admin.token)
    const feed = await liveSocket(feedPath(world), world.admin.token)
    const deleted = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(deleted.status).toBe(200)
    for (const socket of [watched.socket, alone.socket, agentRoom]) {
      expect(await socket.closeCode()).toBe(4410)
      expect(socket.frames.at(-1)).toMatchObject({ event: 'error', data: { code: 'gone' } })
    }
    const other = await createInbox(world)
    await received(feed, await post(world, await newConversation(world, other.id)))
    expect(feed.closed.code).toBeUndefined()
  })
})

describe('a conversation deleted', () => {
  it('closes its agent and visitor sockets 4410 at once', async () => {
    const { world, inbox } = await publicScene('web_widget')
    const watched = await visitorOnConversation(inbox)
    const agentRoom = await liveSocket(roomPath(world, watched.displayId), world.admin.token)
    const deleted = await api(
      `/api/v1/accounts/${world.accountId}/conversations/${watched.displayId}`,
      { method: 'DELETE', token: world.admin.token },
    )
    expect(deleted.status).toBe(200)
    for (const socket of [watched.socket, agentRoom]) {
      expect(await socket.closeCode()).toBe(4410)
      expect(socket.frames.at(-1)).toMatchObject({ event: 'error', data: { code: 'gone' } })
    }
  })
})

/** A new visitor's conversation in the inbox, with the visitor's socket open on it. */
async function visitorOnConversation(inbox: PublicInbox) {
  const visitor = await createVisitor(inbox)
  const { displayId } = await startConversation(inbox, visitor)
  const live = publicPath(inbox.identifier, `${conversationOf(visitor, displayId)}/live`)
  const socket = (await openSocket(live)).socket as Socket
  socket.send({ type: 'auth', token: visitor.pubsubToken })
  await socket.next('ready')
  return { displayId, socket }
}
