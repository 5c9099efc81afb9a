import { describe, expect, it } from 'vitest'
import { newAccountSid } from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'

const widget = {
  name: 'Website',
  channel: {
    type: 'web_widget',
    website_url: 'https://shop.example.com',
    widget_color: '#ff0066',
    welcome_title: 'Hello',
    welcome_tagline: 'Ask us anything',
    allowed_domains: 'shop.example.com',
    hmac_mandatory: true,
    pre_chat_form_enabled: true,
    pre_chat_form_options: {
      pre_chat_message: 'Tell us who you are',
      pre_chat_fields: [{ name: 'emailAddress', type: 'email', required: true, enabled: true }],
    },
  },
  working_hours_enabled: true,
  timezone: 'Europe/Berlin',
}

async function createInbox(world: World, body: Record<string, unknown> = widget) {
  const res = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
    token: world.admin.token,
    body,
  })
  expect(res.status).toBe(200)
  return res.json
}

describe('inboxes', () => {
  it('creates a website inbox with its identifier, settings and hmac token', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    expect(inbox).toMatchObject({
      name: 'Website',
      channel_type: 'Channel::WebWidget',
      website_url: 'https://shop.example.com',
      widget_color: '#ff0066',
      welcome_title: 'Hello',
      welcome_tagline: 'Ask us anything',
      allowed_domains: 'shop.example.com',
      hmac_mandatory: true,
      pre_chat_form_enabled: true,
      working_hours_enabled: true,
      timezone: 'Europe/Berlin',
      inbox_identifier: expect.stringMatching(/^[\w-]{20,}$/),
      hmac_token: expect.any(String),
    })
    expect(inbox.working_hours).toHaveLength(7)
  })

  it('creates API, email and phone inboxes; only website and API ones get an identifier', async () => {
    const world = await createWorld()
    const apiInbox = await createInbox(world, {
      name: 'API',
      channel: { type: 'api', webhook_url: 'https://hooks.example.com/in' },
    })
    expect(apiInbox).toMatchObject({
      channel_type: 'Channel::Api',
      webhook_url: 'https://hooks.example.com/in',
      inbox_identifier: expect.any(String),
    })
    const email = await createInbox(world, {
      name: 'Mail',
      channel: { type: 'email', email: 'Support@Example.com' },
    })
    expect(email).toMatchObject({
      channel_type: 'Channel::Email',
      email: 'support@example.com',
      inbox_identifier: null,
    })
    const phone = await createInbox(world, {
      name: 'Phone',
      channel: {
        type: 'phone',
        phone_number: '+15551234567',
        account_sid: newAccountSid(),
        auth_token: 'test-auth-token',
      },
    })
    expect(phone).toMatchObject({ phone_number: '+15551234567', inbox_identifier: null })
  })

  it('refuses a phone inbox without its Twilio account, which could neither receive nor send', async () => {
    const world = await createWorld()
    const res = await api(`/api/v1/accounts/${world.accountId}/inboxes`, {
      token: world.admin.token,
      body: { name: 'Phone', channel: { type: 'phone', phone_number: '+15551234568' } },
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'channel.account_sid',
      'channel.auth_token',
    ])
  })

  it('refuses a missing channel type, a website without url and a bad colour with 422', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}/inboxes`
    for (const body of [
      { name: 'X', channel: {} },
      { name: 'X', channel: { type: 'web_widget' } },
      {
        name: 'X',
        channel: { type: 'web_widget', website_url: 'https://a.b', widget_color: 'red' },
      },
      { name: 'X', channel: { type: 'carrier_pigeon' } },
      { channel: { type: 'api' } },
    ]) {
      expectError(await api(path, { token: world.admin.token, body }), 422, 'validation_failed')
    }
    const count = await (await accountDb(world.accountId))
      .prepare('select count(*) as n from inboxes where account_id = ?')
      .bind(world.accountId)
      .first<{ n: number }>()
    expect(count?.n).toBe(0)
  })

  it('lists, shows, updates and deletes an inbox', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const path = `/api/v1/accounts/${world.accountId}/inboxes`
    const list = await api(path, { token: world.admin.token })
    expect(list.json.payload.map((i: { id: number }) => i.id)).toEqual([inbox.id])
    const updated = await api(`${path}/${inbox.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: {
        inbox: { name: 'Shop', channel: { widget_color: '#000000', hmac_mandatory: false } },
      },
    })
    expect(updated.json).toMatchObject({
      name: 'Shop',
      widget_color: '#000000',
      hmac_mandatory: false,
      welcome_title: 'Hello',
      inbox_identifier: inbox.inbox_identifier,
    })
    expect((await api(`${path}/${inbox.id}`, { token: world.admin.token })).json.name).toBe('Shop')
    expect(
      (await api(`${path}/${inbox.id}`, { method: 'DELETE', token: world.admin.token })).status,
    ).toBe(200)
    expectError(await api(`${path}/${inbox.id}`, { token: world.admin.token }), 404)
  })

  it('shows agents only the inboxes they belong to, without the hmac token', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const path = `/api/v1/accounts/${world.accountId}/inboxes`
    expect((await api(path, { token: world.agent.token })).json.payload).toEqual([])
    expectError(await api(`${path}/${inbox.id}`, { token: world.agent.token }), 403)
    await (await accountDb(world.accountId))
      .prepare('insert into inbox_members (account_id, inbox_id, user_id) values (?, ?, ?)')
      .bind(world.accountId, inbox.id, world.agent.id)
      .run()
    const listed = await api(path, { token: world.agent.token })
    expect(listed.json.payload.map((i: { id: number }) => i.id)).toEqual([inbox.id])
    expect(listed.json.payload[0].hmac_token).toBeUndefined()
    const shown = await api(`${path}/${inbox.id}`, { token: world.agent.token })
    expect(shown.json.hmac_token).toBeUndefined()
  })

  it('refuses agents creating, updating or deleting inboxes with 403', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const path = `/api/v1/accounts/${world.accountId}/inboxes`
    expectError(await api(path, { token: world.agent.token, body: widget }), 403)
    expectError(
      await api(`${path}/${inbox.id}`, {
        method: 'PATCH',
        token: world.agent.token,
        body: { name: 'x' },
      }),
      403,
    )
    expectError(
      await api(`${path}/${inbox.id}`, { method: 'DELETE', token: world.agent.token }),
      403,
    )
  })

  it("gives another account's users 403 and an inbox id from another account 404", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const inbox = await createInbox(world)
    for (const token of [other.admin.token, other.agent.token]) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const res = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`, {
          method,
          token,
          body: method === 'PATCH' ? { name: 'x' } : undefined,
        })
        expectError(res, 403)
      }
    }
    // Their own account path with our inbox id: not found, nothing leaked.
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await api(`/api/v1/accounts/${other.accountId}/inboxes/${inbox.id}`, {
        method,
        token: other.admin.token,
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      })
      expectError(res, 404)
      expect(res.text).not.toContain(inbox.inbox_identifier)
    }
    expect(
      (
        await api(`/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`, {
          token: world.admin.token,
        })
      ).json.name,
    ).toBe('Website')
  })
})

describe('an API inbox webhook_url', () => {
  it('is refused when it points at a private address that is not allow-listed, on create and update', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}/inboxes`
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest',
      'http://hooks.example.com/in',
    ]) {
      const res = await api(path, {
        token: world.admin.token,
        body: { name: 'API', channel: { type: 'api', webhook_url: url } },
      })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe('channel.webhook_url')
    }
    const inbox = await createInbox(world, { name: 'API', channel: { type: 'api' } })
    const res = await api(`${path}/${inbox.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { channel: { webhook_url: 'https://[::1]/hook' } },
    })
    expectError(res, 422)
    expect(
      (await api(`${path}/${inbox.id}`, { token: world.admin.token })).json.webhook_url,
    ).toBeNull()
  })
})
