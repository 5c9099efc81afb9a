import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { type ContactFilter, listContactPage } from '../../../worker/db/queries/contact-search'
import { trigramQuery } from '../../../worker/db/queries/contact-search-index'
import { contactsPath, createContact, idsOf, visibilityWorld } from '../contacts-helpers'
import { accountDb, api, createWorld, expectError, rerunMigration, type World } from '../helpers'

const search = (world: World, query: string) =>
  api(`${contactsPath(world)}/search?${query}`, { token: world.admin.token })

const q = (text: string) => `q=${encodeURIComponent(text)}`

/** A search the trigram index answered in full: Chatwoot's meta, nothing more. */
const byIndex = {}
const indexed15 = { ...byIndex, count: 15 }

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
    expect(idsOf((await search(world, q('00%'))).json.payload)).toEqual([percent.id])
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
    expect(first.json.meta).toEqual({ ...indexed15, current_page: 1, has_more: true })
    const second = await search(world, `${q('match')}&sort=created_at&page=2`)
    expect(second.json.meta).toEqual({ ...byIndex, count: 2, current_page: 2, has_more: false })
    expect([...idsOf(first.json.payload), ...idsOf(second.json.payload)]).toEqual(ids)
    const exact = await search(world, `${q('match 1')}`)
    // "Match 1", "Match 10" … "Match 16"
    expect(exact.json.meta).toEqual({ ...byIndex, count: 8, current_page: 1, has_more: false })
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

/** Name, email and phone as SQLite's LIKE compares them: only ASCII letters fold. */
const fold = (text: string) => text.replace(/[A-Z]/g, (ch) => ch.toLowerCase())

type Person = {
  name: string
  email?: string | null
  phone_number?: string
  identifier?: string
}

const PEOPLE: Person[] = [
  { name: 'Ada Lovelace', email: 'ada@one.test' },
  { name: 'G. Hopper', email: 'grace@navy.test' },
  { name: 'Phone Only', email: null, phone_number: '+4915112345' },
  { name: 'Ident Only', email: null, identifier: 'CustX-77' },
  { name: 'Lower Ident', email: null, identifier: 'custx-77' },
  { name: 'Émile Zola', email: 'emile@paris.test' },
  { name: 'ÉMILE ZOLA', email: null, identifier: 'émile-lower' },
  { name: 'Conor O"Brien', email: 'conor@quote.test' },
  { name: "Mary O'Brien", email: 'mary@quote.test' },
  { name: '100% Pure', email: 'pure@percent.test' },
  { name: 'a_b AND c OR d', email: 'ops@syntax.test' },
  { name: 'NEAR(x y) *star* ^caret col:umn', email: 'near@syntax.test' },
  { name: 'back\\slash', email: 'slash@syntax.test' },
  { name: '日本語の名前', email: 'jp@unicode.test' },
  { name: 'Emoji 😀😀 Fan', email: 'emoji@unicode.test' },
  { name: 'Hidden Ada Visitor', email: null },
]

const QUERIES = [
  ...['ada', 'ADA', 'Lovelace', 'LOVE', 'ov', 'a', 'e', 'Ada L', 'ada@', '@one.test', 'navy'],
  ...['5112', '+49151', '+4', '15112345', 'CustX', 'custx', 'stX-7', 'X-77', 'USTX', 'x-77'],
  ...['Émile', 'émile', 'ÉMILE', 'mile', 'Zola', 'zola', 'é', 'O"Brien', 'o"brien', '"', '""'],
  ...["O'Brien", "'", '100%', '0% P', '%', 'a_b', '_', '\\', 'k\\s', 'AND', 'and c or', 'OR'],
  ...['NEAR(', 'NEAR(x y)', '*star*', '*', '^caret', '^', 'col:umn', ':', '-', '(x', ')'],
  ...['日本', '日本語の', '😀', '😀😀', 'ji 😀', '😀 Fan', 'Hidden', 'Visitor', 'Filler', 'ller 1'],
  ...['nobody', 'x', 'zz', 'a'.repeat(40), 'Ada Lovelace Ada Lovelace Ada Lovelace'],
]

/**
 * The people a search finds, indexes into PEOPLE: substring matches for a term of three
 * characters or more, prefix matches (a phone also after its "+") for a shorter one.
 */
