import { describe, expect, it } from 'vitest'
import {
  contactRow,
  contactsPath,
  countContacts,
  createContact,
  createInbox,
  defineContactAttribute,
  eventsFor,
  expectFieldErrors,
  insertConversation,
} from '../contacts-helpers'
import { newAccountSid } from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, uniq } from '../helpers'

describe('POST /contacts', () => {
  it('creates a contact with every field, lower-casing the email, and records contact_created', async () => {
    const world = await createWorld()
    await defineContactAttribute(world.accountId, 'plan', 'list', ['free', 'pro'])
    const res = await api(contactsPath(world), {
      token: world.admin.token,
      body: {
        name: 'Ada Lovelace',
        email: 'Ada@Example.COM',
        phone_number: '+15551230001',
        identifier: 'ext-1',
        blocked: true,
        additional_attributes: { company_name: 'ACME', city: 'Berlin' },
        custom_attributes: { plan: 'pro' },
      },
    })
    expect(res.status).toBe(200)
    const contact = res.json.payload.contact
    expect(contact).toEqual({
      additional_attributes: { company_name: 'ACME', city: 'Berlin' },
      availability_status: 'offline',
      email: 'ada@example.com',
      id: expect.any(Number),
      name: 'Ada Lovelace',
      phone_number: '+15551230001',
      blocked: true,
      identifier: 'ext-1',
      thumbnail: '',
      custom_attributes: { plan: 'pro' },
      created_at: expect.any(Number),
      contact_inboxes: [],
    })
    expect(res.json.payload.contact_inbox).toEqual({ inbox: null, source_id: null })
    const shown = await api(`${contactsPath(world)}/${contact.id}`, { token: world.admin.token })
    expect(shown.json.payload).toEqual(contact)
    expect(await eventsFor(contact.id)).toEqual([
      {
        kind: 'contact_created',
        account_id: world.accountId,
        contact_id: contact.id,
        changed_attributes: [],
      },
    ])
  })

  it('accepts a Rails-wrapped body and an empty one', async () => {
    const world = await createWorld()
    const wrapped = await api(contactsPath(world), {
      token: world.admin.token,
      body: { contact: { name: 'Wrapped', identifier: 'w-1' } },
    })
    expect(wrapped.json.payload.contact).toMatchObject({ name: 'Wrapped', identifier: 'w-1' })
    const empty = await api(contactsPath(world), { method: 'POST', token: world.admin.token })
    expect(empty.status).toBe(200)
    expect(empty.json.payload.contact).toMatchObject({ name: '', email: null })
  })

  it('creates the contact inbox in the same write when inbox_id is given', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world, { type: 'api' }, 'API')
    const res = await api(contactsPath(world), {
      token: world.admin.token,
      body: { name: 'Linked', email: 'linked@example.com', inbox_id: inbox.id, source_id: 'src-1' },
    })
    expect(res.status).toBe(200)
    const slim = {
      id: inbox.id,
      avatar_url: '',
      channel_id: inbox.id,
      name: 'API',
      channel_type: 'Channel::Api',
      provider: null,
    }
    expect(res.json.payload.contact_inbox).toEqual({ inbox: slim, source_id: 'src-1' })
    expect(res.json.payload.contact.contact_inboxes).toEqual([{ source_id: 'src-1', inbox: slim }])
    const events = await eventsFor(res.json.payload.contact.id)
    expect(events.map((e) => e.kind)).toEqual(['contact_created'])

    const generated = await api(contactsPath(world), {
      token: world.admin.token,
      body: { email: 'uuid@example.com', inbox_id: inbox.id },
    })
    expect(generated.json.payload.contact_inbox.source_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('uses the email as source id in an email inbox and requires one', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world, { type: 'email', email: 'help@example.com' })
    const res = await api(contactsPath(world), {
      token: world.admin.token,
      body: { email: 'Mail@Example.com', inbox_id: inbox.id },
    })
    expect(res.json.payload.contact_inbox.source_id).toBe('mail@example.com')
    const before = await countContacts(world.accountId)
    const missing = await api(contactsPath(world), {
      token: world.admin.token,
      body: { identifier: 'no-mail', inbox_id: inbox.id },
    })
    expectError(missing, 422, 'validation_failed')
    expectFieldErrors(missing, ['email'])
    const phoneInbox = await createInbox(world, {
      type: 'phone',
      phone_number: '+15559990000',
      account_sid: newAccountSid(),
      auth_token: 'test-auth-token',
    })
    const noPhone = await api(contactsPath(world), {
      token: world.admin.token,
      body: { email: 'sms@example.com', inbox_id: phoneInbox.id },
    })
    expectFieldErrors(noPhone, ['phone_number'])
    expect(await countContacts(world.accountId)).toBe(before)
    const sms = await api(contactsPath(world), {
      token: world.admin.token,
      body: { email: 'sms@example.com', phone_number: '+15551234000', inbox_id: phoneInbox.id },
    })
    expect(sms.json.payload.contact_inbox.source_id).toBe('+15551234000')
  })

  it('refuses an unknown inbox, another account’s inbox and a taken source id, creating nothing', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const foreignInbox = await createInbox(other)
    const inbox = await createInbox(world)
    await createContact(world, { inbox_id: inbox.id, source_id: 'taken' })
    const before = await countContacts(world.accountId)
    for (const [body, field] of [
      [{ email: 'a@example.com', inbox_id: 999999 }, 'inbox_id'],
      [{ email: 'b@example.com', inbox_id: foreignInbox.id }, 'inbox_id'],
      [{ email: 'c@example.com', inbox_id: inbox.id, source_id: 'taken' }, 'source_id'],
    ] as const) {
      const res = await api(contactsPath(world), { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expectFieldErrors(res, [field])
    }
    expect(await countContacts(world.accountId)).toBe(before)
  })

  it('refuses a taken email (in any case), phone number and identifier with one error each', async () => {
    const world = await createWorld()
    await createContact(world, {
      email: 'taken@example.com',
      phone_number: '+15550000001',
      identifier: 'taken-id',
    })
    const before = await countContacts(world.accountId)
    const res = await api(contactsPath(world), {
      token: world.admin.token,
      body: { email: 'TAKEN@example.com', phone_number: '+15550000001', identifier: 'taken-id' },
    })
    expectError(res, 422, 'validation_failed')
    expectFieldErrors(res, ['email', 'phone_number', 'identifier'])
    expect(res.json.errors.every((e: { code: string }) => e.code === 'taken')).toBe(true)
    expect(await countContacts(world.accountId)).toBe(before)

    // Uniqueness is per account: another account may hold the same values.
    const other = await createWorld()
    await createContact(other, {
      email: 'taken@example.com',
      phone_number: '+15550000001',
      identifier: 'taken-id',
    })
  })

  it('refuses malformed fields with 422 naming each', async () => {
    const world = await createWorld()
    for (const [body, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ phone_number: '5551234' }, 'phone_number'],
      [{ phone_number: '+0123' }, 'phone_number'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ additional_attributes: ['a'] }, 'additional_attributes'],
      [{ custom_attributes: 'x' }, 'custom_attributes'],
      [{ blocked: 'yes' }, 'blocked'],
      [{ avatar_url: 'not a url' }, 'avatar_url'],
    ] as const) {
      const res = await api(contactsPath(world), { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe(field)
    }
    expect(await countContacts(world.accountId)).toBe(0)
  })

  it('checks custom attributes against the account’s contact attribute definitions', async () => {
    const world = await createWorld()
    const other = await createWorld()
    await defineContactAttribute(world.accountId, 'seats', 'number')
    await defineContactAttribute(other.accountId, 'foreign', 'text')
    for (const [attrs, field] of [
      [{ unknown: 1 }, 'custom_attributes.unknown'],
      [{ seats: 'three' }, 'custom_attributes.seats'],
      [{ foreign: 'x' }, 'custom_attributes.foreign'],
    ] as const) {
      const res = await api(contactsPath(world), {
        token: world.admin.token,
        body: { email: `${uniq()}@example.com`, custom_attributes: attrs },
      })
      expectError(res, 422, 'validation_failed')
      expectFieldErrors(res, [field])
    }
    expect(await countContacts(world.accountId)).toBe(0)
    const ok = await createContact(world, { custom_attributes: { seats: 3 } })
    expect(ok.custom_attributes).toEqual({ seats: 3 })
  })

  it('ignores an avatar_url that is not https, private or unreachable', async () => {
    const world = await createWorld()
    for (const url of [
      'http://example.com/a.png',
      // Not 127.0.0.1 or localhost: the tests' WEBHOOK_ALLOWED_HOSTS lets those through.
      'https://10.0.0.1/a.png',
      'https://avatars.localhost/a.png',
      'https://avatar.invalid/a.png',
    ]) {
      const contact = await createContact(world, { avatar_url: url })
      expect(contact.thumbnail).toBe('')
      expect((await contactRow(contact.id))?.avatar_key).toBeNull()
    }
  })

  it('refuses a non-JSON body with 415, malformed JSON with 400 and no token with 401', async () => {
    const world = await createWorld()
    const text = await api(contactsPath(world), {
      token: world.admin.token,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    })
    expectError(text, 415)
    expectError(await api(contactsPath(world), { token: world.admin.token, body: '{"name":' }), 400)
    expectError(await api(contactsPath(world), { body: { name: 'x' } }), 401)
    expect(await countContacts(world.accountId)).toBe(0)
  })
})

