import { describe, expect, it } from 'vitest'
import {
  addInboxMember,
  contactsPath,
  createContact,
  createInbox,
  expectFieldErrors,
} from '../contacts-helpers'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'

const labelsPath = (world: World, id: number) => `${contactsPath(world)}/${id}/labels`

describe('contact labels', () => {
  it('replaces the whole list, lower-cased and without duplicates', async () => {
    const world = await createWorld()
    const contact = await createContact(world)
    const path = labelsPath(world, contact.id)
    expect((await api(path, { token: world.admin.token })).json).toEqual({ payload: [] })
    const set = await api(path, {
      token: world.admin.token,
      body: { labels: ['VIP', 'lead', 'vip'] },
    })
    expect(set.json).toEqual({ payload: ['lead', 'vip'] })
    expect((await api(path, { token: world.admin.token })).json.payload).toEqual(['lead', 'vip'])
    const replaced = await api(path, { token: world.admin.token, body: { labels: ['churned'] } })
    expect(replaced.json.payload).toEqual(['churned'])
    const cleared = await api(path, { token: world.admin.token, body: { labels: [] } })
    expect(cleared.json.payload).toEqual([])
    expect((await api(path, { token: world.admin.token })).json.payload).toEqual([])
  })

  it('stores up to 100 labels in one request', async () => {
    const world = await createWorld()
    const contact = await createContact(world)
    const labels = Array.from({ length: 100 }, (_, i) => `label-${String(i).padStart(3, '0')}`)
    const res = await api(labelsPath(world, contact.id), {
      token: world.admin.token,
      body: { labels },
    })
    expect(res.json.payload).toEqual(labels)
    const stored = await (await accountDb(world.accountId))
      .prepare('select count(*) as n from contact_labels where contact_id = ?')
      .bind(contact.id)
      .first<{ n: number }>()
    expect(stored?.n).toBe(100)
  })

  it('refuses more than 100 labels, over-long ones or a missing list, keeping the old list', async () => {
    const world = await createWorld()
    const contact = await createContact(world)
    const path = labelsPath(world, contact.id)
    await api(path, { token: world.admin.token, body: { labels: ['keep'] } })
    for (const body of [
      { labels: Array.from({ length: 101 }, (_, i) => `l${i}`) },
      { labels: ['x'.repeat(256)] },
      { labels: [''] },
      { labels: 'vip' },
      {},
    ]) {
      expectError(await api(path, { token: world.admin.token, body }), 422, 'validation_failed')
    }
    expect((await api(path, { token: world.admin.token })).json.payload).toEqual(['keep'])
  })
})

describe('GET /contacts/{id}/contactable_inboxes', () => {
  it('lists website and API inboxes with the contact’s source id there, or a fresh one to use', async () => {
    const world = await createWorld()
    const apiInbox = await createInbox(world, { type: 'api' }, 'A api')
    const site = await createInbox(
      world,
      { type: 'web_widget', website_url: 'https://a.test' },
      'B site',
    )
    await createInbox(world, { type: 'email', email: 'help@example.com' }, 'C mail')
    const contact = await createContact(world, { inbox_id: apiInbox.id, source_id: 'known' })
    const path = `${contactsPath(world)}/${contact.id}/contactable_inboxes`
    const res = await api(path, { token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json.payload).toEqual([
      {
        source_id: 'known',
        inbox: expect.objectContaining({ id: apiInbox.id, channel_type: 'Channel::Api' }),
      },
      {
        source_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        inbox: expect.objectContaining({ id: site.id, channel_type: 'Channel::WebWidget' }),
      },
    ])
    // An agent sees only the inboxes it belongs to.
    await addInboxMember(world, apiInbox.id, world.agent.id)
    const agent = await api(path, { token: world.agent.token })
    expect(agent.json.payload.map((r: { inbox: { id: number } }) => r.inbox.id)).toEqual([
      apiInbox.id,
    ])
  })
})

describe('POST /contacts/{id}/contact_inboxes', () => {
  it('links the contact to an inbox, and returns the existing link when asked again', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world, { type: 'api' }, 'Linker')
    const contact = await createContact(world)
    const path = `${contactsPath(world)}/${contact.id}/contact_inboxes`
    const res = await api(path, { token: world.admin.token, body: { inbox_id: inbox.id } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      source_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      inbox: expect.objectContaining({ id: inbox.id, name: 'Linker' }),
    })
    const again = await api(path, { token: world.admin.token, body: { inbox_id: inbox.id } })
    expect(again.json.source_id).toBe(res.json.source_id)
    const named = await api(path, {
      token: world.admin.token,
      body: { contact_inbox: { inbox_id: inbox.id, source_id: 'mine' } },
    })
    expect(named.json.source_id).toBe('mine')
    const shown = await api(`${contactsPath(world)}/${contact.id}`, { token: world.admin.token })
    expect(
      shown.json.payload.contact_inboxes.map((l: { source_id: string }) => l.source_id),
    ).toEqual([res.json.source_id, 'mine'])
  })

  it('uses the contact’s email in an email inbox', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world, { type: 'email', email: 'help@example.com' })
    const contact = await createContact(world, { email: 'linked@example.com' })
    const res = await api(`${contactsPath(world)}/${contact.id}/contact_inboxes`, {
      token: world.admin.token,
      body: { inbox_id: inbox.id },
    })
    expect(res.json.source_id).toBe('linked@example.com')
  })

  it('refuses unknown and foreign inboxes, taken source ids and non-member agents', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const inbox = await createInbox(world)
    const foreign = await createInbox(other)
    await createContact(world, { inbox_id: inbox.id, source_id: 'taken' })
    const contact = await createContact(world)
    const path = `${contactsPath(world)}/${contact.id}/contact_inboxes`
    for (const [body, field] of [
      [{ inbox_id: 999999 }, 'inbox_id'],
      [{ inbox_id: foreign.id }, 'inbox_id'],
      [{ inbox_id: inbox.id, source_id: 'taken' }, 'source_id'],
      [{}, 'inbox_id'],
    ] as const) {
      const res = await api(path, { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expectFieldErrors(res, [field])
    }
    // The agent sees the contact through another inbox but is not a member of this one.
    const agentInbox = await createInbox(world)
    await addInboxMember(world, agentInbox.id, world.agent.id)
    await api(path, { token: world.admin.token, body: { inbox_id: agentInbox.id } })
    expectError(await api(path, { token: world.agent.token, body: { inbox_id: inbox.id } }), 403)
    const links = await (await accountDb(world.accountId))
      .prepare('select inbox_id from contact_inboxes where contact_id = ?')
      .bind(contact.id)
      .all<{ inbox_id: number }>()
    expect(links.results.map((r) => r.inbox_id)).toEqual([agentInbox.id])
  })
})
