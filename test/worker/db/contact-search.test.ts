import { beforeAll, describe, expect, it } from 'vitest'
import { countingD1, type D1Counter } from '../../../bench/worker/d1-counter'
import { createDb } from '../../../worker/db/client'
import {
  CONTACT_COUNT_CAP,
  type ContactFilter,
  contactsAfterId,
  listContactPage,
} from '../../../worker/db/queries/contact-search'
import { contactsPath, idsOf } from '../contacts-helpers'
import { accountDb, api, createWorld, PLATFORM_TOKEN, type World } from '../helpers'

/** Contacts seeded in each account: enough that a walk of the account would break the budget. */
const SIZE = 3_000
/** Issue 34's budget for a read: rows read ≤ 10 × items returned + 200. */
const budget = (items: number) => 10 * items + 200

/**
 * `Contact n` with `contact<n>@<domain>` and `+4930<phones + n>`, in one statement (the insert
 * triggers keep the search index).
 */
async function seed(world: World, domain: string, count = SIZE, name = 'Contact', phones = 1e6) {
  await (await accountDb(world.accountId))
    .prepare(
      `insert into contacts (account_id, name, email, phone_number, last_activity_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       select ?, ? || ' ' || i, lower(?) || i || '@' || ?, '+4930' || (cast(? as integer) + i), i from n`,
    )
    .bind(count, world.accountId, name, name.replaceAll(' ', ''), domain, phones)
    .run()
}

let mine: World
let theirs: World

beforeAll(async () => {
  // Both on one shard: its search index holds both accounts' contacts.
  mine = await createWorld(PLATFORM_TOKEN, 0)
  theirs = await createWorld(PLATFORM_TOKEN, 0)
  await seed(mine, 'mine.test')
  // Another tenant on the same shard, written after: newer ids, the same names.
  await seed(theirs, 'theirs.test')
  await seed(theirs, 'theirs.test', 500, 'Rare Shared', 2e6)
  await seed(mine, 'mine.test', 3, 'Rare Shared', 2e6)
  // A term the shard holds fewer times than the search's cap of 31 candidates, and one it holds
  // one more time than that, this account's the oldest two.
  await seed(theirs, 'theirs.test', 28, 'Few Shared', 3e6)
  await seed(mine, 'mine.test', 2, 'Few Shared', 3e6)
  await seed(mine, 'mine.test', 2, 'Edge Shared', 4e6)
  await seed(theirs, 'theirs.test', 30, 'Edge Shared', 4e6)
}, 60_000)

const filter = (world: World, query?: string, agentId: number | null = null): ContactFilter => ({
  accountId: world.accountId,
  agentId,
  query,
  sort: { key: 'last_activity_at', descending: true },
})

/** One page as the search route reads it (16 rows: the 16th says has_more), with rows read. */
async function measured(
  world: World,
  query: string | undefined,
  withTotal = false,
  agentId: number | null = null,
) {
  const counter: D1Counter = { trips: 0, rowsRead: 0 }
  const db = createDb(countingD1(await accountDb(world.accountId), counter))
  const page = await listContactPage(db, filter(world, query, agentId), {
    limit: 16,
    offset: 0,
    withTotal,
  })
  const items = Math.min(page.rows.length, 15)
  return { ...page, items, rowsRead: counter.rowsRead ?? 0 }
}

const search = (world: World, q: string) =>
  api(`${contactsPath(world)}/search?q=${encodeURIComponent(q)}`, { token: world.admin.token })

