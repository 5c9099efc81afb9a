import { ApiError } from '@figuro/chatwoot-sdk'
import { describe, expect, it } from 'vitest'
import { sdk, wire, world } from './world'

const w = world()
const client = sdk(w.admin.token)
const accountId = w.accountId

describe('profile through @figuro/chatwoot-sdk', () => {
  it('profile.profile answers the caller with its accounts and the token it used', async () => {
    const res = wire(await client.profile.profile())
    expect(res).toMatchObject({
      id: w.admin.id,
      name: w.admin.name,
      email: expect.any(String),
      access_token: w.admin.token,
      accounts: [expect.objectContaining({ id: accountId, role: 'administrator' })],
    })
    const agent = wire(await sdk(w.agent.token).profile.profile())
    expect(agent).toMatchObject({ id: w.agent.id, accounts: [{ id: accountId, role: 'agent' }] })
  })

  it('a wrong token rejects with the SDK’s ApiError 401', async () => {
    const error = await sdk('not-a-token')
      .profile.profile()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
  })
})

// The SDK sends `inbox_id` as a string (its types say so), which Rails accepts; and its
// removeAgent calls DELETE /inbox_members/{inbox_id}, where Chatwoot routes DELETE /inbox_members.
describe('inbox members through @figuro/chatwoot-sdk', () => {
  const ids = (res: { payload: { id: number }[] }) => res.payload.map((a) => a.id).sort()

  it('inboxes.addAgent answers every member; listAgents reads them', async () => {
    const added = wire(
      await client.inboxes.addAgent({
        accountId,
        data: { inbox_id: String(w.inboxId), user_ids: [w.agent.id] },
      }),
    )
    expect(added.payload).toEqual([
      expect.objectContaining({ id: w.agent.id, role: 'agent', account_id: accountId }),
    ])
    const listed = wire(await client.inboxes.listAgents({ accountId, inboxId: w.inboxId }))
    expect(ids(listed)).toEqual([w.agent.id])
  })

  it('inboxes.updateAgentsInInbox replaces the set', async () => {
    const res = wire(
      await client.inboxes.updateAgentsInInbox({
        accountId,
        data: { inbox_id: String(w.inboxId), user_ids: [w.admin.id] },
      }),
    )
    expect(ids(res)).toEqual([w.admin.id])
    const listed = wire(await client.inboxes.listAgents({ accountId, inboxId: w.inboxId }))
    expect(ids(listed)).toEqual([w.admin.id])
  })

  it('inboxes.removeAgent removes members', async () => {
    await client.inboxes.removeAgent({
      accountId,
      inboxId: w.inboxId,
      data: { inbox_id: String(w.inboxId), user_ids: [w.admin.id] },
    })
    const listed = wire(await client.inboxes.listAgents({ accountId, inboxId: w.inboxId }))
    expect(listed.payload).toEqual([])
  })

  it('an agent calling addAgent rejects with the SDK’s ApiError 403', async () => {
    const error = await sdk(w.agent.token)
      .inboxes.addAgent({
        accountId,
        data: { inbox_id: String(w.inboxId), user_ids: [w.agent.id] },
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(403)
    const listed = wire(await client.inboxes.listAgents({ accountId, inboxId: w.inboxId }))
    expect(listed.payload).toEqual([])
  })
})

describe('webhooks through @figuro/chatwoot-sdk', () => {
  let webhookId: number
  const url = 'http://127.0.0.1:9/compat-hook'

  it('webhooks.create answers {payload: {webhook}} with the signing secret', async () => {
    const res = wire(
      await client.webhooks.create({
        accountId,
        data: { url, subscriptions: ['conversation_created', 'message_created'] },
      }),
    )
    expect(res.payload.webhook).toMatchObject({
      id: expect.any(Number),
      url,
      account_id: accountId,
      subscriptions: ['conversation_created', 'message_created'],
      secret: expect.stringMatching(/^whsec_/),
    })
    webhookId = res.payload.webhook.id
  })

  it('webhooks.list answers {payload: {webhooks: [...]}}', async () => {
    const res = wire(await client.webhooks.list({ accountId }))
    expect(res.payload.webhooks).toEqual([expect.objectContaining({ id: webhookId, url })])
  })

  it('webhooks.update (PATCH) changes the url and subscriptions', async () => {
    const res = wire(
      await client.webhooks.update({
        accountId,
        webhookId,
        data: { url: `${url}-2`, subscriptions: ['message_updated'] },
      }),
    )
    expect(res.payload.webhook).toMatchObject({
      id: webhookId,
      url: `${url}-2`,
      subscriptions: ['message_updated'],
    })
  })

  it('an unknown subscription rejects with an ApiError 422 and changes nothing', async () => {
    const error = await client.webhooks
      .update({ accountId, webhookId, data: { subscriptions: ['no_such_event'] as never } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(422)
    const res = wire(await client.webhooks.list({ accountId }))
    expect(res.payload.webhooks[0].subscriptions).toEqual(['message_updated'])
  })

  it('webhooks.delete removes it', async () => {
    await client.webhooks.delete({ accountId, webhookId })
    const res = wire(await client.webhooks.list({ accountId }))
    expect(res.payload.webhooks).toEqual([])
  })
})

describe('inboxes through @figuro/chatwoot-sdk', () => {
  it('inboxes.list answers {payload: [inbox]}', async () => {
    const res = wire(await client.inboxes.list({ accountId }))
    expect(res.payload).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: w.inboxId, channel_type: 'Channel::Api' }),
      ]),
    )
  })

  // The SDK's inboxes.get and inboxes.create put a trailing slash on the path (`/inboxes/1/`).
  it('inboxes.get answers the inbox', async () => {
    const res = wire(await client.inboxes.get({ accountId, id: w.inboxId }))
    expect(res).toMatchObject({ id: w.inboxId, name: 'Compat API inbox' })
  })

  it('inboxes.create makes a website inbox; inboxes.update renames it', async () => {
    const created = wire(
      await client.inboxes.create({
        accountId,
        data: {
          name: 'SDK website',
          channel: { type: 'web_widget', website_url: 'https://sdk.example.com' },
        },
      }),
    )
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'SDK website',
      channel_type: 'Channel::WebWidget',
      website_url: 'https://sdk.example.com',
    })
    const updated = wire(
      await client.inboxes.update({
        accountId,
        id: created.id,
        data: { name: 'SDK website 2', enable_auto_assignment: false },
      }),
    )
    expect(updated).toMatchObject({ id: created.id, name: 'SDK website 2' })
  })
})
