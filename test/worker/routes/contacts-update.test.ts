import { describe, expect, it } from 'vitest'
import {
  contactRow,
  contactsPath,
  createContact,
  defineContactAttribute,
  eventsFor,
  expectFieldErrors,
} from '../contacts-helpers'
import { api, createWorld, expectError, type World } from '../helpers'

async function seeded(world: World) {
  await defineContactAttribute(world.accountId, 'plan', 'text')
  await defineContactAttribute(world.accountId, 'seats', 'number')
  return createContact(world, {
    name: 'Old',
    email: 'old@example.com',
    additional_attributes: { company_name: 'ACME', city: 'Berlin' },
    custom_attributes: { plan: 'pro', seats: 3 },
  })
}

describe('PATCH/PUT /contacts/{id}', () => {
  it('updates fields, merges both attribute objects and records what changed', async () => {
    const world = await createWorld()
    const contact = await seeded(world)
    const res = await api(`${contactsPath(world)}/${contact.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: {
        name: 'New',
        phone_number: '+4915112345678',
        additional_attributes: { city: 'Paris' },
        custom_attributes: { seats: 5 },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json.payload).toMatchObject({
      id: contact.id,
      name: 'New',
      email: 'old@example.com',
      phone_number: '+4915112345678',
      additional_attributes: { company_name: 'ACME', city: 'Paris' },
      custom_attributes: { plan: 'pro', seats: 5 },
      contact_inboxes: [],
    })
    const events = await eventsFor(contact.id)
    expect(events.map((e) => e.kind)).toEqual(['contact_created', 'contact_updated'])
    expect(events[1]?.changed_attributes).toEqual([
      { name: { previous_value: 'Old', current_value: 'New' } },
      { phone_number: { previous_value: null, current_value: '+4915112345678' } },
      {
        additional_attributes: {
          previous_value: { company_name: 'ACME', city: 'Berlin' },
          current_value: { company_name: 'ACME', city: 'Paris' },
        },
      },
      {
        custom_attributes: {
          previous_value: { plan: 'pro', seats: 3 },
          current_value: { plan: 'pro', seats: 5 },
        },
      },
    ])
  })

  it('accepts PUT and a Rails-wrapped body, and clears fields sent empty or null', async () => {
    const world = await createWorld()
    const contact = await createContact(world, {
      email: 'clear@example.com',
      identifier: 'clear-me',
      phone_number: '+15550001111',
    })
    const res = await api(`${contactsPath(world)}/${contact.id}`, {
      method: 'PUT',
      token: world.admin.token,
      body: { contact: { identifier: '', phone_number: null, blocked: true } },
    })
    expect(res.status).toBe(200)
    expect(res.json.payload).toMatchObject({
      email: 'clear@example.com',
      identifier: null,
      phone_number: null,
      blocked: true,
    })
  })

  it('records no event when nothing changes', async () => {
    const world = await createWorld()
    const contact = await seeded(world)
    const res = await api(`${contactsPath(world)}/${contact.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: {
        name: 'Old',
        email: 'OLD@example.com',
        additional_attributes: { city: 'Berlin' },
        custom_attributes: {},
      },
    })
    expect(res.status).toBe(200)
    expect(res.json.payload.name).toBe('Old')
    expect((await eventsFor(contact.id)).map((e) => e.kind)).toEqual(['contact_created'])
  })

  it('refuses values another contact holds, leaving the row and events unchanged', async () => {
    const world = await createWorld()
    await createContact(world, {
      email: 'first@example.com',
      phone_number: '+15550002222',
      identifier: 'first',
    })
    const second = await createContact(world, { email: 'second@example.com' })
    const before = await contactRow(second.id)
    const res = await api(`${contactsPath(world)}/${second.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: {
        name: 'Changed',
        email: 'First@Example.com',
        phone_number: '+15550002222',
        identifier: 'first',
      },
    })
    expectError(res, 422, 'validation_failed')
    expectFieldErrors(res, ['email', 'phone_number', 'identifier'])
    expect(await contactRow(second.id)).toEqual(before)
    expect((await eventsFor(second.id)).map((e) => e.kind)).toEqual(['contact_created'])
    // Its own values are not a clash.
    const own = await api(`${contactsPath(world)}/${second.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { email: 'second@example.com', name: 'Second' },
    })
    expect(own.status).toBe(200)
  })

  it('refuses undefined or mistyped custom attributes and malformed fields, changing nothing', async () => {
    const world = await createWorld()
    const contact = await seeded(world)
    const before = await contactRow(contact.id)
    for (const [body, field] of [
      [{ name: 'X', custom_attributes: { seats: 'many' } }, 'custom_attributes.seats'],
      [{ name: 'X', custom_attributes: { nope: 1 } }, 'custom_attributes.nope'],
      [{ name: 'X', email: 'nope' }, 'email'],
      [{ name: 'X', phone_number: '0049151' }, 'phone_number'],
    ] as const) {
      const res = await api(`${contactsPath(world)}/${contact.id}`, {
        method: 'PATCH',
        token: world.admin.token,
        body,
      })
      expectError(res, 422, 'validation_failed')
      expectFieldErrors(res, [field])
    }
    expect(await contactRow(contact.id)).toEqual(before)
    expect((await eventsFor(contact.id)).map((e) => e.kind)).toEqual(['contact_created'])
  })

  it('answers 404 for an unknown contact', async () => {
    const world = await createWorld()
    const res = await api(`${contactsPath(world)}/999999`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { name: 'x' },
    })
    expectError(res, 404, 'not_found')
  })
})

describe('POST /contacts/{id}/destroy_custom_attributes', () => {
  it('removes the keys given and records the change', async () => {
    const world = await createWorld()
    const contact = await seeded(world)
    const path = `${contactsPath(world)}/${contact.id}/destroy_custom_attributes`
    const res = await api(path, {
      token: world.admin.token,
      body: { custom_attributes: ['seats', 'missing'] },
    })
    expect(res.status).toBe(200)
    expect(res.json.payload).toMatchObject({ id: contact.id, custom_attributes: { plan: 'pro' } })
    const events = await eventsFor(contact.id)
    expect(events.at(-1)).toMatchObject({
      kind: 'contact_updated',
      changed_attributes: [
        {
          custom_attributes: {
            previous_value: { plan: 'pro', seats: 3 },
            current_value: { plan: 'pro' },
          },
        },
      ],
    })
    // Removing keys that are not there changes nothing and records nothing.
    const again = await api(path, { token: world.admin.token, body: { custom_attributes: ['x'] } })
    expect(again.json.payload.custom_attributes).toEqual({ plan: 'pro' })
    expect(await eventsFor(contact.id)).toHaveLength(events.length)
  })

  it('refuses a body without a key list with 422', async () => {
    const world = await createWorld()
    const contact = await seeded(world)
    const before = await contactRow(contact.id)
    const path = `${contactsPath(world)}/${contact.id}/destroy_custom_attributes`
    for (const body of [{}, { custom_attributes: 'seats' }]) {
      expectError(await api(path, { token: world.admin.token, body }), 422, 'validation_failed')
    }
    expect(await contactRow(contact.id)).toEqual(before)
  })
})
