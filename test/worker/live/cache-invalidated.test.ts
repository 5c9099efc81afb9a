import { describe, expect, it } from 'vitest'
import { FEED_FRAMES } from '../../../worker/schemas/live-frames'
import { api, createWorld, type World } from '../helpers'
import { feedPath, liveSocket, type Socket } from '../revocation-helpers'

// Labels, canned responses and teams changed in Settings reach the account's open dashboards as
// Chatwoot's account.cache_invalidated on the account feed, naming what changed; never another
// account's feed.

const base = (world: World, resource: string) => `/api/v1/accounts/${world.accountId}/${resource}`

/** Waits for the frame naming `key` on the socket; checks it against the feed's schema. */
async function invalidated(socket: Socket, key: string) {
  for (let at = 0; ; ) {
    const frame = await socket.next('account.cache_invalidated', at)
    at = socket.frames.indexOf(frame) + 1
    const keys = frame.data.cache_keys as Record<string, unknown>
    if (!(key in keys)) continue
    expect(FEED_FRAMES['account.cache_invalidated'].safeParse(frame.data).success).toBe(true)
    return frame.data
  }
}

describe('account.cache_invalidated', () => {
  it("reaches an agent's feed of the account when an administrator creates a label, and not another account's", async () => {
    const world = await createWorld()
    const stranger = await createWorld()
    const agent = await liveSocket(feedPath(world), world.agent.token)
    const otherAgent = await liveSocket(feedPath(stranger), stranger.agent.token)
    const otherAdmin = await liveSocket(feedPath(stranger), stranger.admin.token)

    const res = await api(base(world, 'labels'), {
      token: world.admin.token,
      body: { title: 'vip', color: '#1f93ff' },
    })
    expect(res.status).toBe(200)

    const data = await invalidated(agent, 'label')
    expect(data.account_id).toBe(world.accountId)
    await otherAgent.flush()
    await otherAdmin.flush()
    for (const socket of [otherAgent, otherAdmin]) {
      expect(socket.frames.map((f) => f.event)).not.toContain('account.cache_invalidated')
    }
  })

  it('names the label on update and delete, the canned response and the team on theirs', async () => {
    const world = await createWorld()
    const agent = await liveSocket(feedPath(world), world.agent.token)
    const token = world.admin.token

    const label = await api(base(world, 'labels'), { token, body: { title: 'billing' } })
    await invalidated(agent, 'label')
    let from = agent.frames.length
    expect(
      (await api(`${base(world, 'labels')}/${label.json.id}`, { token, method: 'DELETE' })).status,
    ).toBe(200)
    await agent.next('account.cache_invalidated', from)

    from = agent.frames.length
    const canned = await api(base(world, 'canned_responses'), {
      token,
      body: { short_code: 'hi', content: 'Hello!' },
    })
    expect(canned.status).toBe(200)
    const cannedFrame = await agent.next('account.cache_invalidated', from)
    expect(Object.keys(cannedFrame.data.cache_keys as object)).toEqual(['canned_response'])

    from = agent.frames.length
    const team = await api(base(world, 'teams'), { token, body: { name: 'Support' } })
    expect(team.status).toBe(200)
    const teamFrame = await agent.next('account.cache_invalidated', from)
    expect(Object.keys(teamFrame.data.cache_keys as object)).toEqual(['team'])

    from = agent.frames.length
    const renamed = await api(`${base(world, 'teams')}/${team.json.id}`, {
      token,
      method: 'PATCH',
      body: { name: 'Billing' },
    })
    expect(renamed.status).toBe(200)
    await agent.next('account.cache_invalidated', from)
  })

  it('is not sent when a write is refused', async () => {
    const world = await createWorld()
    const admin = await liveSocket(feedPath(world), world.admin.token)
    const res = await api(base(world, 'labels'), {
      token: world.agent.token,
      body: { title: 'nope' },
    })
    expect(res.status).toBe(403)
    await admin.flush()
    expect(admin.frames.map((f) => f.event)).not.toContain('account.cache_invalidated')
  })
})
