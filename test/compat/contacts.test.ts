import { ApiError } from '@figuro/chatwoot-sdk'
import { describe, expect, it } from 'vitest'
import { sdk, wire, world } from './world'

const w = world()
const client = sdk(w.admin.token)
const accountId = w.accountId
const stamp = Date.now().toString(36)

describe('contacts through @figuro/chatwoot-sdk', () => {
  let contactId: number

  it('contacts.create answers {payload: {contact, contact_inbox}} with a source_id', async () => {
    const res = wire(
      await client.contacts.create({
        accountId,
        data: {
          inbox_id: w.inboxId,
          name: 'Grace Hopper',
          email: `grace-${stamp}@example.com`,
          phone_number: '+15550100200',
          identifier: `ext-${stamp}`,
        },
      }),
    )
    expect(res.payload.contact).toMatchObject({
      id: expect.any(Number),
      name: 'Grace Hopper',
      email: `grace-${stamp}@example.com`,
      phone_number: '+15550100200',
      identifier: `ext-${stamp}`,
      thumbnail: expect.any(String),
      additional_attributes: {},
      custom_attributes: {},
      contact_inboxes: [{ source_id: expect.any(String), inbox: { id: w.inboxId } }],
    })
    expect(res.payload.contact_inbox).toMatchObject({
      source_id: expect.any(String),
      inbox: { id: w.inboxId, channel_type: 'Channel::Api' },
    })
    contactId = res.payload.contact.id
  })

  it('contacts.get answers {payload: contact}', async () => {
    const res = wire(await client.contacts.get({ accountId, id: contactId }))
    expect(res.payload).toMatchObject({
      id: contactId,
      name: 'Grace Hopper',
      availability_status: expect.stringMatching(/^(online|offline)$/),
    })
  })

  it('contacts.update (PUT) merges attributes and answers {payload: contact}', async () => {
    const res = wire(
      await client.contacts.update({
        accountId,
        id: contactId,
        data: { name: 'Rear Admiral Hopper', phone_number: '+15550100201' },
      }),
    )
    expect(res.payload).toMatchObject({
      id: contactId,
      name: 'Rear Admiral Hopper',
      phone_number: '+15550100201',
      email: `grace-${stamp}@example.com`,
    })
    const again = wire(await client.contacts.get({ accountId, id: contactId }))
    expect(again.payload.name).toBe('Rear Admiral Hopper')
  })

  it('contacts.list answers {meta: {count, current_page}, payload: [contact]}', async () => {
    const res = wire(await client.contacts.list({ accountId, sort: '-name', page: 1 }))
    expect(res.meta).toMatchObject({ count: expect.any(Number), current_page: 1 })
    expect(res.payload.map((c: { id: number }) => c.id)).toContain(contactId)
  })

  it('contacts.search finds the contact by email, name and identifier', async () => {
    for (const q of [`grace-${stamp}`, 'Admiral', `ext-${stamp}`]) {
      const res = wire(await client.contacts.search({ accountId, q }))
      expect(res.meta).toMatchObject({ count: 1 })
      expect(res.payload).toEqual([expect.objectContaining({ id: contactId })])
    }
  })

  it('contact.create adds a contact inbox; contact.getContactable lists the inboxes', async () => {
    const linked = wire(
      await client.contact.create({
        accountId,
        id: contactId,
        data: { inbox_id: w.websiteInboxId },
      }),
    )
    expect(linked).toMatchObject({ source_id: expect.any(String), inbox: { id: w.websiteInboxId } })
    const contactable = wire(await client.contact.getContactable({ accountId, id: contactId }))
    for (const entry of contactable.payload) {
      expect(entry).toMatchObject({
        source_id: expect.any(String),
        inbox: { id: expect.any(Number) },
      })
    }
    const inboxIds = contactable.payload.map((e: { inbox: { id: number } }) => e.inbox.id)
    expect(inboxIds).toContain(w.websiteInboxId)
  })

  it('contacts.listConversations answers {payload: [conversation]}', async () => {
    const created = wire(
      await client.conversations.create({
        accountId,
        data: { inbox_id: String(w.inboxId), contact_id: String(contactId) },
      }),
    )
    const res = wire(await client.contacts.listConversations({ accountId, id: contactId }))
    expect(res.payload).toEqual([
      expect.objectContaining({ id: created.id, inbox_id: w.inboxId, status: 'open' }),
    ])
  })

  it('contacts.delete removes it, and contacts.get then rejects with the 404 the SDK maps', async () => {
    await client.contacts.delete({ accountId, id: contactId })
    const error = await client.contacts.get({ accountId, id: contactId }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(404)
  })

  it('an agent token gets the SDK’s ApiError for an administrators-only delete', async () => {
    const created = wire(
      await client.contacts.create({
        accountId,
        data: { inbox_id: w.inboxId, name: 'Kept', email: `kept-${stamp}@example.com` },
      }),
    )
    const id = created.payload.contact.id
    const error = await sdk(w.agent.token)
      .contacts.delete({ accountId, id })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(403)
    expect(wire(await client.contacts.get({ accountId, id })).payload.name).toBe('Kept')
  })
})
