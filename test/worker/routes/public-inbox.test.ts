import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { accountDb, api, createWorld, everyDatabase, expectError } from '../helpers'
import {
  accountSnapshot,
  createPublicInbox,
  createVisitor,
  expectAccountUnchanged,
  publicPath,
  publicScene,
  rawFetch,
} from '../public-helpers'

describe('GET /public/api/v1/inboxes/{inbox_identifier}', () => {
  it('shows a website inbox as the widget needs it, without any secret', async () => {
    const { inbox } = await publicScene('web_widget', {
      channel: {
        widget_color: '#112233',
        welcome_title: 'Hi there',
        welcome_tagline: 'We reply fast',
        hmac_mandatory: true,
        pre_chat_form_enabled: true,
      },
      settings: { greeting_enabled: true, greeting_message: 'Hello!', timezone: 'Europe/Paris' },
    })
    const res = await inbox.call('')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      identifier: inbox.identifier,
      identity_validation_enabled: true,
      widget_color: '#112233',
      welcome_title: 'Hi there',
      welcome_tagline: 'We reply fast',
      reply_time: 'in_a_few_minutes',
      pre_chat_form_enabled: true,
      greeting_enabled: true,
      greeting_message: 'Hello!',
      timezone: 'Europe/Paris',
      working_hours_enabled: false,
      csat_survey_enabled: false,
      locale: 'en',
    })
    expect(Object.keys(res.json).sort()).toEqual(
      [
        'identifier',
        'name',
        'timezone',
        'working_hours',
        'working_hours_enabled',
        'identity_validation_enabled',
        'widget_color',
        'welcome_title',
        'welcome_tagline',
        'reply_time',
        'pre_chat_form_enabled',
        'pre_chat_form_options',
        'locale',
        'csat_survey_enabled',
        'greeting_enabled',
        'greeting_message',
        'online',
        'available_agents',
        'lock_to_single_conversation',
      ].sort(),
    )
    expect(res.text).not.toContain(inbox.hmacToken)
    expect(res.text).not.toContain('whsec_')
  })

  it('tells the widget whether the inbox locks a visitor to one conversation at a time', async () => {
    const locked = await publicScene('web_widget', {
      settings: { lock_to_single_conversation: true },
    })
    expect((await locked.inbox.call('')).json.lock_to_single_conversation).toBe(true)
    const open = await publicScene('web_widget')
    expect((await open.inbox.call('')).json.lock_to_single_conversation).toBe(false)
  })

  it('shows an API inbox too', async () => {
    const { inbox } = await publicScene('api')
    const res = await inbox.call('')
    expect(res.status).toBe(200)
    expect(res.json.identity_validation_enabled).toBe(false)
  })

  it('answers 404 for an inbox of a suspended account', async () => {
    const { world, inbox } = await publicScene()
    // Accounts are global: suspended on every shard's copy first, then in the directory.
    for (const database of everyDatabase().reverse()) {
      await database
        .prepare("update accounts set status = 'suspended' where id = ?")
        .bind(world.accountId)
        .run()
    }
    expectError(await inbox.call(''), 404, 'not_found')
    expectError(await inbox.call('/contacts', { body: {} }), 404, 'not_found')
  })

  it('answers 404 in the envelope for an unknown identifier', async () => {
    expectError(await api(publicPath('no-such-inbox')), 404, 'not_found')
  })

  it('answers 404 for an email inbox, which has no public identifier, and for its id', async () => {
    const world = await createWorld()
    const email = await createPublicInbox(world, 'email')
    expect(email.identifier).toBe('none')
    expectError(await api(publicPath(String(email.id))), 404, 'not_found')
    expectError(await api(publicPath('none')), 404, 'not_found')
    // Even with an identifier of its own, an email inbox is not open to the public API.
    const identifier = `email-${email.id}-identifier`
    // Routed in the directory too, so only the inbox's kind can refuse it.
    await (await accountDb(world.accountId))
      .prepare('update inboxes set identifier = ? where id = ?')
      .bind(identifier, email.id)
      .run()
    await env.DIRECTORY.prepare('insert into inbox_routes (identifier, account_id) values (?, ?)')
      .bind(identifier, world.accountId)
      .run()
    expectError(await api(publicPath(identifier)), 404, 'not_found')
    expectError(await api(publicPath(identifier, '/contacts'), { body: {} }), 404, 'not_found')
  })
})

