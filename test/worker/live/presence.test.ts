import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { FEED_FRAMES } from '../../../worker/schemas/live-frames'
import { addInboxMember } from '../conversation-helpers'
import { api, createWorld, type World } from '../helpers'
import { createPublicInbox } from '../public-helpers'
import { feedPath, liveSocket, type Socket } from '../revocation-helpers'

// Chatwoot's presence: an agent with auto_offline (the default) is what they chose while a
// dashboard of theirs is open (the account feed socket), and offline a grace period after the
// last one closes (the feed's alarm); colleagues get each change as `presence.update`.

const feedOf = (world: World) =>
  env.ACCOUNT_FEED.get(env.ACCOUNT_FEED.idFromName(String(world.accountId)))

/** The agent's availability_status as the agents API reports it. */
async function statusOf(world: World, userId: number) {
  const res = await api(`/api/v1/accounts/${world.accountId}/agents`, { token: world.admin.token })
  expect(res.status).toBe(200)
  return (res.json as { id: number; availability_status: string }[]).find((a) => a.id === userId)
    ?.availability_status
}

/** The profile's own availability_status in the world's account. */
async function ownStatus(world: World, token: string) {
  const res = await api('/api/v1/profile', { token })
  return (res.json.accounts as { id: number; availability_status: string }[]).find(
    (a) => a.id === world.accountId,
  )?.availability_status
}

