import { describe, expect, it } from 'vitest'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'
import { PRIVATE_TARGETS } from '../private-targets'
import { createApiInbox } from '../product-helpers'

const ALL_EVENTS = [
  'conversation_created',
  'conversation_status_changed',
  'conversation_updated',
  'message_created',
  'message_updated',
  'contact_created',
  'contact_updated',
  'webwidget_triggered',
]
const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/

const pathOf = (world: World) => `/api/v1/accounts/${world.accountId}/webhooks`

async function createWebhook(world: World, body: Record<string, unknown>) {
  const res = await api(pathOf(world), { token: world.admin.token, body })
  expect(res.status, res.text).toBe(200)
  return res.json.payload.webhook
}

async function listed(world: World) {
  const res = await api(pathOf(world), { token: world.admin.token })
  expect(res.status).toBe(200)
  return res.json.payload.webhooks
}

const secretBytes = (secret: string) => atob(secret.slice('whsec_'.length)).length

describe('webhooks', () => {
  it('creates a webhook subscribed to every event with a whsec_ signing secret', async () => {
    const world = await createWorld()
    const webhook = await createWebhook(world, { url: 'https://hooks.example.com/parley' })
    expect(webhook).toEqual({
      id: expect.any(Number),
      name: null,
      url: 'https://hooks.example.com/parley',
      account_id: world.accountId,
      subscriptions: ALL_EVENTS,
      secret: expect.stringMatching(SECRET),
    })
    expect(secretBytes(webhook.secret)).toBe(24)
    expect(await listed(world)).toEqual([webhook])
    const stored = await (await accountDb(world.accountId))
      .prepare('select secret from webhooks where id = ?')
      .bind(webhook.id)
      .first<{ secret: string }>()
    expect(stored?.secret).toBe(webhook.secret)
  })

  it('accepts a wrapped body with name, inbox and chosen subscriptions (null means all)', async () => {
    const world = await createWorld()
    const inbox = await createApiInbox(world, 'Support')
    const webhook = await createWebhook(world, {
      webhook: {
        url: 'https://hooks.example.com/a',
        name: 'CRM',
        inbox_id: inbox.id,
        subscriptions: ['message_created', 'conversation_created', 'message_created'],
      },
    })
    expect(webhook).toMatchObject({
      name: 'CRM',
      subscriptions: ['message_created', 'conversation_created'],
      inbox: { id: inbox.id, name: 'Support' },
    })
    const all = await createWebhook(world, {
      url: 'https://hooks.example.com/b',
      subscriptions: null,
    })
    expect(all.subscriptions).toEqual(ALL_EVENTS)
    expect(all.inbox).toBeUndefined()
    expect(webhook.secret).not.toBe(all.secret)
    expect(await listed(world)).toEqual([webhook, all])
  })

  it('accepts an http URL on a host the operator allow-listed', async () => {
    const world = await createWorld()
    const webhook = await createWebhook(world, { url: 'http://127.0.0.1:9999/hook' })
    expect(webhook.url).toBe('http://127.0.0.1:9999/hook')
  })

  it('refuses unsafe, invalid and duplicate urls with 422 naming url, storing nothing new', async () => {
    const world = await createWorld()
    const existing = await createWebhook(world, { url: 'https://hooks.example.com/taken' })
    const cases: [unknown, RegExp][] = [
      ['https://10.0.0.1/', /IP address/],
      ['https://169.254.169.254/latest', /IP address/],
      ['https://[::ffff:10.0.0.1]/', /IP address/],
      ['https://0x0a000001/', /IP address/],
      ['http://hooks.example.com/x', /https/],
      ['https://user:pass@hooks.example.com/', /credentials/],
      ['https://metadata.google.internal/', /local or internal/],
      ['https://hooks.example.com:6379/', /port/],
      ['https://hooks.example.com/taken', /already been taken/],
      ['not a url', /./],
      [`https://hooks.example.com/${'a'.repeat(2048)}`, /./],
      [42, /./],
      [undefined, /./],
    ]
    for (const [url, message] of cases) {
      const res = await api(pathOf(world), { token: world.admin.token, body: { url } })
      expectError(res, 422, 'validation_failed')
      const urlError = res.json.errors.find((e: { field: string }) => e.field === 'url')
      expect(urlError?.message, String(url)).toMatch(message)
    }
    expect(await listed(world)).toEqual([existing])
  })

  it('refuses the same private targets as avatar downloads and delivery, on create and update', async () => {
    const world = await createWorld()
    const existing = await createWebhook(world, { url: 'https://hooks.example.com/kept' })
    for (const url of PRIVATE_TARGETS) {
      for (const [method, path] of [
        ['POST', pathOf(world)],
        ['PATCH', `${pathOf(world)}/${existing.id}`],
      ] as const) {
        const res = await api(path, { method, token: world.admin.token, body: { url } })
        expectError(res, 422, 'validation_failed')
        expect(res.json.errors, `${method} ${url}`).toEqual([
          { field: 'url', message: expect.stringMatching(/^must not/), code: 'unsafe_url' },
        ])
      }
    }
    expect(await listed(world)).toEqual([existing])
  })

  it('refuses empty or unknown subscriptions and foreign inboxes with 422 naming the field', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const foreignInbox = await createApiInbox(other)
    const url = 'https://hooks.example.com/x'
    const cases: [Record<string, unknown>, string][] = [
      [{ url, subscriptions: [] }, 'subscriptions'],
      [{ url, subscriptions: ['message_created', 'nope'] }, 'subscriptions'],
      [{ url, subscriptions: ['inbox_created'] }, 'subscriptions'],
      [{ url, subscriptions: 'message_created' }, 'subscriptions'],
      [{ url, inbox_id: foreignInbox.id }, 'inbox_id'],
      [{ url, inbox_id: 999_999 }, 'inbox_id'],
      [{ url, inbox_id: 'one' }, 'inbox_id'],
      [{ url, name: 'n'.repeat(256) }, 'name'],
    ]
    for (const [body, field] of cases) {
      const res = await api(pathOf(world), { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expect(
        res.json.errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toEqual([field])
    }
    expect(await listed(world)).toEqual([])
    const foreignName = await api(pathOf(world), {
      token: world.admin.token,
      body: { url, inbox_id: foreignInbox.id },
    })
    expect(foreignName.text).not.toContain(foreignInbox.name)
  })

  it('updates with PATCH and PUT, keeping the secret; null subscriptions reset to all', async () => {
    const world = await createWorld()
    const inbox = await createApiInbox(world, 'Support')
    const webhook = await createWebhook(world, {
      url: 'https://hooks.example.com/a',
      inbox_id: inbox.id,
      subscriptions: ['message_created'],
    })
    const item = `${pathOf(world)}/${webhook.id}`
    const patched = await api(item, {
      method: 'PATCH',
      token: world.admin.token,
      body: {
        webhook: { name: 'Renamed', url: 'https://hooks.example.com/a', subscriptions: null },
      },
    })
    expect(patched.status).toBe(200)
    expect(patched.json.payload.webhook).toEqual({
      ...webhook,
      name: 'Renamed',
      subscriptions: ALL_EVENTS,
    })
    const put = await api(item, {
      method: 'PUT',
      token: world.admin.token,
      body: {
        url: 'https://other.example.com/b',
        inbox_id: null,
        subscriptions: ['contact_created'],
      },
    })
    expect(put.json.payload.webhook).toEqual({
      id: webhook.id,
      name: 'Renamed',
      url: 'https://other.example.com/b',
      account_id: world.accountId,
      subscriptions: ['contact_created'],
      secret: webhook.secret,
    })
    expect(await listed(world)).toEqual([put.json.payload.webhook])
  })

  it('refuses an invalid update with 422 and leaves the webhook as it was', async () => {
    const world = await createWorld()
    const first = await createWebhook(world, { url: 'https://hooks.example.com/first' })
    const webhook = await createWebhook(world, { url: 'https://hooks.example.com/second' })
    const item = `${pathOf(world)}/${webhook.id}`
    for (const [body, field] of [
      [{ url: 'https://10.0.0.1/' }, 'url'],
      [{ url: 'http://hooks.example.com/second' }, 'url'],
      [{ url: first.url }, 'url'],
      [{ url: null }, 'url'],
      [{ subscriptions: [] }, 'subscriptions'],
      [{ subscriptions: ['bogus'] }, 'subscriptions'],
      [{ inbox_id: 999_999 }, 'inbox_id'],
    ] as const) {
      const res = await api(item, { method: 'PATCH', token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe(field)
    }
    expect(await listed(world)).toEqual([first, webhook])
  })

  it('rotates the secret, returning and storing a new one', async () => {
    const world = await createWorld()
    const webhook = await createWebhook(world, { url: 'https://hooks.example.com/r' })
    const res = await api(`${pathOf(world)}/${webhook.id}/rotate_secret`, {
      method: 'POST',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    const rotated = res.json.payload.webhook
    expect(rotated).toEqual({ ...webhook, secret: expect.stringMatching(SECRET) })
    expect(rotated.secret).not.toBe(webhook.secret)
    expect(secretBytes(rotated.secret)).toBe(24)
    expect(await listed(world)).toEqual([rotated])
  })

  it('deletes a webhook with 200 {} and answers 404 for its id afterwards', async () => {
    const world = await createWorld()
    const keep = await createWebhook(world, { url: 'https://hooks.example.com/keep' })
    const drop = await createWebhook(world, { url: 'https://hooks.example.com/drop' })
    const item = `${pathOf(world)}/${drop.id}`
    const token = world.admin.token
    const res = await api(item, { method: 'DELETE', token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expect(await listed(world)).toEqual([keep])
    expectError(await api(item, { method: 'DELETE', token }), 404, 'not_found')
    expectError(await api(item, { method: 'PATCH', token, body: { name: 'x' } }), 404, 'not_found')
    expectError(await api(item, { method: 'PUT', token, body: { name: 'x' } }), 404, 'not_found')
    expectError(await api(`${item}/rotate_secret`, { method: 'POST', token }), 404, 'not_found')
    expectError(await api(`${pathOf(world)}/abc`, { method: 'DELETE', token }), 404)
  })

  it('refuses agents with 403 on every endpoint, even with an invalid body, changing nothing', async () => {
    const world = await createWorld()
    const webhook = await createWebhook(world, { url: 'https://hooks.example.com/admin' })
    const item = `${pathOf(world)}/${webhook.id}`
    const token = world.agent.token
    for (const [path, method, body] of [
      [pathOf(world), 'GET', undefined],
      [pathOf(world), 'POST', { url: 'https://hooks.example.com/agent' }],
      [pathOf(world), 'POST', { url: 'nope', subscriptions: [] }],
      [item, 'PATCH', { name: 'agent' }],
      [item, 'PATCH', { url: 'https://10.0.0.1/' }],
      [item, 'PUT', { name: 'agent' }],
      [item, 'DELETE', undefined],
      [`${item}/rotate_secret`, 'POST', undefined],
    ] as const) {
      const res = await api(path, { method, token, body })
      expectError(res, 403, 'forbidden')
      expect(res.text).not.toContain(webhook.secret)
    }
    expect(await listed(world)).toEqual([webhook])
  })

  it('refuses requests without a token with 401', async () => {
    const world = await createWorld()
    expectError(await api(pathOf(world)), 401, 'unauthorized')
    expectError(await api(pathOf(world), { body: { url: 'https://hooks.example.com/x' } }), 401)
  })

  it("gives another account's users 403 on our path and 404 for our ids on theirs", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const webhook = await createWebhook(world, { url: 'https://hooks.example.com/ours' })
    const theirs = await createWebhook(other, { url: 'https://hooks.example.com/theirs' })
    const requests = (base: string) =>
      [
        [base, 'GET', undefined],
        [base, 'POST', { url: 'https://hooks.example.com/intruder' }],
        [`${base}/${webhook.id}`, 'PATCH', { name: 'x' }],
        [`${base}/${webhook.id}`, 'PUT', { name: 'x' }],
        [`${base}/${webhook.id}`, 'DELETE', undefined],
        [`${base}/${webhook.id}/rotate_secret`, 'POST', undefined],
      ] as const
    for (const token of [other.admin.token, other.agent.token]) {
      for (const [path, method, body] of requests(pathOf(world))) {
        const res = await api(path, { method, token, body })
        expectError(res, 403, 'forbidden')
        expect(res.text).not.toContain(webhook.secret)
      }
    }
    for (const [path, method, body] of requests(pathOf(other)).slice(2)) {
      const res = await api(path, { method, token: other.admin.token, body })
      expectError(res, 404, 'not_found')
      expect(res.text).not.toContain(webhook.secret)
      expect(res.text).not.toContain(webhook.url)
    }
    expect(await listed(world)).toEqual([webhook])
    expect(await listed(other)).toEqual([theirs])
  })
})
