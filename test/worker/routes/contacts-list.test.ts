import { describe, expect, it } from 'vitest'
import { contactsPath, createContact, createInbox, idsOf } from '../contacts-helpers'
import { accountDb, api, createWorld, expectError, shardOfRow, type World } from '../helpers'

const list = (world: World, query = '') =>
  api(`${contactsPath(world)}${query}`, { token: world.admin.token })

async function setColumns(id: number, values: Record<string, unknown>) {
  const keys = Object.keys(values)
  await shardOfRow(id)
    .prepare(`update contacts set ${keys.map((k) => `${k} = ?`).join(', ')} where id = ?`)
    .bind(...Object.values(values), id)
    .run()
}

describe('GET /contacts', () => {
  it('lists only contacts with an email, phone or identifier, 15 a page, with the total', async () => {
    const world = await createWorld()
    const ids: number[] = []
    for (let i = 0; i < 15; i++) ids.push((await createContact(world)).id)
    ids.push((await createContact(world, { email: null, phone_number: '+15551110000' })).id)
    ids.push((await createContact(world, { email: null, identifier: 'only-id' })).id)
    await createContact(world, { email: null, name: 'Anonymous visitor' })
    await createContact(world, { email: '', identifier: '', name: 'Blank' })
    // Rows written by other paths may hold empty strings rather than NULL.
    const insert = (await accountDb(world.accountId)).prepare(
      'insert into contacts (account_id, name, email, phone_number, identifier) values (?, ?, ?, ?, ?)',
    )
    await insert.bind(world.accountId, 'Empty strings', null, '', '').run()
    const raw = await insert.bind(world.accountId, 'Raw id', '', null, 'raw-id').run()
    ids.push(raw.meta.last_row_id)

    const first = await list(world)
    expect(first.status).toBe(200)
    expect(first.json.meta).toEqual({ count: 18, current_page: 1, next_cursor: expect.any(String) })
    expect(first.json.payload).toHaveLength(15)
    const second = await list(world, '?page=2')
    expect(second.json.meta).toEqual({ count: 18, current_page: 2 })
    expect(second.json.payload).toHaveLength(3)
    expect([...idsOf(first.json.payload), ...idsOf(second.json.payload)].sort()).toEqual(
      [...ids].sort(),
    )
    // With no activity yet, the default order (-last_activity_at) falls back to the newest first.
    expect(idsOf(first.json.payload)).toEqual([...ids].reverse().slice(0, 15))
    const third = await list(world, '?page=3')
    expect(third.json).toEqual({ meta: { count: 18, current_page: 3 }, payload: [] })
  })

  it('lists every contact, anonymous visitors too, with view=all; search finds them the same way', async () => {
    const world = await createWorld()
    const known = await createContact(world, { name: 'Known Quokka' })
    const anonymous = await createContact(world, { email: null, name: 'Quiet Quokka' })
    const all = await list(world, '?view=all')
    expect(all.status).toBe(200)
    expect(all.json.meta).toEqual({ count: 2, current_page: 1 })
    expect(idsOf(all.json.payload).sort()).toEqual([known.id, anonymous.id].sort())
    const identified = await list(world, '?view=identified')
    expect(idsOf(identified.json.payload)).toEqual([known.id])

    const search = (view: string) =>
      api(`${contactsPath(world)}/search?q=quokka${view}`, { token: world.admin.token })
    expect(idsOf((await search('')).json.payload)).toEqual([known.id])
    expect(idsOf((await search('&view=all')).json.payload).sort()).toEqual(
      [known.id, anonymous.id].sort(),
    )
    expectError(await list(world, '?view=everyone'), 422)
  })

  it('includes contact inboxes unless include_contact_inboxes=false', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const contact = await createContact(world, { inbox_id: inbox.id, source_id: 'list-src' })
    const full = await list(world)
    expect(full.json.payload[0].contact_inboxes).toEqual([
      { source_id: 'list-src', inbox: expect.objectContaining({ id: inbox.id }) },
    ])
    const slim = await list(world, '?include_contact_inboxes=false')
    expect(slim.json.payload[0].id).toBe(contact.id)
    expect('contact_inboxes' in slim.json.payload[0]).toBe(false)
  })

  it('sorts by every key in both directions, breaking ties by id', async () => {
    const world = await createWorld()
    const specs = [
      {
        name: 'Bravo',
        email: 'b@example.com',
        phone: '+15550000003',
        at: 300,
        created: 10,
        company: 'Zeta',
        city: 'Oslo',
        country: 'NO',
      },
      {
        name: 'Alpha',
        email: 'd@example.com',
        phone: '+15550000001',
        at: 100,
        created: 30,
        company: 'Acme',
        city: 'Bern',
        country: 'CH',
      },
      {
        name: 'Charlie',
        email: 'a@example.com',
        phone: '+15550000002',
        at: null,
        created: 20,
        company: 'Acme',
        city: 'Rome',
        country: 'IT',
      },
      {
        name: 'Alpha',
        email: 'c@example.com',
        phone: '+15550000004',
        at: 200,
        created: 20,
        company: 'Mono',
        city: 'Bern',
        country: 'AT',
      },
    ]
    const rows: ((typeof specs)[number] & { id: number })[] = []
    for (const s of specs) {
      const contact = await createContact(world, {
        name: s.name,
        email: s.email,
        phone_number: s.phone,
        additional_attributes: { company_name: s.company, city: s.city, country: s.country },
      })
      await setColumns(contact.id, { last_activity_at: s.at, created_at: s.created })
      rows.push({ ...s, id: contact.id })
    }
    const keyOf = {
      name: (r: (typeof rows)[number]) => r.name,
      email: (r: (typeof rows)[number]) => r.email,
      phone_number: (r: (typeof rows)[number]) => r.phone,
      // SQLite puts NULL first ascending, last descending.
      last_activity_at: (r: (typeof rows)[number]) => r.at ?? -1,
      created_at: (r: (typeof rows)[number]) => r.created,
      company: (r: (typeof rows)[number]) => r.company,
      city: (r: (typeof rows)[number]) => r.city,
      country: (r: (typeof rows)[number]) => r.country,
    }
    for (const [sort, key] of Object.entries(keyOf)) {
      const ascending = [...rows].sort((a, b) => {
        const [x, y] = [key(a), key(b)]
        return x < y ? -1 : x > y ? 1 : a.id - b.id
      })
      const asc = await list(world, `?sort=${sort}`)
      expect({ sort, ids: idsOf(asc.json.payload) }).toEqual({ sort, ids: idsOf(ascending) })
      const desc = await list(world, `?sort=-${sort}`)
      expect({ sort: `-${sort}`, ids: idsOf(desc.json.payload) }).toEqual({
        sort: `-${sort}`,
        ids: idsOf(ascending).reverse(),
      })
    }
    const byDefault = await list(world)
    expect(idsOf(byDefault.json.payload)).toEqual(
      idsOf((await list(world, '?sort=-last_activity_at')).json.payload),
    )
  })

  it('keeps pages stable when many contacts tie on the sort key', async () => {
    const world = await createWorld()
    for (let i = 0; i < 20; i++) await createContact(world, { name: 'Same' })
    const first = await list(world, '?sort=name')
    const second = await list(world, '?sort=name&page=2')
    const seen = [...idsOf(first.json.payload), ...idsOf(second.json.payload)]
    expect(new Set(seen).size).toBe(20)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
  })

  it('filters by labels[] (contacts with any of them)', async () => {
    const world = await createWorld()
    const vip = await createContact(world)
    const lead = await createContact(world)
    const both = await createContact(world)
    await createContact(world)
    const label = (id: number, labels: string[]) =>
      api(`${contactsPath(world)}/${id}/labels`, { token: world.admin.token, body: { labels } })
    await label(vip.id, ['vip'])
    await label(lead.id, ['lead'])
    await label(both.id, ['vip', 'lead'])
    const one = await list(world, '?labels[]=vip')
    expect(one.json.meta.count).toBe(2)
    expect(idsOf(one.json.payload).sort()).toEqual([vip.id, both.id].sort())
    const any = await list(world, '?labels[]=VIP&labels[]=lead')
    expect(any.json.meta.count).toBe(3)
    expect(idsOf(any.json.payload).sort()).toEqual([vip.id, lead.id, both.id].sort())
    const none = await list(world, '?labels[]=nobody')
    expect(none.json).toEqual({ meta: { count: 0, current_page: 1 }, payload: [] })
  })

  it('refuses an unknown sort, a bad page or a bad flag with 422', async () => {
    const world = await createWorld()
    for (const query of [
      '?sort=password',
      '?page=0',
      '?page=x',
      '?include_contact_inboxes=maybe',
    ]) {
      expectError(await list(world, query), 422, 'validation_failed')
    }
  })
})