describe('contact search never walks the account', () => {
  it('answers one and two letters with prefix matches, flagged, within the budget', async () => {
    for (const term of ['c', 'Co', '+4']) {
      const page = await measured(mine, term)
      expect({ term, search: page.search, partial: page.partial }).toEqual({
        term,
        search: 'prefix',
        partial: true,
      })
      expect(page.items).toBe(15)
      for (const { contact } of page.rows) {
        expect(contact.accountId).toBe(mine.accountId)
        const starts = [contact.name.toLowerCase(), contact.email, contact.phoneNumber].some((v) =>
          v?.startsWith(term.toLowerCase()),
        )
        expect({ term, name: contact.name, starts }).toEqual({
          term,
          name: contact.name,
          starts: true,
        })
      }
      expect({ term, rows: page.rowsRead }).toEqual({
        term,
        rows: expect.toSatisfy((n: number) => n > 0 && n <= budget(page.items)),
      })
    }
    const res = await search(mine, 'co')
    expect(res.status).toBe(200)
    expect(res.json.meta).toEqual({
      count: 15,
      current_page: 1,
      has_more: true,
      search: 'prefix',
      partial: true,
    })
  })

  it('finds nothing for two letters nobody starts with, reading almost nothing', async () => {
    const page = await measured(mine, 'zz')
    expect({ search: page.search, partial: page.partial, items: page.items }).toEqual({
      search: 'prefix',
      partial: false,
      items: 0,
    })
    expect(page.rowsRead).toBeLessThanOrEqual(budget(0))
  })

  it('finds a rare substring through the index, only in this account', async () => {
    const page = await measured(mine, 'ct2345@')
    expect(page.rows.map((r) => r.contact.email)).toEqual(['contact2345@mine.test'])
    expect({ search: page.search, partial: page.partial }).toEqual({
      search: 'index',
      partial: false,
    })
    expect(page.rowsRead).toBeLessThanOrEqual(budget(1))
  })

  it('finds a phone number by some of its digits', async () => {
    const page = await measured(mine, '1001234')
    expect(page.rows.map((r) => r.contact.phoneNumber)).toEqual(['+49301001234'])
    expect(page.rowsRead).toBeLessThanOrEqual(budget(1))
  })

  it('bounds a term in every contact to the newest candidates, flagged partial', async () => {
    const page = await measured(mine, 'contact')
    expect({ search: page.search, partial: page.partial, items: page.items }).toEqual({
      search: 'index',
      partial: true,
      items: 15,
    })
    // The newest activity first, all of this account.
    expect(page.rows[0]?.contact.name).toBe(`Contact ${SIZE}`)
    expect(page.rows.every((r) => r.contact.accountId === mine.accountId)).toBe(true)
    expect(page.rowsRead).toBeLessThanOrEqual(budget(page.items))
  })

  it('keeps an agent who sees none of the matches within the budget too', async () => {
    // As the search route reads: the page alone.
    for (const term of ['contact', 'co', 'c']) {
      const page = await measured(mine, term, false, mine.agent.id)
      expect({ term, items: page.items }).toEqual({ term, items: 0 })
      expect({ term, rows: page.rowsRead }).toEqual({
        term,
        rows: expect.toSatisfy((n: number) => n <= budget(0)),
      })
    }
  })

  it("never shows or counts another account's matches", async () => {
    // 500 newer "Rare Shared" contacts in the other account would fill any shared cap.
    const page = await measured(mine, 'rare shared', true)
    expect(page.rows.map((r) => r.contact.name).sort()).toEqual([
      'Rare Shared 1',
      'Rare Shared 2',
      'Rare Shared 3',
    ])
    expect(page.rows.every((r) => r.contact.accountId === mine.accountId)).toBe(true)
    expect({ partial: page.partial, total: page.total, capped: page.capped }).toEqual({
      partial: false,
      total: 3,
      capped: false,
    })
    const short = await measured(mine, 'ra', true)
    expect(short.rows.map((r) => r.contact.name).sort()).toEqual([
      'Rare Shared 1',
      'Rare Shared 2',
      'Rare Shared 3',
    ])
    expect({ partial: short.partial, total: short.total }).toEqual({ partial: false, total: 3 })
  })

  it('finds a term the shard holds under the cap and one it holds past it, only in this account', async () => {
    // 30 in the shard, and 32 with this account's the oldest: a cap shared with the other account
    // would cut them.
    for (const [term, name] of [
      ['few shared', 'Few Shared'],
      ['edge shared', 'Edge Shared'],
    ]) {
      const page = await measured(mine, term as string, true)
      expect({ term, names: page.rows.map((r) => r.contact.name).sort() }).toEqual({
        term,
        names: [`${name} 1`, `${name} 2`],
      })
      expect(page.rows.every((r) => r.contact.accountId === mine.accountId)).toBe(true)
      expect({ partial: page.partial, total: page.total, capped: page.capped }).toEqual({
        partial: false,
        total: 2,
        capped: false,
      })
      // As the search route reads (it does not count): the page alone.
      const read = await measured(mine, term as string)
      expect(read.rowsRead).toBeLessThanOrEqual(budget(2))
    }
    const theirsPage = await measured(theirs, 'few shared', true)
    expect({ total: theirsPage.total, partial: theirsPage.partial }).toEqual({
      total: 28,
      partial: false,
    })
  })

  it("walks a search's contacts oldest first, a page at a time, each once (an export's walk)", async () => {
    const db = createDb(await accountDb(mine.accountId))
    const scope = { accountId: mine.accountId, agentId: null, query: 'rare shared' }
    const walked: string[] = []
    let afterId = 0
    for (;;) {
      const page = await contactsAfterId(db, scope, afterId, 2)
      walked.push(...page.map((contact) => contact.name as string))
      if (page.length < 2) break
      afterId = page.at(-1)?.id as number
    }
    expect(walked).toEqual(['Rare Shared 1', 'Rare Shared 2', 'Rare Shared 3'])
  })

  it('counts the list exactly up to the cap and says when it stopped, within the budget', async () => {
    const page = await measured(mine, undefined, true)
    expect(page.items).toBe(15)
    expect({ total: page.total, capped: page.capped }).toEqual({
      total: CONTACT_COUNT_CAP,
      capped: true,
    })
    expect(page.rowsRead).toBeLessThanOrEqual(budget(page.items))
    const res = await api(contactsPath(mine), { token: mine.admin.token })
    expect(res.json.meta).toEqual({
      count: CONTACT_COUNT_CAP,
      count_capped: true,
      current_page: 1,
      next_cursor: expect.any(String),
    })
    const rare = await search(mine, 'ct2345@')
    expect(rare.json.meta).toEqual({ count: 1, current_page: 1, has_more: false })
    const every = await search(mine, 'contact')
    expect(every.json.meta).toEqual({ count: 15, current_page: 1, has_more: true, partial: true })

    const small = await createWorld()
    await seed(small, 'small.test', 7)
    const few = await api(contactsPath(small), { token: small.admin.token })
    expect(few.json.meta).toEqual({ count: 7, current_page: 1 })
    expect(idsOf(few.json.payload)).toHaveLength(7)
  })
})
