import { describe, expect, it } from 'vitest'
import { createContact, defineContactAttribute } from '../contacts-helpers'
import { createWorld, expectError, uniq } from '../helpers'
import {
  accountSnapshot,
  contactInboxRow,
  contactRowById,
  countRows,
  createPublicInbox,
  createVisitor,
  eventRows,
  expectAccountUnchanged,
  hmacHex,
  publicScene,
} from '../public-helpers'

const SESSION_KEYS = ['email', 'id', 'name', 'phone_number', 'pubsub_token', 'source_id']

describe('POST /public/api/v1/inboxes/{inbox_identifier}/contacts', () => {
  it('creates a contact and its contact inbox, with contact_created in the same write', async () => {
    const { world, inbox } = await publicScene()
    const email = `${uniq('v')}@example.com`
    const res = await inbox.call('/contacts', {
      body: { name: 'Vera Visitor', email, phone_number: '+15551230001' },
    })
    expect(res.status).toBe(200)
    expect(Object.keys(res.json).sort()).toEqual(SESSION_KEYS)
    expect(res.json).toMatchObject({ name: 'Vera Visitor', email, phone_number: '+15551230001' })
    expect(res.json.source_id).toMatch(/^[0-9a-f-]{36}$/)
    const link = await contactInboxRow(inbox.id, res.json.source_id)
    expect(link).toMatchObject({ contact_id: res.json.id, pubsub_token: res.json.pubsub_token })
    expect(link?.hmac_verified).toBe(0)
    const events = await eventRows(world.accountId, 'contact_created')
    expect(events.map((e) => e.contact_id)).toEqual([res.json.id])
  })

  it('names an anonymous visitor with a friendly generated name', async () => {
    const { inbox } = await publicScene('api')
    const res = await inbox.call('/contacts', { body: {} })
    expect(res.status).toBe(200)
    expect(res.json.name).toMatch(/^[a-z]+-[a-z]+-\d{4}$/)
  })

  it('reuses the contact inbox with the given source_id instead of making another', async () => {
    const { inbox } = await publicScene()
    const sourceId = uniq('my-own-id-')
    const first = await inbox.call('/contacts', { body: { source_id: sourceId, name: 'One' } })
    const again = await inbox.call('/contacts', { body: { source_id: sourceId, name: 'Two' } })
    expect(again.status).toBe(200)
    expect(again.json).toEqual(first.json)
    expect(first.json.source_id).toBe(sourceId)
    expect(await countRows('contact_inboxes', 'inbox_id = ?', inbox.id)).toBe(1)
  })

  it('never links, reveals or changes an existing contact whose email or phone a visitor types', async () => {
    const { world, inbox } = await publicScene()
    const owner = await createContact(world, {
      name: 'Olivia Owner',
      phone_number: '+15551230002',
      additional_attributes: { city: 'Lisbon' },
    })
    const stored = await contactRowById(owner.id)
    const both = { email: owner.email, phone_number: owner.phone_number }
    const cases = [
      [{ email: owner.email }, { email: owner.email }],
      [{ phone_number: owner.phone_number }, { phone_number: owner.phone_number }],
      [{ name: 'Mallory', ...both }, both],
    ] as const
    const visitorIds: number[] = []
    for (const [body, claims] of cases) {
      const res = await inbox.call('/contacts', { body })
      expect(res.status).toBe(200)
      expect(res.json.id).not.toBe(owner.id)
      visitorIds.push(res.json.id)
      expect(res.text).not.toContain('Olivia Owner')
      const row = await contactRowById(res.json.id)
      expect(row).toMatchObject({ email: null, phone_number: null })
      const attributes = JSON.parse(String(row?.additional_attributes))
      expect(attributes.unverified_claims).toEqual(claims)
    }
    expect(await contactRowById(owner.id)).toEqual(stored)
    expect(await countRows('contact_inboxes', 'contact_id = ?', owner.id)).toBe(0)
    const created = await eventRows(world.accountId, 'contact_created')
    expect(created.map((e) => e.contact_id)).toEqual([owner.id, ...visitorIds])
  })

  it("answers the visitor's own claim, never the existing contact's details", async () => {
    const { world, inbox } = await publicScene()
    const owner = await createContact(world, { name: 'Olivia Owner' })
    const res = await inbox.call('/contacts', { body: { email: owner.email } })
    expect(res.json).toMatchObject({ email: owner.email, phone_number: null })
    expect(res.json.name).toMatch(/^[a-z]+-[a-z]+-\d{4}$/)
  })

  it('sets an email and phone no contact has on the new contact, and records only the taken one', async () => {
    const { world, inbox } = await publicScene()
    const owner = await createContact(world)
    const res = await inbox.call('/contacts', {
      body: { email: owner.email, phone_number: '+15551230003' },
    })
    const row = await contactRowById(res.json.id)
    expect(row).toMatchObject({ email: null, phone_number: '+15551230003' })
    expect(JSON.parse(String(row?.additional_attributes))).toEqual({
      unverified_claims: { email: owner.email },
    })
  })

  it('never links a contact by an identifier without its identifier_hash', async () => {
    const { world, inbox } = await publicScene()
    const owner = await createContact(world, { identifier: uniq('ext-'), name: 'Olivia Owner' })
    const res = await inbox.call('/contacts', { body: { identifier: owner.identifier } })
    expect(res.status).toBe(200)
    expect(res.json.id).not.toBe(owner.id)
    expect(res.text).not.toContain('Olivia Owner')
    const row = await contactRowById(res.json.id)
    expect(row?.identifier).toBeNull()
    expect(JSON.parse(String(row?.additional_attributes)).unverified_claims).toEqual({
      identifier: owner.identifier,
    })
  })

  it('checks custom attributes against the definitions and writes nothing when they fail', async () => {
    const { world, inbox } = await publicScene()
    await defineContactAttribute(world.accountId, 'plan', 'list', ['free', 'pro'])
    const before = await accountSnapshot(world.accountId)
    const wrong = await inbox.call('/contacts', { body: { custom_attributes: { plan: 'gold' } } })
    expectError(wrong, 422, 'validation_failed')
    expect(wrong.json.errors[0].field).toBe('custom_attributes.plan')
    const unknown = await inbox.call('/contacts', { body: { custom_attributes: { x: 1 } } })
    expectError(unknown, 422, 'validation_failed')
    expectError(await inbox.call('/contacts', { body: { email: 'not-an-email' } }), 422)
    await expectAccountUnchanged(world.accountId, before)
    const ok = await inbox.call('/contacts', { body: { custom_attributes: { plan: 'pro' } } })
    expect((await contactRowById(ok.json.id))?.custom_attributes).toBe('{"plan":"pro"}')
  })

  it('answers 404 for an unknown inbox and an email inbox, creating nothing', async () => {
    const world = await createWorld()
    const email = await createPublicInbox(world, 'email')
    const before = await accountSnapshot(world.accountId)
    expectError(await email.call('/contacts', { body: { name: 'X' } }), 404, 'not_found')
    await expectAccountUnchanged(world.accountId, before)
  })
})

