import { SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../worker/middleware/body'
import { fetchDocument, kindOf } from './fuzz/operations'
import { changedCounts, rowCounts } from './fuzz/row-counts'
import { type IdKind, type Side, seedSide } from './fuzz/world'
import { api, expectError, PLATFORM_TOKEN } from './helpers'

let side: Side
let base: string

beforeAll(async () => {
  side = await seedSide('a')
  base = `/api/v1/accounts/${side.accountId}`
}, 60_000)

const admin = () => side.admin.token

/** Sends the request and asserts it is refused with `status` and leaves every table as it was. */
async function expectRefused(
  path: string,
  options: Parameters<typeof api>[1],
  status: number,
  code?: string,
) {
  const before = await rowCounts()
  const res = await api(path, options)
  expectError(res, status, code)
  expect(changedCounts(before, await rowCounts())).toEqual([])
  return res
}

/** A body streamed in 64 KB chunks with no Content-Length, `bytes` long in total. */
function chunkedJson(bytes: number) {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"'))
      if (sent < bytes) {
        controller.enqueue(chunk)
        sent += chunk.byteLength
      } else {
        controller.enqueue(new TextEncoder().encode('"}'))
        controller.close()
      }
    },
  })
}

describe('request body size (1 MB)', () => {
  const routes = () => [
    { method: 'POST', path: `${base}/contacts`, token: admin() },
    { method: 'PATCH', path: `${base}/inboxes/${side.ids.inbox}`, token: admin() },
    {
      method: 'POST',
      path: `${base}/conversations/${side.ids.conversation}/messages`,
      token: admin(),
    },
    { method: 'PATCH', path: '/api/v1/profile', token: admin() },
    { method: 'POST', path: '/platform/api/v1/accounts', token: PLATFORM_TOKEN },
  ]

  it('answers 413 to a body over 1 MB that declares its length, on every kind of route', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) })
    for (const { method, path, token } of routes()) {
      await expectRefused(path, { method, token, body: big }, 413, 'payload_too_large')
    }
  })

  it('answers 413 to a chunked body over 1 MB although it declares no length', async () => {
    for (const { method, path, token } of routes()) {
      const before = await rowCounts()
      const res = await SELF.fetch(`http://parley.test${path}`, {
        method,
        headers: { 'content-type': 'application/json', api_access_token: token },
        body: chunkedJson(MAX_BODY_BYTES + 64 * 1024),
        // @ts-expect-error: workerd needs duplex for streamed request bodies
        duplex: 'half',
      })
      expectError({ status: res.status, json: await res.json() }, 413, 'payload_too_large')
      expect(changedCounts(before, await rowCounts())).toEqual([])
    }
  })

  it('still reads a chunked body under the limit', async () => {
    const res = await SELF.fetch(`http://parley.test${base}/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', api_access_token: admin() },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"name":"Chunked'))
          controller.enqueue(new TextEncoder().encode(' team"}'))
          controller.close()
        },
      }),
      // @ts-expect-error: workerd needs duplex for streamed request bodies
      duplex: 'half',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ name: 'chunked team' })
  })
})

describe('message content (10,000 characters)', () => {
  it('takes 10,000 characters and refuses 10,001 with 422', async () => {
    const messages = `${base}/conversations/${side.ids.conversation}/messages`
    const ok = await api(messages, { token: admin(), body: { content: 'x'.repeat(10_000) } })
    expect(ok.status).toBe(200)
    expect(ok.json.content).toHaveLength(10_000)
    const res = await expectRefused(
      messages,
      { token: admin(), body: { content: 'x'.repeat(10_001) } },
      422,
      'validation_failed',
    )
    expect(res.json.errors).toEqual([expect.objectContaining({ field: 'content' })])
  })
})

describe('page size (at most 100)', () => {
  const PAGE_SIZE = /^(per_page|per_stage|limit|page_size)$/

  /** Every page-size parameter of /openapi.json, with a path whose ids exist. */
  async function pageSizeParams() {
    const doc = await fetchDocument()
    const found: { url: string; name: string }[] = []
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/')) continue
      for (const op of Object.values(item)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== 'query' || !PAGE_SIZE.test(p.name)) continue
          const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
            String(side.ids[kindOf(name, path) as IdKind]),
          )
          found.push({ url, name: p.name })
        }
      }
    }
    return found
  }

  it('refuses a page size over 100 with 422 rather than clamping it, on every paged list', async () => {
    const params = await pageSizeParams()
    expect(params.map((p) => p.name).sort()).toEqual(['per_page', 'per_stage'])
    for (const { url, name } of params) {
      expect((await api(`${url}?${name}=100`, { token: admin() })).status).toBe(200)
      const res = await api(`${url}?${name}=101`, { token: admin() })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe(name)
    }
  })
})

describe('array lengths (labels and user_ids: at most 100)', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => `label-${i}`)
  const ids = (n: number) => Array.from({ length: n }, () => side.agent.userId)

  it('refuses 101 labels on a conversation or a contact', async () => {
    for (const path of [
      `${base}/conversations/${side.ids.conversation}/labels`,
      `${base}/contacts/${side.ids.contact}/labels`,
    ]) {
      const res = await expectRefused(path, { token: admin(), body: { labels: many(101) } }, 422)
      expect(res.json.errors[0].field).toBe('labels')
    }
  })

  it('refuses 101 user_ids for inbox members and team members', async () => {
    const inbox = { inbox_id: side.ids.inbox, user_ids: ids(101) }
    await expectRefused(`${base}/inbox_members`, { token: admin(), body: inbox }, 422)
    await expectRefused(
      `${base}/inbox_members`,
      { method: 'PATCH', token: admin(), body: inbox },
      422,
    )
    await expectRefused(
      `${base}/teams/${side.ids.team}/team_members`,
      { token: admin(), body: { user_ids: ids(101) } },
      422,
    )
  })

  it('takes 100 user_ids', async () => {
    const res = await api(`${base}/teams/${side.ids.team}/team_members`, {
      method: 'PATCH',
      token: admin(),
      body: { user_ids: ids(100) },
    })
    expect(res.status).toBe(200)
  })
})

describe('string lengths (255 for names and emails, 20,000 for text)', () => {
  const long = (n: number) => 'n'.repeat(n)
  const email = (n: number) => `${'e'.repeat(n - '@example.com'.length)}@example.com`

  it('takes names of 255 characters and refuses 256', async () => {
    const cases = [
      (name: string) => [`${base}/teams`, { name }] as const,
      (name: string) => [`${base}/funnels`, { name }] as const,
      (name: string) => [`${base}/contacts`, { name }] as const,
      (name: string) => [`${base}/inboxes`, { name, channel: { type: 'api' } }] as const,
    ]
    for (const build of cases) {
      const [path, body] = build(long(255))
      expect((await api(path, { token: admin(), body })).status).toBe(200)
      const [samePath, tooLong] = build(long(256))
      const res = await expectRefused(samePath, { token: admin(), body: tooLong }, 422)
      expect(res.json.errors[0].field).toBe('name')
    }
  })

  it('refuses emails over 255 characters', async () => {
    await expectRefused(`${base}/contacts`, { token: admin(), body: { email: email(256) } }, 422)
    await expectRefused(`${base}/agents`, { token: admin(), body: { email: email(256) } }, 422)
    await expectRefused(
      '/platform/api/v1/users',
      { token: PLATFORM_TOKEN, body: { name: 'U', email: email(256) } },
      422,
    )
  })

  it('takes text fields of 20,000 characters and refuses 20,001', async () => {
    const fields = [
      [`${base}/teams/${side.ids.team}`, 'description'],
      [`${base}/inboxes/${side.ids.inbox}`, 'greeting_message'],
      ['/api/v1/profile', 'message_signature'],
      [`${base}/funnels/${side.ids.funnel}`, 'description'],
    ] as const
    for (const [path, field] of fields) {
      const ok = await api(path, {
        method: 'PATCH',
        token: admin(),
        body: { [field]: long(20_000) },
      })
      expect(ok.status).toBe(200)
      const res = await expectRefused(
        path,
        { method: 'PATCH', token: admin(), body: { [field]: long(20_001) } },
        422,
      )
      expect(res.json.errors[0].field).toBe(field)
    }
  })
})

describe('free-form attributes (100 keys, 10 levels, 1,000 values)', () => {
  const nested = (levels: number) => {
    let value: unknown = 'leaf'
    for (let i = 0; i < levels; i++) value = { a: value }
    return value
  }
  const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))

  it('refuses more than 100 keys, deeper nesting or more values with 422', async () => {
    const contact = `${base}/contacts/${side.ids.contact}`
    const refused = [
      { additional_attributes: keys(101) },
      { additional_attributes: { deep: nested(10) } },
      { additional_attributes: { list: Array.from({ length: 1001 }, (_, i) => i) } },
    ]
    for (const body of refused) {
      const res = await expectRefused(contact, { method: 'PATCH', token: admin(), body }, 422)
      expect(res.json.errors[0].field).toBe('additional_attributes')
    }
    const taken = { additional_attributes: { ...keys(99), deep: nested(9) } }
    expect((await api(contact, { method: 'PATCH', token: admin(), body: taken })).status).toBe(200)
  })

  it('refuses a deeply nested value in the profile settings instead of failing later', async () => {
    const body = `{"ui_settings":{"x":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`
    await expectRefused('/api/v1/profile', { method: 'PATCH', token: admin(), body }, 422)
  })
})

describe('search text (what fits a D1 LIKE pattern)', () => {
  it('answers 422, not 500, to search text too long for a LIKE pattern', async () => {
    for (const path of [`${base}/contacts/search`, `${base}/conversations`]) {
      const fits = await api(`${path}?q=${'x'.repeat(48)}`, { token: admin() })
      expect(fits.status).toBe(200)
      for (const q of ['x'.repeat(49), 'é'.repeat(25), '%'.repeat(25)]) {
        const res = await api(`${path}?q=${encodeURIComponent(q)}`, { token: admin() })
        expectError(res, 422, 'validation_failed')
        expect(res.json.errors[0].field).toBe('q')
      }
    }
  })
})
