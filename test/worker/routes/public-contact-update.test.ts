import { describe, expect, it } from 'vitest'
import { contactRow, createContact, defineContactAttribute } from '../contacts-helpers'
import { expectError, uniq } from '../helpers'
import {
  accountSnapshot,
  contactInboxRow,
  countRows,
  createPublicInbox,
  createVisitor,
  eventRows,
  expectAccountUnchanged,
  hmacHex,
  publicScene,
  startConversation,
} from '../public-helpers'

const PUBLIC_CONTACT_KEYS = [
  'additional_attributes',
  'custom_attributes',
  'email',
  'id',
  'identifier',
  'name',
  'phone_number',
  'pubsub_token',
  'source_id',
]

async function sceneWithAttributes() {
  const scene = await publicScene()
  await defineContactAttribute(scene.world.accountId, 'plan', 'text')
  await defineContactAttribute(scene.world.accountId, 'seats', 'number')
  return scene
}

describe('PATCH /public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}', () => {
  it('updates the contact, merges custom attributes (null removes one) and emits contact_updated', async () => {
    const { world, inbox } = await sceneWithAttributes()
    const visitor = await createVisitor(inbox, {
      name: 'Old Name',
      custom_attributes: { plan: 'free', seats: 2 },
    })
    const email = `${uniq('n')}@example.com`
    const res = await inbox.call(`/contacts/${visitor.sourceId}`, {
      method: 'PATCH',
      body: {
        name: 'New Name',
        email,
        phone_number: '+15557770001',
        custom_attributes: { plan: 'pro', seats: null },
      },
    })
    expect(res.status).toBe(200)
    expect(Object.keys(res.json).sort()).toEqual(PUBLIC_CONTACT_KEYS)
    expect(res.json).toMatchObject({
      id: visitor.contactId,
      name: 'New Name',
      email,
      phone_number: '+15557770001',
      custom_attributes: { plan: 'pro' },
      source_id: visitor.sourceId,
      pubsub_token: visitor.pubsubToken,
    })
    const [event] = await eventRows(world.accountId, 'contact_updated')
    expect(event?.contact_id).toBe(visitor.contactId)
    expect(event?.changed_attributes).toEqual(
      expect.arrayContaining([
        { name: { previous_value: 'Old Name', current_value: 'New Name' } },
        {
          custom_attributes: {
            previous_value: { plan: 'free', seats: 2 },
            current_value: { plan: 'pro' },
          },
        },
      ]),
    )
  })

  it('writes no event when nothing changes, and PUT updates as PATCH does', async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox, { name: 'Same' })
    const path = `/contacts/${visitor.sourceId}`
    expect((await inbox.call(path, { method: 'PATCH', body: { name: 'Same' } })).status).toBe(200)
    expect(await eventRows(world.accountId, 'contact_updated')).toEqual([])
    const put = await inbox.call(path, { method: 'PUT', body: { name: 'Put Name' } })
    expect(put.json.name).toBe('Put Name')
  })

  it("records another contact's email, phone or identifier as the visitor's unverified claim, never changing or revealing that contact", async () => {
    const { world, inbox } = await publicScene()
    const other = await createContact(world, {
      name: 'Olivia Owner',
      phone_number: '+15557770002',
      identifier: uniq('taken-'),
      additional_attributes: { city: 'Lisbon' },
    })
    const stored = await contactRow(other.id)
    const visitor = await createVisitor(inbox, { name: 'Me' })
    const path = `/contacts/${visitor.sourceId}`
    const claims = {
      email: other.email,
      phone_number: other.phone_number,
      identifier: other.identifier,
    }
    const res = await inbox.call(path, { method: 'PATCH', body: { name: 'Changed', ...claims } })
    expect(res.status).toBe(200)
    // The visitor sees what it typed; nothing of the other contact.
    expect(res.json).toMatchObject({ id: visitor.contactId, name: 'Changed', ...claims })
    expect(res.json.custom_attributes).toEqual({})
    expect(res.json.additional_attributes).toEqual({})
    expect(res.text).not.toContain('Olivia Owner')
    const row = await contactRow(visitor.contactId)
    expect(row).toMatchObject({
      name: 'Changed',
      email: null,
      phone_number: null,
      identifier: null,
    })
    expect(JSON.parse(String(row?.additional_attributes))).toEqual({ unverified_claims: claims })
    expect(await contactRow(other.id)).toEqual(stored)
    expect((await contactInboxRow(inbox.id, visitor.sourceId))?.contact_id).toBe(visitor.contactId)
  })

  it('replaces a claim with an email no contact has, which the contact then holds', async () => {
    const { world, inbox } = await publicScene()
    const other = await createContact(world)
    const visitor = await createVisitor(inbox, { email: other.email })
    const email = `${uniq('free')}@example.com`
    const res = await inbox.call(`/contacts/${visitor.sourceId}`, {
      method: 'PATCH',
      body: { email },
    })
    expect(res.json.email).toBe(email)
    const row = await contactRow(visitor.contactId)
    expect(row?.email).toBe(email)
    expect(JSON.parse(String(row?.additional_attributes))).toEqual({})
  })

  it("never lets a visitor who typed another contact's email rename that contact or read its attributes", async () => {
    const { world, inbox } = await sceneWithAttributes()
    const victim = await createContact(world, {
      name: 'Victor Victim',
      custom_attributes: { plan: 'enterprise' },
    })
    const stored = await contactRow(victim.id)
    const visitor = await createVisitor(inbox, { email: victim.email })
    expect(visitor.contactId).not.toBe(victim.id)
    const res = await inbox.call(`/contacts/${visitor.sourceId}`, {
      method: 'PATCH',
      body: { name: 'Hijacked', custom_attributes: { plan: 'free' } },
    })
    expect(res.json).toMatchObject({ id: visitor.contactId, custom_attributes: { plan: 'free' } })
    expect(res.text).not.toContain('Victor Victim')
    expect(res.text).not.toContain('enterprise')
    expect(await contactRow(victim.id)).toEqual(stored)
  })

  it('still refuses unknown custom attributes with 422, changing nothing', async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox, { name: 'Me' })
    const before = await accountSnapshot(world.accountId)
    expectError(
      await inbox.call(`/contacts/${visitor.sourceId}`, {
        method: 'PATCH',
        body: { custom_attributes: { nope: 1 } },
      }),
      422,
    )
    await expectAccountUnchanged(world.accountId, before)
  })

  it('sets a proven identifier on the contact and marks the contact inbox verified', async () => {
    const { inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const identifier = uniq('user-')
    const res = await inbox.call(`/contacts/${visitor.sourceId}`, {
      method: 'PATCH',
      body: { identifier, identifier_hash: await hmacHex(inbox.hmacToken, identifier) },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: visitor.contactId, identifier })
    expect((await contactInboxRow(inbox.id, visitor.sourceId))?.hmac_verified).toBe(1)
  })

  it('moves the visitor to the contact a proven identifier belongs to (setUser), with its conversations', async () => {
    const { world, inbox } = await publicScene()
    const known = await createContact(world, { identifier: uniq('known-'), name: 'Known' })
    const visitor = await createVisitor(inbox, { name: 'Anonymous' })
    const conversation = await startConversation(inbox, visitor)
    const res = await inbox.call(`/contacts/${visitor.sourceId}`, {
      method: 'PATCH',
      body: {
        identifier: known.identifier,
        identifier_hash: await hmacHex(inbox.hmacToken, known.identifier),
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: known.id,
      name: 'Known',
      identifier: known.identifier,
      source_id: visitor.sourceId,
      pubsub_token: visitor.pubsubToken,
    })
    const link = await contactInboxRow(inbox.id, visitor.sourceId)
    expect(link).toMatchObject({ contact_id: known.id, hmac_verified: 1 })
    const shown = await inbox.call(
      `/contacts/${visitor.sourceId}/conversations/${conversation.displayId}`,
    )
    expect(shown.json.contact.id).toBe(known.id)
    expect(
      await countRows('conversations', 'id = ? and contact_id = ?', conversation.id, known.id),
    ).toBe(1)
  })

  it('refuses an unproven new identifier with 401 when the inbox requires proof or the visitor is verified', async () => {
    const { world, inbox } = await publicScene('web_widget', { channel: { hmac_mandatory: true } })
    const visitor = await createVisitor(inbox)
    const before = await accountSnapshot(world.accountId)
    const path = `/contacts/${visitor.sourceId}`
    expectError(await inbox.call(path, { method: 'PATCH', body: { identifier: 'x' } }), 401)
    const wrongHash = { identifier: 'x', identifier_hash: await hmacHex('nope', 'x') }
    expectError(await inbox.call(path, { method: 'PATCH', body: wrongHash }), 401)
    await expectAccountUnchanged(world.accountId, before)

    const open = await createPublicInbox(world)
    const identifier = uniq('v-')
    const verified = await createVisitor(open, {
      identifier,
      identifier_hash: await hmacHex(open.hmacToken, identifier),
    })
    const switchTo = { identifier: uniq('someone-else-') }
    const res = await open.call(`/contacts/${verified.sourceId}`, {
      method: 'PATCH',
      body: switchTo,
    })
    expectError(res, 401, 'unauthorized')
  })

  it("answers 404 for another inbox's source_id and changes nothing", async () => {
    const { world, inbox } = await publicScene()
    const other = await createPublicInbox(world, 'api')
    const elsewhere = await createVisitor(other, { name: 'Elsewhere' })
    const before = await accountSnapshot(world.accountId)
    const res = await inbox.call(`/contacts/${elsewhere.sourceId}`, {
      method: 'PATCH',
      body: { name: 'Hijacked' },
    })
    expectError(res, 404, 'not_found')
    await expectAccountUnchanged(world.accountId, before)
  })
})