describe('GET /contacts/{id}', () => {
  it('shows a contact, without contact_inboxes when include_contact_inboxes=false', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const contact = await createContact(world, { inbox_id: inbox.id })
    const path = `${contactsPath(world)}/${contact.id}`
    const full = await api(path, { token: world.admin.token })
    expect(full.json.payload.contact_inboxes).toHaveLength(1)
    const slim = await api(`${path}?include_contact_inboxes=false`, { token: world.admin.token })
    expect(slim.json.payload).toEqual({ ...full.json.payload, contact_inboxes: undefined })
    expect('contact_inboxes' in slim.json.payload).toBe(false)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    const world = await createWorld()
    expectError(await api(`${contactsPath(world)}/999999`, { token: world.admin.token }), 404)
    expectError(await api(`${contactsPath(world)}/abc`, { token: world.admin.token }), 404)
  })
})

describe('DELETE /contacts/{id}', () => {
  it('deletes the contact with its conversations, contact inboxes and labels', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const contact = await createContact(world, { inbox_id: inbox.id })
    await insertConversation(world, inbox.id, contact.id)
    await api(`${contactsPath(world)}/${contact.id}/labels`, {
      token: world.admin.token,
      body: { labels: ['vip'] },
    })
    const path = `${contactsPath(world)}/${contact.id}`
    const res = await api(path, { method: 'DELETE', token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expectError(await api(path, { token: world.admin.token }), 404)
    for (const table of ['conversations', 'contact_inboxes', 'contact_labels']) {
      const row = await (await accountDb(world.accountId))
        .prepare(`select count(*) as n from ${table} where contact_id = ?`)
        .bind(contact.id)
        .first<{ n: number }>()
      expect(row?.n).toBe(0)
    }
    expectError(await api(path, { method: 'DELETE', token: world.admin.token }), 404)
  })

  it('refuses agents with 403 and keeps the contact', async () => {
    const world = await createWorld()
    const contact = await createContact(world)
    const path = `${contactsPath(world)}/${contact.id}`
    expectError(await api(path, { method: 'DELETE', token: world.agent.token }), 403, 'forbidden')
    expect(await contactRow(contact.id)).not.toBeNull()
  })
})

describe('OpenAPI', () => {
  it('documents every contact route', async () => {
    const doc = (await api('/openapi.json')).json
    const base = '/api/v1/accounts/{account_id}/contacts'
    expect(Object.keys(doc.paths[base])).toEqual(expect.arrayContaining(['get', 'post']))
    expect(Object.keys(doc.paths[`${base}/{id}`])).toEqual(
      expect.arrayContaining(['get', 'patch', 'put', 'delete']),
    )
    expect(doc.paths[base].post.requestBody.content).toHaveProperty('multipart/form-data')
    for (const path of [
      '/search',
      '/{id}/labels',
      '/{id}/destroy_custom_attributes',
      '/{id}/contactable_inboxes',
      '/{id}/contact_inboxes',
    ]) {
      expect(doc.paths).toHaveProperty([`${base}${path}`])
    }
  })
})
