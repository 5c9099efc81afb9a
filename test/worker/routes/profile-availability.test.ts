import { describe, expect, it } from 'vitest'
import { createWorldWithPasswords, sessionOf, withCookie } from '../auth-helpers'
import { addInboxMember } from '../conversation-helpers'
import { api, createWorld, expectError, type World } from '../helpers'
import { createPublicInbox } from '../public-helpers'
import { feedPath, liveSocket } from '../revocation-helpers'

// The agent's availability switch (online / busy / offline) is what the widget's "we are online"
// reads: the public inbox's `online` and `available_agents`, from the inbox's members only. Each
// agent here has a dashboard open (an account feed socket): without one, auto_offline shows them
// offline whatever they chose (test/worker/live/presence.test.ts).

/** The user's dashboard is open: their account feed socket is ready. */
async function dashboardOpen(world: World, token: string) {
  const socket = await liveSocket(feedPath(world), token)
  await socket.flush()
  return socket
}

describe("agent availability and the widget's online status", () => {
  it('online, busy and offline in the profile are what the public inbox reports', async () => {
    const world = await createWorld()
    const inbox = await createPublicInbox(world)
    await addInboxMember(world, inbox.id, world.agent.id)
    const publicView = async () => (await inbox.call('')).json
    await api('/api/v1/profile/availability', {
      token: world.agent.token,
      body: { profile: { account_id: world.accountId, availability: 'offline' } },
    })
    const socket = await dashboardOpen(world, world.agent.token)
    expect(await publicView()).toMatchObject({ online: false, available_agents: [] })

    const online = await api('/api/v1/profile/availability', {
      token: world.agent.token,
      body: { profile: { account_id: world.accountId, availability: 'online' } },
    })
    expect(online.status).toBe(200)
    expect(await publicView()).toMatchObject({
      online: true,
      available_agents: [{ id: world.agent.id, name: 'Agent', avatar_url: '' }],
    })
    for (const availability of ['busy', 'offline']) {
      const res = await api('/api/v1/profile/availability', {
        token: world.agent.token,
        body: { profile: { account_id: world.accountId, availability } },
      })
      expect(res.json.accounts[0].availability).toBe(availability)
      expect(await publicView()).toMatchObject({ online: false, available_agents: [] })
    }
    socket.close()
  })

  it('counts only members of that inbox: an online administrator outside it is not', async () => {
    const world = await createWorld()
    const inbox = await createPublicInbox(world)
    const socket = await dashboardOpen(world, world.admin.token)
    await api('/api/v1/profile/availability', {
      token: world.admin.token,
      body: { profile: { account_id: world.accountId, availability: 'online' } },
    })
    expect((await inbox.call('')).json).toMatchObject({ online: false })
    await addInboxMember(world, inbox.id, world.admin.id)
    expect((await inbox.call('')).json).toMatchObject({ online: true })
    socket.close()
  })

  it('is set from the dashboard with the session cookie', async () => {
    const world = await createWorldWithPasswords()
    const inbox = await createPublicInbox(world)
    await addInboxMember(world, inbox.id, world.agent.id)
    const socket = await dashboardOpen(world, world.agent.token)
    const session = await sessionOf(world.agent.email)
    const busy = await withCookie('/api/v1/profile/availability', session, {
      body: { profile: { account_id: world.accountId, availability: 'busy' } },
    })
    expect(busy.status).toBe(200)
    expect((await inbox.call('')).json).toMatchObject({ online: false })
    const res = await withCookie('/api/v1/profile/availability', session, {
      body: { profile: { account_id: world.accountId, availability: 'online' } },
    })
    expect(res.status).toBe(200)
    expect((await inbox.call('')).json).toMatchObject({ online: true })
    socket.close()
  })

  it("refuses another account's id with 404 and changes nothing there", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const inbox = await createPublicInbox(other)
    await addInboxMember(other, inbox.id, other.agent.id)
    const res = await api('/api/v1/profile/availability', {
      token: world.agent.token,
      body: { profile: { account_id: other.accountId, availability: 'online' } },
    })
    expectError(res, 404, 'not_found')
    expect((await inbox.call('')).json).toMatchObject({ online: false })
  })
})
