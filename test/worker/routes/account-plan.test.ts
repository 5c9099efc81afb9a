import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { runScheduledWork } from '../../../worker/scheduled'
import { accountPath, conversationPath, createScene } from '../conversation-helpers'
import {
  api,
  createUser,
  createWorld,
  expectError,
  PLATFORM_TOKEN,
  uniq,
  type World,
} from '../helpers'

/*
 * A platform account's limits and features (lib/account-plan.ts): limits.agents and
 * limits.inboxes are enforced where members and inboxes are made; a switchable feature set to
 * false switches that thing off; a flag for something Parley lacks cannot be turned on.
 */

const platformAccount = (world: World) => `/platform/api/v1/accounts/${world.accountId}`
const setPlan = async (world: World, body: Record<string, unknown>) => {
  const res = await api(platformAccount(world), { method: 'PATCH', token: PLATFORM_TOKEN, body })
  expect(res.status, res.text).toBe(200)
  return res.json
}
const newInbox = (world: World, channel: Record<string, unknown>) =>
  api(`/api/v1/accounts/${world.accountId}/inboxes`, {
    token: world.admin.token,
    body: { name: uniq('Inbox '), channel },
  })
const fields = (res: { json: { errors: { field: string }[] } }) =>
  res.json.errors.map((e) => e.field)

describe('platform account limits', () => {
  it('refuses an inbox beyond limits.inboxes with a 422 naming the limit', async () => {
    const world = await createWorld()
    await setPlan(world, { limits: { inboxes: 1 } })
    expect((await newInbox(world, { type: 'api' })).status).toBe(200)
    const refused = await newInbox(world, { type: 'api' })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.errors).toEqual([
      expect.objectContaining({ field: 'limits.inboxes', code: 'too_many' }),
    ])
    await setPlan(world, { limits: { inboxes: null } })
    expect((await newInbox(world, { type: 'api' })).status).toBe(200)
  })

  it('refuses a member beyond limits.agents, by agent create and platform account_users', async () => {
    const world = await createWorld()
    await setPlan(world, { limits: { agents: 2 } })
    const created = await api(`/api/v1/accounts/${world.accountId}/agents`, {
      token: world.admin.token,
      body: { name: 'Third', email: `${uniq('third')}@example.com`, role: 'agent' },
    })
    expectError(created, 422, 'validation_failed')
    expect(fields(created)).toEqual(['limits.agents'])
    const user = await createUser(PLATFORM_TOKEN, 'Outsider')
    const added = await api(`${platformAccount(world)}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: user.id, role: 'agent' },
    })
    expectError(added, 422, 'validation_failed')
    expect(fields(added)).toEqual(['limits.agents'])
    // A member already counted may change role.
    const promoted = await api(`${platformAccount(world)}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: world.agent.id, role: 'administrator' },
    })
    expect(promoted.status, promoted.text).toBe(200)
    await setPlan(world, { limits: { agents: 3 } })
    const room = await api(`${platformAccount(world)}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: user.id, role: 'agent' },
    })
    expect(room.status, room.text).toBe(200)
  })

  it('refuses an unknown limit key with a 422 naming it', async () => {
    const res = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: uniq('Acme'), limits: { agents: 5, captain_responses: 100 } },
    })
    expectError(res, 422, 'validation_failed')
    expect(fields(res)).toEqual(['limits.captain_responses'])
  })
})

describe('platform account features', () => {
  it('refuses turning on a feature Parley does not have, naming it, and accepts it off', async () => {
    const res = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: uniq('Acme'), features: { help_center: true, campaigns: false } },
    })
    expectError(res, 422, 'validation_failed')
    expect(fields(res)).toEqual(['features.help_center'])
    const off = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: uniq('Acme'), features: { help_center: false, labels: true } },
    })
    expect(off.status, off.text).toBe(200)
  })

  it('refuses switching off a feature Parley always has', async () => {
    const res = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: uniq('Acme'), features: { labels: false } },
    })
    expectError(res, 422, 'validation_failed')
    expect(fields(res)).toEqual(['features.labels'])
  })

  it('channel_website and channel_email off: those inboxes cannot be created, API ones still can', async () => {
    const world = await createWorld()
    await setPlan(world, { features: { channel_website: false, channel_email: false } })
    const website = await newInbox(world, { type: 'web_widget', website_url: 'https://a.example' })
    expectError(website, 422, 'validation_failed')
    expect(website.json.errors).toEqual([
      expect.objectContaining({
        field: 'channel.type',
        message: expect.stringContaining('channel_website'),
      }),
    ])
    const email = await newInbox(world, { type: 'email', email: `${uniq('s')}@example.com` })
    expect(fields(email)).toEqual(['channel.type'])
    expect((await newInbox(world, { type: 'api' })).status).toBe(200)
    await setPlan(world, { features: { channel_website: true } })
    const again = await newInbox(world, { type: 'web_widget', website_url: 'https://a.example' })
    expect(again.status, again.text).toBe(200)
  })

  it('auto_resolve_conversations off: the cron leaves the account’s idle conversations open', async () => {
    const scene = await createScene()
    const { world } = scene
    const settings = await api(accountPath(world), {
      method: 'PATCH',
      token: world.admin.token,
      body: { auto_resolve_after: 60 },
    })
    expect(settings.status).toBe(200)
    await setPlan(world, { features: { auto_resolve_conversations: false } })
    const idle = await scene.conversation()
    const start = Math.floor(Date.now() / 1000)
    await runScheduledWork(env, (start + 7200) * 1000)
    const kept = await api(conversationPath(world, idle.id), { token: world.admin.token })
    expect(kept.json.status).toBe('open')
    await setPlan(world, { features: { auto_resolve_conversations: true } })
    await runScheduledWork(env, (start + 7200) * 1000)
    const resolved = await api(conversationPath(world, idle.id), { token: world.admin.token })
    expect(resolved.json.status).toBe('resolved')
  })
})