function expected(query: string) {
  const short = Array.from(query).length < 3 || query.includes('\0')
  const has = (value: string, term: string) =>
    short ? value.startsWith(term) || value.startsWith(`+${term}`) : value.includes(term)
  return PEOPLE.flatMap((p, i) => {
    if (!p.email && !p.phone_number && !p.identifier) return []
    const like = (value: string | null | undefined) => !!value && has(fold(value), fold(query))
    const found =
      like(p.name) ||
      like(p.email) ||
      like(p.phone_number) ||
      (!!p.identifier && has(p.identifier, query))
    return found ? [i] : []
  })
}

/**
 * Unresolved contacts (a name only): never found, but the ones of a term in "Filler N" are
 * more than a search reads.
 */
async function fill(world: World) {
  const rows = 2_100
  await (await accountDb(world.accountId))
    .prepare(
      `insert into contacts (account_id, name) with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ?) select ?, 'Filler ' || n from seq`,
    )
    .bind(rows, world.accountId)
    .run()
}

async function peopleWorld(big: boolean) {
  const world = await createWorld()
  if (big) await fill(world)
  const ids: number[] = []
  for (const person of PEOPLE) ids.push((await createContact(world, person)).id)
  return { world, ids }
}

/** Every match, page by page. */
async function searchAll(world: World, query: string, token = world.admin.token) {
  const ids: number[] = []
  for (let page = 1; ; page++) {
    const res = await api(`${contactsPath(world)}/search?${q(query)}&page=${page}`, { token })
    expect({ query, status: res.status }).toEqual({ query, status: 200 })
    ids.push(...idsOf(res.json.payload))
    if (!res.json.meta.has_more) return ids.sort((a, b) => a - b)
  }
}

/** Which of `ids` the index holds (its rowid is −(contact id), migration 0028). */
const indexed = async (world: World, ids: number[]) =>
  (await accountDb(world.accountId))
    .prepare(
      `select -rowid as id from contacts_search where rowid in (${ids.map(() => '?').join(',')})`,
    )
    .bind(...ids.map((id) => -id))
    .all<{ id: number }>()
    .then(({ results }) => results.map((r) => r.id).sort((a, b) => a - b))

