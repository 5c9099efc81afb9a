import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { csvRecords } from '../../../../worker/lib/csv'
import { DOWNLOAD_LINK_SECONDS, signedDownloadUrl } from '../../../../worker/lib/download-links'
import { createContact, defineContactAttribute } from '../../contacts-helpers'
import { accountDb, api, createWorld, expectError, uniq } from '../../helpers'
import {
  exportCsv,
  fetchDownload,
  importCsv,
  jobsPath,
  storedContacts,
  waitForExport,
} from './jobs-helpers'

const rowsOf = (text: string) => [...csvRecords(text)].map((r) => r.fields)

async function label(world: Awaited<ReturnType<typeof createWorld>>, id: number, labels: string[]) {
  const res = await api(jobsPath(world, `/${id}/labels`), {
    token: world.admin.token,
    body: { labels },
  })
  expect(res.status).toBe(200)
}

describe('POST contacts/export', () => {
  it('answers 202, writes the CSV off the request and links to it without a token', async () => {
    const world = await createWorld()
    await defineContactAttribute(world.accountId, 'plan', 'text')
    const ada = await createContact(world, {
      name: 'Ada',
      email: 'ada@example.com',
      phone_number: '+15550001',
      identifier: 'ada-1',
      custom_attributes: { plan: 'gold' },
    })
    // No email, phone number or identifier: the contact list leaves it out, and so does this.
    await createContact(world, { name: 'Nobody', email: null })
    const created = await api(jobsPath(world, '/export'), { token: world.admin.token, body: {} })
    expect(created.status).toBe(202)
    expect(created.json).toEqual({ id: expect.any(Number), status: 'pending' })
    const job = await waitForExport(world, created.json.id)
    expect(job).toMatchObject({ status: 'completed', total_records: 1 })
    expect(job.download_url).toMatch(
      new RegExp(`^http://parley\\.test/downloads/contact_exports/${created.json.id}\\?`),
    )
    const download = await fetchDownload(job.download_url)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename=/)
    expect(rowsOf(download.text)).toEqual([
      ['id', 'name', 'email', 'phone_number', 'identifier', 'created_at', 'custom_attribute.plan'],
      [String(ada.id), 'Ada', 'ada@example.com', "'+15550001", 'ada-1', expect.any(String), 'gold'],
    ])
  })

  it('exports the columns asked for, in order, and refuses unknown ones with 422', async () => {
    const world = await createWorld()
    await defineContactAttribute(world.accountId, 'x', 'number')
    await createContact(world, { name: 'Bo', email: 'bo@example.com', custom_attributes: { x: 1 } })
    const { download } = await exportCsv(world, {
      column_names: ['email', 'custom_attribute.x', 'name', 'custom_attribute.missing'],
    })
    expect(rowsOf(download.text)).toEqual([
      ['email', 'custom_attribute.x', 'name', 'custom_attribute.missing'],
      ['bo@example.com', '1', 'Bo', ''],
    ])
    const bad = await api(jobsPath(world, '/export'), {
      token: world.admin.token,
      body: { column_names: ['email', 'password_digest'] },
    })
    expectError(bad, 422, 'validation_failed')
    expect(bad.json.message).toMatch(/password_digest/)
  })

  it('filters by label and by search text as the contact list and search do', async () => {
    const world = await createWorld()
    const vip = await createContact(world, { name: 'Vera Acme', email: 'vera@acme.test' })
    const vipOther = await createContact(world, { name: 'Otto', email: 'otto@example.com' })
    await createContact(world, { name: 'Acme Buyer', email: 'buyer@acme.test' })
    await label(world, vip.id, ['vip'])
    await label(world, vipOther.id, ['vip'])
    const emails = async (body: Record<string, unknown>) =>
      rowsOf((await exportCsv(world, { column_names: ['email'], ...body })).download.text)
        .slice(1)
        .map(([email]) => email)
    expect(await emails({ label: 'VIP' })).toEqual(['vera@acme.test', 'otto@example.com'])
    expect(await emails({ labels: ['vip'] })).toEqual(['vera@acme.test', 'otto@example.com'])
    expect(await emails({ 'labels[]': 'vip' })).toEqual(['vera@acme.test', 'otto@example.com'])
    expect(await emails({ q: 'acme' })).toEqual(['vera@acme.test', 'buyer@acme.test'])
    expect(await emails({ label: 'vip', q: 'ACME' })).toEqual(['vera@acme.test'])
    expect(await emails({ label: 'nobody-has-it' })).toEqual([])
  })

  it('with q holds exactly the contacts contacts/search lists, through the search index or not', async () => {
    const people = [
      { name: 'Ada Lovelace', email: 'ada@engines.test', custom_attributes: { plan: 'gold' } },
      { name: 'Grace Hopper', email: 'grace@navy.test', phone_number: '+15550100' },
      { name: 'Charles Babbage', email: null, identifier: 'CustX-42' },
      { name: 'Ada Nameonly', email: null },
      { name: '100% Sure_Thing', email: 'pct@example.test' },
      { name: 'Lovelace Fan', email: null, phone_number: '+15550199' },
    ]
    const queries = ['ada', 'LOVELACE', 'CustX', 'custx', '5550', '0%', 'e_t', 'ad', 'nobody']
    for (const big of [false, true]) {
      const world = await createWorld()
      await defineContactAttribute(world.accountId, 'plan', 'text')
      // Name-only contacts, which neither lists: enough for searches to read the index.
      if (big) {
        await (await accountDb(world.accountId))
          .prepare(
            `insert into contacts (account_id, name) with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ?) select ?, 'Filler ' || n from seq`,
          )
          .bind(2_100, world.accountId)
          .run()
      }
      for (const person of people) await createContact(world, person)
      for (const q of queries) {
        const searched = await api(jobsPath(world, `/search?q=${encodeURIComponent(q)}`), {
          token: world.admin.token,
        })
        expect(searched.json.meta.has_more).toBe(false)
        const listed = searched.json.payload.map((c: { id: number }) => String(c.id)).sort()
        const { download } = await exportCsv(world, {
          column_names: ['id', 'custom_attribute.plan'],
          q,
        })
        const rows = rowsOf(download.text).slice(1)
        expect({ big, q, ids: rows.map(([id]) => id).sort() }).toEqual({ big, q, ids: listed })
        if (q === 'LOVELACE') expect(rows.map(([, plan]) => plan)).toEqual(['gold', ''])
      }
    }
  }, 60_000)

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const world = await createWorld()
    for (const key of ['note', 'tab', 'plain']) {
      await defineContactAttribute(world.accountId, key, 'text')
    }
    await createContact(world, {
      name: '=HYPERLINK("http://evil.test","click")',
      email: 'f@example.com',
      identifier: '@SUM(1+1)',
      custom_attributes: { note: '-2+3', tab: '\tx', plain: 'a=b' },
    })
    const { download } = await exportCsv(world, {
      column_names: [
        'name',
        'identifier',
        'custom_attribute.note',
        'custom_attribute.tab',
        'custom_attribute.plain',
      ],
    })
    expect(rowsOf(download.text)[1]).toEqual([
      `'=HYPERLINK("http://evil.test","click")`,
      "'@SUM(1+1)",
      "'-2+3",
      "'\tx",
      'a=b',
    ])
  })

  it('round-trips quotes, commas and line breaks: an export imports back as it was', async () => {
    const world = await createWorld()
    const tricky = {
      name: 'O"Brien, "Jr."\nsecond line',
      email: 'tricky@example.com',
      phone_number: '+15557777',
      identifier: '=not-a-formula',
      custom_attributes: { quote: 'say "hi", then\r\nleave' },
    }
    await defineContactAttribute(world.accountId, 'quote', 'text')
    await createContact(world, tricky)
    const { download } = await exportCsv(world, {
      column_names: ['name', 'email', 'phone_number', 'identifier', 'custom_attribute.quote'],
    })
    const other = await createWorld()
    await defineContactAttribute(other.accountId, 'quote', 'text')
    const done = await importCsv(other, download.text)
    expect(done).toMatchObject({ status: 'completed', processed_records: 1, failed_records: 0 })
    const [copy] = await storedContacts(other.accountId)
    expect(copy).toMatchObject(tricky)
  })
})