describe('identity verification (identifier_hash)', () => {
  it('marks a new contact inbox verified when the hash is right', async () => {
    const { inbox } = await publicScene()
    const identifier = uniq('user-')
    const identifier_hash = await hmacHex(inbox.hmacToken, identifier)
    const res = await inbox.call('/contacts', { body: { identifier, identifier_hash } })
    expect(res.status).toBe(200)
    expect((await contactInboxRow(inbox.id, res.json.source_id))?.hmac_verified).toBe(1)
    expect((await contactRowById(res.json.id))?.identifier).toBe(identifier)
  })

  it('links the contact a verified identifier names, and verifies the link', async () => {
    const { world, inbox } = await publicScene()
    const owner = await createContact(world, { identifier: uniq('owner-'), name: 'Owner' })
    const res = await inbox.call('/contacts', {
      body: {
        identifier: owner.identifier,
        identifier_hash: await hmacHex(inbox.hmacToken, owner.identifier),
      },
    })
    expect(res.json).toMatchObject({ id: owner.id, name: 'Owner', email: owner.email })
    expect((await contactInboxRow(inbox.id, res.json.source_id))?.hmac_verified).toBe(1)
  })

  it("never links another contact by email even with a proven identifier of one's own", async () => {
    const { world, inbox } = await publicScene()
    const emailOnly = await createContact(world, { name: 'Olivia Owner' })
    const claimed = uniq('claimer-')
    const res = await inbox.call('/contacts', {
      body: {
        identifier: claimed,
        identifier_hash: await hmacHex(inbox.hmacToken, claimed),
        email: emailOnly.email,
      },
    })
    expect(res.json.id).not.toBe(emailOnly.id)
    expect(res.text).not.toContain('Olivia Owner')
    expect((await contactInboxRow(inbox.id, res.json.source_id))?.hmac_verified).toBe(1)
    const row = await contactRowById(res.json.id)
    expect(row).toMatchObject({ identifier: claimed, email: null })
    expect(JSON.parse(String(row?.additional_attributes)).unverified_claims).toEqual({
      email: emailOnly.email,
    })
  })

  it('refuses a wrong hash with 401 and writes nothing', async () => {
    const { world, inbox } = await publicScene()
    const before = await accountSnapshot(world.accountId)
    const wrong = await inbox.call('/contacts', {
      body: { identifier: 'alice', identifier_hash: await hmacHex('other-key', 'alice') },
    })
    expectError(wrong, 401, 'unauthorized')
    const noIdentifier = await inbox.call('/contacts', { body: { identifier_hash: 'abcd' } })
    expectError(noIdentifier, 401, 'unauthorized')
    await expectAccountUnchanged(world.accountId, before)
  })

  it('requires the hash for an identifier when the inbox makes it mandatory', async () => {
    const { world, inbox } = await publicScene('api', { channel: { hmac_mandatory: true } })
    const before = await accountSnapshot(world.accountId)
    const res = await inbox.call('/contacts', { body: { identifier: 'bob', name: 'Bob' } })
    expectError(res, 401, 'unauthorized')
    await expectAccountUnchanged(world.accountId, before)
    const hash = await hmacHex(inbox.hmacToken, 'bob')
    const ok = await inbox.call('/contacts', { body: { identifier: 'bob', identifier_hash: hash } })
    expect(ok.status).toBe(200)
  })
})