describe('GET /contacts/search through the trigram index', () => {
  it('finds exactly the substring matches, in small and big accounts alike', async () => {
    expect(trigramQuery('ab')).toBeUndefined()
    expect(trigramQuery('a\u0000bc')).toBeUndefined()
    expect(trigramQuery('O"Brien')).toBe('"O""B" """Br" "Bri" "rie" "ien"')
    for (const big of [false, true]) {
      const { world, ids } = await peopleWorld(big)
      for (const query of QUERIES) {
        const want = expected(query.trim()).map((i) => ids[i] as number)
        expect({ big, query, ids: await searchAll(world, query) }).toEqual({
          big,
          query,
          ids: want,
        })
      }
    }
  }, 60_000)

  it('reads a big account through the index, kept by the insert, update and delete triggers', async () => {
    const { world, ids } = await peopleWorld(true)
    const [ada, hopper, , ident] = ids as [number, number, number, number]
    expect(await indexed(world, ids)).toEqual([...ids].sort((a, b) => a - b))

    // Taken out of the index, a contact of a big account is no longer found by a long term.
    await (await accountDb(world.accountId))
      .prepare('delete from contacts_search where rowid = ?')
      .bind(-ada)
      .run()
    expect(await searchAll(world, 'Lovelace')).toEqual([])
    // A short term is answered by prefix ranges of the contacts' own indexes.
    expect(await searchAll(world, 'Ad')).toEqual([ada])

    const patch = (id: number, body: Record<string, unknown>) =>
      api(`${contactsPath(world)}/${id}`, { method: 'PATCH', token: world.admin.token, body })
    // A change of a searched column puts it back with the new text.
    expect((await patch(ada, { name: 'Augusta King' })).status).toBe(200)
    expect(await searchAll(world, 'Augusta')).toEqual([ada])
    expect(await searchAll(world, 'ugusta kin')).toEqual([ada])
    expect(await searchAll(world, 'Lovelace')).toEqual([])
    expect((await patch(hopper, { email: 'rear.admiral@navy.test' })).status).toBe(200)
    expect(await searchAll(world, 'rear.adm')).toEqual([hopper])
    expect(await searchAll(world, 'grace@')).toEqual([])
    expect((await patch(ident, { identifier: 'NewIdent-9' })).status).toBe(200)
    expect(await searchAll(world, 'NewIdent')).toEqual([ident])
    expect(await searchAll(world, 'newident')).toEqual([])
    expect(await searchAll(world, 'CustX')).toEqual([])

    const res = await api(`${contactsPath(world)}/${hopper}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(await indexed(world, [hopper])).toEqual([])
    expect(await searchAll(world, 'rear.adm')).toEqual([])
  })

  it('finds the contacts already there once migration 0028 rebuilt the index newest first', async () => {
    const { world, ids } = await peopleWorld(true)
    const db = await accountDb(world.accountId)
    await rerunMigration(db, '0028_contacts_search_newest_first.sql')
    expect(await indexed(world, ids)).toEqual([...ids].sort((a, b) => a - b))
    for (const query of QUERIES) {
      const want = expected(query.trim()).map((i) => ids[i] as number)
      expect({ query, ids: await searchAll(world, query) }).toEqual({ query, ids: want })
    }
  })

  it('answers 200 to any text, quotes and FTS syntax included', async () => {
    const { world } = await peopleWorld(true)
    const nasty = ['"', '"""', '" OR "', 'a" OR "b', 'NOT x', 'x AND', '-abc', '{name}: x']
    for (const text of [...nasty, 'NEAR(a b, 2)', 'abc*', '^abc', '+++', '\u0000abc', 'a\u0000']) {
      const res = await search(world, q(text))
      expect({ text, status: res.status }).toEqual({ text, status: 200 })
    }
  })

  it('shows an agent only the contacts of its inboxes', async () => {
    const { world, a, b, c } = await visibilityWorld('Scoped', fill)
    expect(await searchAll(world, 'Scoped', world.agent.token)).toEqual([a.id, b.id])
    expect(await searchAll(world, 'Sc', world.agent.token)).toEqual([a.id, b.id])
    expect(await searchAll(world, 'Scoped')).toHaveLength(4)
    expect(await searchAll(world, 'Scoped C', world.agent.token)).toEqual([])
    expect(await searchAll(world, 'Scoped C')).toEqual([c.id])
  })

  it('pages and counts a term matching many exactly, whichever way it is read', async () => {
    const world = await createWorld()
    await fill(world)
    const shard = await accountDb(world.accountId)
    const db = createDb(shard)
    await shard
      .prepare(
        `insert into contacts (account_id, name, email) with recursive seq(n) as (select 1 union all select n + 1 from seq where n < 28) select ?, 'Filler member ' || n, 'fm' || n || '@many.test' from seq`,
      )
      .bind(world.accountId)
      .run()
    // Fewer than a search reads (SEARCH_CANDIDATES), so every way of reading them is exact.
    const members = Array.from({ length: 28 }, (_, i) => `Filler member ${i + 1}`).sort()
    const filter = (query: string, agentId: number | null = null): ContactFilter => ({
      accountId: world.accountId,
      agentId,
      query,
      sort: { key: 'name', descending: false },
    })
    // "Filler" has more candidates than a search reads: the newest are the 28 members.
    for (const query of ['Filler', 'filler member', 'ember 1', 'member 1', '@many.test']) {
      const want = members.filter((name) =>
        fold(`${name} ${name.replace('Filler member ', 'fm')}@many.test`).includes(fold(query)),
      )
      const first = await listContactPage(db, filter(query), {
        limit: 16,
        offset: 0,
        withTotal: true,
      })
      expect({ query, total: first.total }).toEqual({ query, total: want.length })
      expect(first.rows.map((r) => r.contact.name)).toEqual(want.slice(0, 16))
      const third = await listContactPage(db, filter(query), {
        limit: 16,
        offset: 20,
        withTotal: false,
      })
      expect(third.rows.map((r) => r.contact.name)).toEqual(want.slice(20, 36))
      const agent = await listContactPage(db, filter(query, world.agent.id), {
        limit: 16,
        offset: 0,
        withTotal: true,
      })
      expect({ query, agent: agent.total, rows: agent.rows }).toEqual({ query, agent: 0, rows: [] })
    }
    const first = await search(world, `${q('filler member')}&sort=name`)
    expect(first.json.meta).toEqual({ ...indexed15, current_page: 1, has_more: true })
    const last = await search(world, `${q('filler member')}&sort=name&page=2`)
    expect(last.json.meta).toEqual({ ...byIndex, count: 13, current_page: 2, has_more: false })
    expect(last.json.payload.map((c: { name: string }) => c.name)).toEqual(members.slice(15))
  })
})