describe('CORS on the public client API', () => {
  it('lets any origin in when the inbox lists no allowed domains', async () => {
    const { inbox } = await publicScene()
    const res = await inbox.call('', { headers: { origin: 'https://anywhere.example.net' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-expose-headers')).toContain('retry-after')
  })

  it('lets the allowed domains and their *. subdomains in, echoing the origin', async () => {
    const { inbox } = await publicScene('web_widget', {
      channel: { allowed_domains: 'shop.example.com, *.brand.example' },
    })
    for (const origin of [
      'https://shop.example.com',
      'http://shop.example.com:8080',
      'https://eu.brand.example',
      'https://a.b.brand.example',
    ]) {
      const res = await inbox.call('', { headers: { origin } })
      expect(res.status, origin).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('vary')).toContain('Origin')
    }
  })

  it('refuses any other origin with 403 before the handler runs, so nothing is written', async () => {
    const { world, inbox } = await publicScene('web_widget', {
      channel: { allowed_domains: 'shop.example.com,*.brand.example' },
    })
    const before = await accountSnapshot(world.accountId)
    for (const origin of [
      'https://evil.example.com',
      'https://shop.example.com.evil.net',
      'https://brand.example',
      'https://evilbrand.example',
      'ftp://shop.example.com',
      'null',
    ]) {
      const res = await inbox.call('/contacts', { body: { name: 'Mallory' }, headers: { origin } })
      expectError(res, 403, 'forbidden')
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    }
    await expectAccountUnchanged(world.accountId, before)
    // A server (no Origin header) is not a browser and is not limited by allowed_domains.
    await createVisitor(inbox, { name: 'Server side' })
  })

  it('answers a preflight for an allowed origin and refuses one for another', async () => {
    const { inbox } = await publicScene('web_widget', {
      channel: { allowed_domains: 'shop.example.com' },
    })
    const path = publicPath(inbox.identifier, '/contacts')
    const preflight = (origin: string) =>
      rawFetch(path, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
    const ok = await preflight('https://shop.example.com')
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example.com')
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST')
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-type')
    const refused = await preflight('https://evil.example.com')
    expectError(refused, 403, 'forbidden')
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('keeps CORS headers on errors, so a browser can read a 404', async () => {
    const res = await api(publicPath('nope'), { headers: { origin: 'https://x.example' } })
    expectError(res, 404, 'not_found')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('does not open the application API to other origins', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}/inboxes`
    const read = await api(path, {
      token: world.admin.token,
      headers: { origin: 'https://evil.example.com' },
    })
    expect(read.status).toBe(200)
    expect(read.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await rawFetch(path, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'api_access_token',
      },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull()
  })
})

describe('the public client API in /openapi.json', () => {
  it('documents every public operation, without a token requirement', async () => {
    const doc = (await api('/openapi.json')).json
    const base = '/public/api/v1/inboxes/{inbox_identifier}'
    const contact = `${base}/contacts/{source_id}`
    const conversation = `${contact}/conversations/{conversation_id}`
    const expected: [string, string][] = [
      [base, 'get'],
      [`${base}/contacts`, 'post'],
      [contact, 'get'],
      [contact, 'patch'],
      [contact, 'put'],
      [`${contact}/conversations`, 'get'],
      [`${contact}/conversations`, 'post'],
      [conversation, 'get'],
      [`${conversation}/toggle_status`, 'post'],
      [`${conversation}/toggle_typing`, 'post'],
      [`${conversation}/update_last_seen`, 'post'],
      [`${conversation}/messages`, 'get'],
      [`${conversation}/messages`, 'post'],
      [`${conversation}/messages/{message_id}`, 'patch'],
      [`${conversation}/labels`, 'post'],
      [`${conversation}/labels/{label}`, 'delete'],
      [`${contact}/labels`, 'post'],
      [`${contact}/labels/{label}`, 'delete'],
      [`${contact}/events`, 'post'],
      [`${conversation}/live`, 'get'],
    ]
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      // Declared explicitly: the capability is the identifier and source_id in the path.
      expect(operation.security).toEqual([])
    }
  })
})
