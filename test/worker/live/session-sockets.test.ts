import { describe, expect, it } from 'vitest'
import { ORIGIN, PASSWORD, sessionOf, setPassword, signIn, withCookie } from '../auth-helpers'
import { api, PLATFORM_TOKEN, type World } from '../helpers'
import { openSocket } from '../live-helpers'
import {
  expectRefused,
  feedPath,
  liveSocket,
  post,
  received,
  roomPath,
  type Socket,
  twoInboxes,
} from '../revocation-helpers'

// The dashboard's sockets: a browser cannot set headers on a WebSocket, but sends its same-origin
// cookie. The session authenticates the upgrade (Origin checked), `ready` comes without an auth
// frame, and ending the session closes the socket 4401.

/** A socket opened with the session cookie and our Origin, as the dashboard opens it. */
async function sessionSocket(path: string, session: string, origin = ORIGIN) {
  const opened = await openSocket(path, { cookie: `parley_session=${session}`, origin })
  expect(opened.status).toBe(101)
  const socket = opened.socket as Socket
  // No auth frame is sent: the session is enough.
  await socket.next('ready')
  return socket
}

async function signedInWorld() {
  const scope = await twoInboxes()
  await setPassword(scope.world.agent.id)
  await setPassword(scope.world.admin.id)
  return scope
}

async function sockets(world: World, displayId: number, session: string) {
  return {
    feed: await sessionSocket(feedPath(world), session),
    room: await sessionSocket(roomPath(world, displayId), session),
    adminFeed: await liveSocket(feedPath(world), world.admin.token),
    adminRoom: await liveSocket(roomPath(world, displayId), world.admin.token),
  }
}

describe('live sockets with the session cookie', () => {
  it('are ready at once without an auth frame, and receive frames of the agent’s inboxes', async () => {
    const { world, a } = await signedInWorld()
    const session = await sessionOf(world.agent.email)
    const feed = await sessionSocket(feedPath(world), session)
    const room = await sessionSocket(roomPath(world, a.displayId), session)
    expect(feed.frames[0]).toEqual({ event: 'ready', data: { account_id: world.accountId } })
    expect(room.frames[0]).toEqual({
      event: 'ready',
      data: { conversation_id: a.displayId, role: 'agent' },
    })
    const id = await post(world, a.displayId)
    await received(feed, id)
    await received(room, id)
  })

  it('refuses an upgrade whose Origin is another site’s, or missing (cross-site WebSocket hijacking)', async () => {
    const { world, a } = await signedInWorld()
    const session = await sessionOf(world.agent.email)
    for (const path of [feedPath(world), roomPath(world, a.displayId)]) {
      for (const origin of ['https://evil.example', undefined]) {
        const opened = await openSocket(path, {
          cookie: `parley_session=${session}`,
          ...(origin ? { origin } : {}),
        })
        expect(opened.status).toBe(403)
        expect(opened.socket).toBeNull()
        expect(JSON.parse(opened.body)).toMatchObject({ error: 'forbidden' })
      }
    }
  })

  it('refuses the cookie on another account’s sockets (403)', async () => {
    const { world } = await signedInWorld()
    const other = await twoInboxes()
    const session = await sessionOf(world.agent.email)
    for (const path of [feedPath(other.world), roomPath(other.world, other.a.displayId)]) {
      const opened = await openSocket(path, { cookie: `parley_session=${session}`, origin: ORIGIN })
      expect(opened.status).toBe(403)
    }
  })

  it('leaves a socket with an unknown cookie to its first frame, as a token client', async () => {
    const { world } = await signedInWorld()
    const opened = await openSocket(feedPath(world), {
      cookie: 'parley_session=stale',
      origin: ORIGIN,
    })
    expect(opened.status).toBe(101)
    const socket = opened.socket as Socket
    await new Promise((r) => setTimeout(r, 50))
    expect(socket.frames).toEqual([])
    socket.send({ type: 'auth', token: world.agent.token })
    await socket.next('ready')
  })

  it('take sign-in’s access_token in the first frame or as api_access_token, and close 4401 at sign-out', async () => {
    const { world, a } = await signedInWorld()
    const signedIn = await signIn(world.agent.email)
    const token = signedIn.json.data.access_token as string
    const byFrame = {
      feed: await liveSocket(feedPath(world), token, 'frame'),
      room: await liveSocket(roomPath(world, a.displayId), token, 'frame'),
    }
    const byHeader = await liveSocket(roomPath(world, a.displayId), token)
    const witness = await liveSocket(roomPath(world, a.displayId), world.admin.token)
    const id = await post(world, a.displayId)
    for (const socket of [byFrame.feed, byFrame.room, byHeader]) await received(socket, id)
    const out = await api('/auth/sign_out', { method: 'DELETE', token })
    expect(out.status).toBe(200)
    await expectRefused(byFrame.feed, 4401, 'unauthorized', witness, () => post(world, a.displayId))
    await expectRefused(byFrame.room, 4401, 'unauthorized', witness, () => post(world, a.displayId))
    await expectRefused(byHeader, 4401, 'unauthorized', witness, () => post(world, a.displayId))
  })

  it('sign-out closes the session’s sockets 4401; other sockets stay', async () => {
    const { world, a } = await signedInWorld()
    const session = await sessionOf(world.agent.email)
    const { feed, room, adminFeed, adminRoom } = await sockets(world, a.displayId, session)
    const out = await withCookie('/auth/sign_out', session, { method: 'DELETE' })
    expect(out.status).toBe(200)
    await expectRefused(feed, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
    await expectRefused(room, 4401, 'unauthorized', adminRoom, () => post(world, a.displayId))
  })

  it('a password change closes the user’s session sockets 4401', async () => {
    const { world, a } = await signedInWorld()
    const session = await sessionOf(world.agent.email)
    const { feed, room, adminFeed, adminRoom } = await sockets(world, a.displayId, session)
    const res = await api('/api/v1/profile', {
      method: 'PATCH',
      token: world.agent.token,
      body: { current_password: PASSWORD, password: 'another long password' },
    })
    expect(res.status).toBe(200)
    await expectRefused(feed, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
    await expectRefused(room, 4401, 'unauthorized', adminRoom, () => post(world, a.displayId))
  })

  it('removal from the account closes them 4401', async () => {
    const { world, a } = await signedInWorld()
    const session = await sessionOf(world.agent.email)
    const { feed, room, adminFeed, adminRoom } = await sockets(world, a.displayId, session)
    const res = await api(`/api/v1/accounts/${world.accountId}/agents/${world.agent.id}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    await expectRefused(feed, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
    await expectRefused(room, 4401, 'unauthorized', adminRoom, () => post(world, a.displayId))
  })

  it('user deletion closes them 4401', async () => {
    const { world, a } = await signedInWorld()
    const session = await sessionOf(world.agent.email)
    const { feed, room, adminFeed, adminRoom } = await sockets(world, a.displayId, session)
    const res = await api(`/platform/api/v1/users/${world.agent.id}`, {
      method: 'DELETE',
      token: PLATFORM_TOKEN,
    })
    expect(res.status).toBe(200)
    await expectRefused(feed, 4401, 'unauthorized', adminFeed, () => post(world, a.displayId))
    await expectRefused(room, 4401, 'unauthorized', adminRoom, () => post(world, a.displayId))
  })
})