describe('GET /public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}', () => {
  it("shows the visitor's contact with its tokens", async () => {
    const { inbox } = await publicScene()
    const visitor = await createVisitor(inbox, { name: 'Sam', email: `${uniq('s')}@example.com` })
    const res = await inbox.call(`/contacts/${visitor.sourceId}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.json).sort()).toEqual(SESSION_KEYS)
    expect(res.json).toMatchObject({
      source_id: visitor.sourceId,
      pubsub_token: visitor.pubsubToken,
      id: visitor.contactId,
      name: 'Sam',
    })
  })

  it('marks the contact inbox verified with a right identifier_hash, 401 with a wrong one', async () => {
    const { inbox } = await publicScene()
    const identifier = uniq('carol-')
    const visitor = await createVisitor(inbox, { identifier })
    const path = `/contacts/${visitor.sourceId}`
    expectError(await inbox.call(`${path}?identifier_hash=deadbeef`), 401, 'unauthorized')
    expect((await contactInboxRow(inbox.id, visitor.sourceId))?.hmac_verified).toBe(0)
    const hash = await hmacHex(inbox.hmacToken, identifier)
    expect((await inbox.call(`${path}?identifier_hash=${hash}`)).status).toBe(200)
    expect((await contactInboxRow(inbox.id, visitor.sourceId))?.hmac_verified).toBe(1)
  })

  it("answers 404 for an unknown source_id and for another inbox's source_id", async () => {
    const { world, inbox } = await publicScene()
    const other = await createPublicInbox(world, 'api')
    const elsewhere = await createVisitor(other)
    expectError(await inbox.call('/contacts/nobody'), 404, 'not_found')
    const foreign = await inbox.call(`/contacts/${elsewhere.sourceId}`)
    expectError(foreign, 404, 'not_found')
    expect(foreign.text).not.toContain(elsewhere.pubsubToken)
    const anotherAccount = await publicScene()
    expectError(await anotherAccount.inbox.call(`/contacts/${elsewhere.sourceId}`), 404)
  })
})
