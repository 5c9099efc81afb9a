import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { accountDb, api, createWorld, type World } from '../helpers'

async function createEmailInbox(world: World) {
  const res = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
    token: world.admin.token,
    body: { name: 'Support', channel: { type: 'email', email: 'support@shop.example.com' } },
  })
  expect(res.status).toBe(200)
  return res.json
}

const routeOf = (identifier: string) =>
  env.DIRECTORY.prepare('select account_id from inbox_routes where identifier = ?')
    .bind(identifier)
    .first<{ account_id: number }>()

describe('an email inbox’s forwarding address', () => {
  it('is a lowercase random address on the inbound domain, routed to the account', async () => {
    const world = await createWorld()
    const inbox = await createEmailInbox(world)
    expect(inbox.forward_to_email).toMatch(/^[0-9a-f]{20}@mail\.parley\.test$/)
    expect(inbox.inbox_identifier).toBeNull()
    const identifier = inbox.forward_to_email.split('@')[0]
    expect(await routeOf(identifier)).toEqual({ account_id: world.accountId })
    const shown = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`, {
      token: world.admin.token,
    })
    expect(shown.json.forward_to_email).toBe(inbox.forward_to_email)
    const other = await createEmailInbox(world)
    expect(other.forward_to_email).not.toBe(inbox.forward_to_email)
  })

  it('is null on other inboxes', async () => {
    const world = await createWorld()
    const res = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
      token: world.admin.token,
      body: { name: 'API', channel: { type: 'api' } },
    })
    expect(res.json.forward_to_email).toBeNull()
  })

  it('goes with the inbox: its route is deleted', async () => {
    const world = await createWorld()
    const inbox = await createEmailInbox(world)
    const identifier = inbox.forward_to_email.split('@')[0]
    const res = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`, {
      token: world.admin.token,
      method: 'DELETE',
    })
    expect(res.status).toBe(200)
    expect(await routeOf(identifier)).toBeNull()
  })

  it('is given to an email inbox made without one the first time it is shown', async () => {
    const world = await createWorld()
    const inbox = await createEmailInbox(world)
    const db = await accountDb(world.accountId)
    await db.prepare('update inboxes set identifier = null where id = ?').bind(inbox.id).run()
    const listed = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
      token: world.admin.token,
    })
    expect(listed.json.payload[0].forward_to_email).toBeNull()
    const shown = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`, {
      token: world.admin.token,
    })
    expect(shown.json.forward_to_email).toMatch(/^[0-9a-f]{20}@mail\.parley\.test$/)
    const identifier = shown.json.forward_to_email.split('@')[0]
    expect(await routeOf(identifier)).toEqual({ account_id: world.accountId })
  })
})