/** Closes the socket and waits until the feed has scheduled its going offline. */
async function closeAndWaitForSchedule(world: World, socket: Socket) {
  socket.close()
  const until = Date.now() + 5000
  for (;;) {
    const pending = await runInDurableObject(feedOf(world), (_, state) =>
      state.storage.list({ prefix: 'offline:' }),
    )
    if (pending.size > 0) return
    if (Date.now() > until) throw new Error('the feed scheduled no going offline')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** The grace period passes: every pending time is due; then the alarm runs. */
async function graceElapses(world: World) {
  await runInDurableObject(feedOf(world), async (_, state) => {
    const pending = await state.storage.list<number>({ prefix: 'offline:' })
    for (const key of pending.keys()) await state.storage.put(key, Date.now() - 1)
  })
  await runDurableObjectAlarm(feedOf(world))
}

async function choose(world: World, token: string, availability: string) {
  const res = await api('/api/v1/profile/availability', {
    token,
    body: { profile: { account_id: world.accountId, availability } },
  })
  expect(res.status).toBe(200)
}

/** Waits for the presence.update about `userId` after `from` frames; checks its schema. */
async function presenceOf(socket: Socket, userId: number, from: number) {
  for (let at = from; ; ) {
    const frame = await socket.next('presence.update', at)
    at = socket.frames.indexOf(frame) + 1
    expect(FEED_FRAMES['presence.update'].safeParse(frame.data).success).toBe(true)
    const status = (frame.data.users as Record<string, string>)[String(userId)]
    if (status) return status
  }
}

describe('agent presence from the account feed', () => {
  it('is online while a dashboard is open and offline after the grace once it closes', async () => {
    const world = await createWorld()
    expect(await statusOf(world, world.agent.id)).toBe('offline')
    const socket = await liveSocket(feedPath(world), world.agent.token)
    await socket.flush()
    expect(await statusOf(world, world.agent.id)).toBe('online')
    expect(await ownStatus(world, world.agent.token)).toBe('online')

    await closeAndWaitForSchedule(world, socket)
    // Within the grace (a reload), still online.
    expect(await statusOf(world, world.agent.id)).toBe('online')
    await graceElapses(world)
    expect(await statusOf(world, world.agent.id)).toBe('offline')
  })

  it('a reload within the grace keeps the agent online through the alarm', async () => {
    const world = await createWorld()
    const first = await liveSocket(feedPath(world), world.agent.token)
    await closeAndWaitForSchedule(world, first)
    const second = await liveSocket(feedPath(world), world.agent.token)
    await second.flush()
    await runDurableObjectAlarm(feedOf(world))
    expect(await statusOf(world, world.agent.id)).toBe('online')
    second.close()
  })

  it('busy and offline chosen stay so while the dashboard is open', async () => {
    const world = await createWorld()
    const socket = await liveSocket(feedPath(world), world.agent.token)
    await socket.flush()
    await choose(world, world.agent.token, 'busy')
    expect(await statusOf(world, world.agent.id)).toBe('busy')
    await choose(world, world.agent.token, 'offline')
    expect(await statusOf(world, world.agent.id)).toBe('offline')
    socket.close()
  })

  it('with auto_offline off the chosen status holds with no dashboard open', async () => {
    const world = await createWorld()
    const res = await api(`/api/v1/accounts/${world.accountId}/agents/${world.agent.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { availability: 'busy', auto_offline: false },
    })
    expect(res.status).toBe(200)
    expect(res.json.availability_status).toBe('busy')
    expect(await statusOf(world, world.agent.id)).toBe('busy')
  })

  it("tells a colleague's dashboard live: online on connect, the choice, offline after", async () => {
    const world = await createWorld()
    const admin = await liveSocket(feedPath(world), world.admin.token)
    let from = admin.frames.length
    const agent = await liveSocket(feedPath(world), world.agent.token)
    expect(await presenceOf(admin, world.agent.id, from)).toBe('online')

    from = admin.frames.length
    await choose(world, world.agent.token, 'busy')
    expect(await presenceOf(admin, world.agent.id, from)).toBe('busy')

    from = admin.frames.length
    await closeAndWaitForSchedule(world, agent)
    await graceElapses(world)
    expect(await presenceOf(admin, world.agent.id, from)).toBe('offline')
    admin.close()
  })

  it("the agent's own other tab follows their choice live", async () => {
    const world = await createWorld()
    const tab = await liveSocket(feedPath(world), world.agent.token)
    await tab.flush()
    const from = tab.frames.length
    await choose(world, world.agent.token, 'busy')
    expect(await presenceOf(tab, world.agent.id, from)).toBe('busy')
    tab.close()
  })

  it('POST /profile/auto_offline turns it off: the chosen status holds with no dashboard', async () => {
    const world = await createWorld()
    const set = await api('/api/v1/profile/auto_offline', {
      token: world.agent.token,
      body: { profile: { account_id: world.accountId, auto_offline: false } },
    })
    expect(set.status).toBe(200)
    const own = (set.json.accounts as { id: number; auto_offline: boolean }[]).find(
      (a) => a.id === world.accountId,
    )
    expect(own?.auto_offline).toBe(false)
    expect(await statusOf(world, world.agent.id)).toBe('online')
    const back = await api('/api/v1/profile/auto_offline', {
      token: world.agent.token,
      body: { profile: { account_id: world.accountId, auto_offline: true } },
    })
    expect(back.status).toBe(200)
    expect(await statusOf(world, world.agent.id)).toBe('offline')
  })

  it('POST /profile/auto_offline refuses an account the user is not in, and a bad value', async () => {
    const world = await createWorld()
    const other = await api('/api/v1/profile/auto_offline', {
      token: world.agent.token,
      body: { profile: { account_id: world.accountId + 1000, auto_offline: false } },
    })
    expect(other.status).toBe(404)
    const bad = await api('/api/v1/profile/auto_offline', {
      token: world.agent.token,
      body: { profile: { account_id: world.accountId, auto_offline: 'no' } },
    })
    expect(bad.status).toBe(422)
  })

  it('auto-assignment and the widget count an agent online only while connected', async () => {
    const world = await createWorld()
    const inbox = await createPublicInbox(world)
    await addInboxMember(world, inbox.id, world.agent.id)
    const before = (await inbox.call('')).json
    expect(before).toMatchObject({ online: false, available_agents: [] })

    const socket = await liveSocket(feedPath(world), world.agent.token)
    await socket.flush()
    const after = (await inbox.call('')).json
    expect(after.online).toBe(true)
    expect(after.available_agents).toEqual([
      { id: world.agent.id, name: 'Agent', avatar_url: expect.any(String) },
    ])
    expect(JSON.stringify(after)).not.toContain(world.agent.email)
    socket.close()
  })

  it("another account's online agent is not in this inbox's available agents", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const inbox = await createPublicInbox(world)
    const socket = await liveSocket(feedPath(other), other.agent.token)
    await socket.flush()
    expect((await inbox.call('')).json).toMatchObject({ online: false, available_agents: [] })
    socket.close()
  })
})
