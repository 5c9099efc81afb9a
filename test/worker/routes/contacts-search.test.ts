import { describe, expect, it } from 'vitest'
import { contactsPath, createContact, idsOf } from '../contacts-helpers'
import { api, createWorld, expectError, type World } from '../helpers'

const search = (world: World, query: string) =>
  api(`${contactsPath(world)}/search?${query}`, { token: world.admin.token })

const q = (text: string) => `q=${encodeURIComponent(text)}`

describe('GET /contacts/search', () => {
  it('matches name, email and phone in any case, and identifier in exact case', async () => {
    const world = await createWorld()
    const ada = await createContact(world, { name: 'Ada Lovelace', email: 'ada@one.test' })
    const grace = await createContact(world, { name: 'G. Hopper', email: 'grace@navy.test' })
    const phone = await createContact(world, {
      name: 'P',
      email: null,
      phone_number: '+4915112345',
    })
    const ident = await createContact(world, { name: 'I', email: null, identifier: 'CustX-77' })
    const expectIds = async (text: string, ids: number[]) => {
      const res = await search(world, q(text))
      expect(res.status).toBe(200)
      expect({ text, ids: idsOf(res.json.payload).sort() }).toEqual({ text, ids: ids.sort() })
    }
    await expectIds('LOVELACE', [ada.id])
    await expectIds('NAVY', [grace.id])
    await expectIds('5112', [phone.id])
    await expectIds('CustX', [ident.id])
    await expectIds('custx', [])
    await expectIds('  ada  ', [ada.id])
    await expectIds('nobody', [])
  })

  it('takes % and _ in q literally', async () => {
    const world = await createWorld()
    const percent = await createContact(world, { name: '100% Pure' })
    const underscore = await createContact(world, { name: 'a_b' })
    await createContact(world, { name: 'axb 100 Pure' })
    const backslash = await createContact(world, { name: 'back\\slash' })
    expect(idsOf((await search(world, q('%'))).json.payload)).toEqual([percent.id])
    expect(idsOf((await search(world, q('0% P'))).json.payload)).toEqual([percent.id])
    expect(idsOf((await search(world, q('a_b'))).json.payload)).toEqual([underscore.id])
    expect(idsOf((await search(world, q('k\\s'))).json.payload)).toEqual([backslash.id])
  })

  it('finds only contacts with an email, phone or identifier', async () => {
    const world = await createWorld()
    await createContact(world, { name: 'Hidden Visitor', email: null })
    const shown = await createContact(world, { name: 'Shown Visitor' })
    expect(idsOf((await search(world, q('visitor'))).json.payload)).toEqual([shown.id])
  })

  it('pages 15 at a time with has_more and the count of this page', async () => {
    const world = await createWorld()
    const ids: number[] = []
    for (let i = 0; i < 17; i++) ids.push((await createContact(world, { name: `Match ${i}` })).id)
    await createContact(world, { name: 'Other' })
    const first = await search(world, `${q('match')}&sort=created_at`)
    expect(first.json.meta).toEqual({ count: 15, current_page: 1, has_more: true })
    const second = await search(world, `${q('match')}&sort=created_at&page=2`)
    expect(second.json.meta).toEqual({ count: 2, current_page: 2, has_more: false })
    expect([...idsOf(first.json.payload), ...idsOf(second.json.payload)]).toEqual(ids)
    const exact = await search(world, `${q('match 1')}`)
    // "Match 1", "Match 10" … "Match 16"
    expect(exact.json.meta).toEqual({ count: 8, current_page: 1, has_more: false })
  })

  it('sorts matches like the list does', async () => {
    const world = await createWorld()
    const b = await createContact(world, { name: 'Team B', email: 'z@example.com' })
    const a = await createContact(world, { name: 'Team A', email: 'y@example.com' })
    expect(idsOf((await search(world, `${q('team')}&sort=name`)).json.payload)).toEqual([
      a.id,
      b.id,
    ])
    expect(idsOf((await search(world, `${q('team')}&sort=-name`)).json.payload)).toEqual([
      b.id,
      a.id,
    ])
    const slim = await search(world, `${q('team')}&include_contact_inboxes=false`)
    expect('contact_inboxes' in slim.json.payload[0]).toBe(false)
  })

  it('refuses a missing or blank q with 422 naming q', async () => {
    const world = await createWorld()
    for (const query of ['', 'q=', 'q=%20%20', 'page=2']) {
      const res = await search(world, query)
      expectError(res, 422, 'validation_failed')
      expect(res.json.message).toBe('Specify search string with parameter q')
      expect(res.json.errors.map((e: { field: string }) => e.field)).toEqual(['q'])
    }
  })
})