describe('the export download link', () => {
  async function completedExport() {
    const world = await createWorld()
    await createContact(world, { email: `${uniq('secret')}@example.com` })
    const { job } = await exportCsv(world)
    return { world, job, url: new URL(job.download_url) }
  }

  it('refuses an altered link with 403', async () => {
    const { url } = await completedExport()
    const signature = url.searchParams.get('signature') as string
    const altered = [
      (u: URL) =>
        u.searchParams.set(
          'signature',
          `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
        ),
      (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60)),
      (u: URL) =>
        u.searchParams.set('account_id', String(Number(u.searchParams.get('account_id')) + 1)),
      (u: URL) => {
        u.pathname = u.pathname.replace(/\d+$/, (id) => String(Number(id) + 1))
      },
      (u: URL) => u.searchParams.delete('signature'),
      (u: URL) => u.searchParams.set('expires', 'soon'),
    ]
    for (const alter of altered) {
      const copy = new URL(url)
      alter(copy)
      const res = await fetchDownload(copy.toString())
      expectError(res, 403, 'forbidden')
      expect(res.text).not.toContain('secret')
    }
    expect((await fetchDownload(url.toString())).status).toBe(200)
  })

  it('refuses an expired link with 403, and a fresh link comes with every look at the export', async () => {
    const { world, job } = await completedExport()
    const past = Math.floor(Date.now() / 1000) - DOWNLOAD_LINK_SECONDS - 1
    const expired = await signedDownloadUrl(
      env,
      'http://parley.test',
      job.id,
      world.accountId,
      past,
    )
    const res = await fetchDownload(expired as string)
    expectError(res, 403, 'forbidden')
    expect(res.json).toMatchObject({ message: expect.stringMatching(/expired/) })
    const again = await api(jobsPath(world, `/exports/${job.id}`), { token: world.admin.token })
    const expires = Number(new URL(again.json.download_url).searchParams.get('expires'))
    expect(expires).toBeGreaterThan(Date.now() / 1000)
    expect(expires).toBeLessThanOrEqual(Date.now() / 1000 + DOWNLOAD_LINK_SECONDS + 1)
  })
})

describe('contact export access', () => {
  it('is for administrators: an agent gets 403 on every route', async () => {
    const world = await createWorld()
    await createContact(world)
    const { job } = await exportCsv(world)
    expectError(await api(jobsPath(world, '/export'), { token: world.agent.token, body: {} }), 403)
    const shown = await api(jobsPath(world, `/exports/${job.id}`), { token: world.agent.token })
    expectError(shown, 403)
    expect(shown.text).not.toContain('download_url')
  })

  it("answers 404 for another account's export and 403 to another account's members", async () => {
    const world = await createWorld()
    const other = await createWorld()
    await createContact(world)
    const { job } = await exportCsv(world)
    for (const id of [job.id, 999_999_999]) {
      const res = await api(jobsPath(other, `/exports/${id}`), { token: other.admin.token })
      expectError(res, 404, 'not_found')
      expect(res.text).not.toContain('download_url')
    }
    for (const token of [other.admin.token, other.agent.token]) {
      expectError(await api(jobsPath(world, `/exports/${job.id}`), { token }), 403)
      expectError(await api(jobsPath(world, '/export'), { token, body: {} }), 403)
    }
    // A link signed for the other account doesn't open this account's export.
    const forOther = await signedDownloadUrl(
      env,
      'http://parley.test',
      job.id,
      other.accountId,
      Math.floor(Date.now() / 1000),
    )
    expectError(await fetchDownload(forOther as string), 404, 'not_found')
  })

  it('routes export paths to the export routes, never to contacts/{id}', async () => {
    const world = await createWorld()
    expectError(await api(jobsPath(world, '/exports/abc'), { token: world.admin.token }), 404)
    expectError(await api(jobsPath(world, '/export'), { token: world.admin.token }), 404)
  })
})
