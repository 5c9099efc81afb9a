import { describe, expect, it } from 'vitest'
import { createAgentBot } from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'
import { accountPath, scalar } from '../members-helpers'

type Canned = { id: number; short_code: string; content: string; updated_at: string }

const cannedPath = (world: World, rest = '') => accountPath(world, `/canned_responses${rest}`)

async function createCanned(world: World, short_code: string, content = `About ${short_code}`) {
  const res = await api(cannedPath(world), {
    token: world.admin.token,
    body: { short_code, content },
  })
  expect(res.status).toBe(200)
  return res.json as Canned
}

const list = async (world: World, query = '', token = world.admin.token) => {
  const res = await api(cannedPath(world, query), { token })
  expect(res.status).toBe(200)
  return res.json as Canned[]
}

const cannedCount = (world: World) =>
  scalar('select count(*) from canned_responses where account_id = ?', world.accountId)

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/

describe('canned responses', () => {
  it("creates from flat, wrapped and form bodies in Chatwoot's shape, and lists them as an array", async () => {
    const world = await createWorld()
    const flat = await api(cannedPath(world), {
      token: world.admin.token,
      body: { short_code: ' hello ', content: 'Hi!\nHow can I help?' },
    })
    expect(flat.status).toBe(200)
    expect(flat.json).toEqual({
      id: expect.any(Number),
      account_id: world.accountId,
      short_code: 'hello',
      content: 'Hi!\nHow can I help?',
      created_at: expect.stringMatching(ISO),
      updated_at: flat.json.created_at,
    })
    const wrapped = await api(cannedPath(world), {
      token: world.admin.token,
      body: { canned_response: { short_code: 'bye', content: 'Goodbye' } },
    })
    expect(wrapped.json).toMatchObject({ short_code: 'bye', content: 'Goodbye' })
    const form = await api(cannedPath(world), {
      token: world.admin.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'canned_response[short_code]=form&canned_response[content]=From+a+form',
    })
    expect(form.status).toBe(200)
    expect(form.json).toMatchObject({ short_code: 'form', content: 'From a form' })
    for (const token of [world.admin.token, world.agent.token]) {
      expect(await list(world, '', token)).toEqual([flat.json, wrapped.json, form.json])
    }
    // An empty search is no filter, as in Chatwoot (`%%` matches everything).
    expect(await list(world, '?search=')).toEqual([flat.json, wrapped.json, form.json])
  })

  it('searches short_code and content, short_codes starting with the text first', async () => {
    const world = await createWorld()
    const contentOnly = await createCanned(world, 'greeting', 'See our REFUND policy')
    const inside = await createCanned(world, 'full-refund', 'Money back')
    const prefix = await createCanned(world, 'refund', 'Money back')
    const upper = await createCanned(world, 'Refund2', 'Also money back')
    await createCanned(world, 'bye', 'Goodbye')
    const ids = (rows: Canned[]) => rows.map((r) => r.id)
    expect(ids(await list(world, '?search=ReF'))).toEqual([
      prefix.id,
      upper.id,
      inside.id,
      contentOnly.id,
    ])
    expect(ids(await list(world, '?search=money', world.agent.token))).toEqual([
      inside.id,
      prefix.id,
      upper.id,
    ])
    expect(await list(world, '?search=nothing-like-this')).toEqual([])
    // LIKE's wildcards in the text match only themselves.
    const percent = await createCanned(world, 'sale', 'Save 50% today')
    await createCanned(world, 'days', 'Within 500 days')
    await createCanned(world, 'a_b', 'underscore')
    await createCanned(world, 'axb', 'no underscore')
    expect(ids(await list(world, '?search=50%25'))).toEqual([percent.id])
    expect((await list(world, '?search=a_')).map((r) => r.short_code)).toEqual(['a_b'])
    const long = await api(cannedPath(world, `?search=${'x'.repeat(60)}`), {
      token: world.admin.token,
    })
    expectError(long, 422, 'validation_failed')
    expect(long.json.errors[0].field).toBe('search')
  })

  it('refuses bad short codes and contents with 422 naming the field, creating nothing', async () => {
    const world = await createWorld()
    for (const [field, body] of [
      ['short_code', { content: 'x' }],
      ['short_code', { short_code: '', content: 'x' }],
      ['short_code', { short_code: '   ', content: 'x' }],
      ['short_code', { short_code: 'two words', content: 'x' }],
      ['short_code', { short_code: 'tab\there', content: 'x' }],
      ['short_code', { short_code: 'x'.repeat(256), content: 'x' }],
      ['short_code', { short_code: 7, content: 'x' }],
      ['content', { short_code: 'ok' }],
      ['content', { short_code: 'ok', content: '' }],
      ['content', { short_code: 'ok', content: ' \n ' }],
      ['content', { short_code: 'ok', content: 'x'.repeat(20_001) }],
      ['content', { short_code: 'ok', content: null }],
    ] as const) {
      const res = await api(cannedPath(world), { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe(field)
    }
    expectError(await api(cannedPath(world), { method: 'POST', token: world.admin.token }), 422)
    expect(await cannedCount(world)).toBe(0)
    const max = await createCanned(world, 'y'.repeat(255), 'z'.repeat(20_000))
    expect([max.short_code.length, max.content.length]).toEqual([255, 20_000])
  })

  it('refuses a short_code the account already has (case-sensitive, per account)', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const taken = await createCanned(world, 'refund')
    const res = await api(cannedPath(world), {
      token: world.admin.token,
      body: { short_code: 'refund', content: 'Again' },
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors).toEqual([
      expect.objectContaining({ field: 'short_code', code: 'taken' }),
    ])
    expect(await cannedCount(world)).toBe(1)
    // Another case is another code, as Rails' uniqueness and the index compare.
    const upper = await createCanned(world, 'Refund')
    expect((await createCanned(other, 'refund')).short_code).toBe('refund')
    const clash = await api(cannedPath(world, `/${upper.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: { short_code: 'refund' },
    })
    expectError(clash, 422, 'validation_failed')
    expect(clash.json.errors[0].field).toBe('short_code')
    expect((await list(world)).map((r) => r.short_code)).toEqual(['refund', 'Refund'])
    // Keeping its own code is no clash.
    const same = await api(cannedPath(world, `/${taken.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: { short_code: 'refund', content: 'Kept' },
    })
    expect(same.json).toMatchObject({ id: taken.id, short_code: 'refund', content: 'Kept' })
  })

  it('updates with PATCH and PUT, flat or wrapped, stamping updated_at only', async () => {
    const world = await createWorld()
    const made = await createCanned(world, 'ship', 'Shipped today')
    // A day older, so the update's stamp is sure to differ from the creation's.
    await (await accountDb(world.accountId))
      .prepare(
        'update canned_responses set created_at = created_at - 86400, updated_at = updated_at - 86400 where id = ?',
      )
      .bind(made.id)
      .run()
    const [canned] = await list(world)
    const path = cannedPath(world, `/${made.id}`)
    const send = (method: string, body: Record<string, unknown>) =>
      api(path, { method, token: world.admin.token, body })
    const patched = await send('PATCH', { canned_response: { content: 'Shipped tomorrow' } })
    expect(patched.status).toBe(200)
    const stamped = { updated_at: expect.stringMatching(ISO) }
    expect(patched.json).toEqual({ ...canned, ...stamped, content: 'Shipped tomorrow' })
    expect(patched.json.updated_at > (canned?.updated_at as string)).toBe(true)
    const put = await send('PUT', { short_code: 'shipping' })
    expect(put.json).toEqual({ ...patched.json, ...stamped, short_code: 'shipping' })
    expectError(await send('PATCH', { content: '' }), 422, 'validation_failed')
    expect((await send('PATCH', {})).json).toEqual(put.json)
    expect(await list(world)).toEqual([put.json])
  })

  it('deletes one, after which its id is not found and its short_code is free', async () => {
    const world = await createWorld()
    const canned = await createCanned(world, 'gone')
    const kept = await createCanned(world, 'kept')
    const path = cannedPath(world, `/${canned.id}`)
    const res = await api(path, { method: 'DELETE', token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expect(await list(world)).toEqual([kept])
    expectError(await api(path, { method: 'DELETE', token: world.admin.token }), 404, 'not_found')
    const patch = await api(path, { method: 'PATCH', token: world.admin.token, body: {} })
    expectError(patch, 404, 'not_found')
    expect((await createCanned(world, 'gone')).short_code).toBe('gone')
  })

  it('lets agents list and search but not write; bots get nothing', async () => {
    const world = await createWorld()
    const canned = await createCanned(world, 'keep')
    const token = world.agent.token
    const body = { short_code: 'mine', content: 'x' }
    expectError(await api(cannedPath(world), { token, body }), 403, 'forbidden')
    const path = cannedPath(world, `/${canned.id}`)
    for (const method of ['PATCH', 'PUT']) {
      expectError(await api(path, { method, token, body: { content: 'changed' } }), 403)
    }
    expectError(await api(path, { method: 'DELETE', token }), 403)
    expect(await list(world, '?search=kee', token)).toEqual([canned])
    const bot = await createAgentBot(world)
    expectError(await api(cannedPath(world), { token: bot.token }), 401, 'unauthorized')
    expectError(await api(cannedPath(world), { token: bot.token, body }), 401)
    expectError(await api(path, { method: 'DELETE', token: bot.token }), 401)
    expect(await list(world)).toEqual([canned])
  })

  it("answers 404 for another account's ids and 403 to another account's members", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const canned = await createCanned(world, 'secret-code', 'secret-content')
    const calls = [
      ['PATCH', { content: 'stolen' }],
      ['PUT', { short_code: 'stolen' }],
      ['DELETE', undefined],
    ] as const
    for (const id of [canned.id, 999_999_999]) {
      for (const [method, body] of calls) {
        const res = await api(cannedPath(other, `/${id}`), {
          method,
          token: other.admin.token,
          body,
        })
        expectError(res, 404, 'not_found')
        expect(res.text).not.toContain('secret')
      }
    }
    expect(await list(other, '?search=secret', other.admin.token)).toEqual([])
    for (const token of [other.admin.token, other.agent.token]) {
      for (const [method, body] of calls) {
        const res = await api(cannedPath(world, `/${canned.id}`), { method, token, body })
        expectError(res, 403)
        expect(res.text).not.toContain('secret')
      }
      const listed = await api(cannedPath(world), { token })
      expectError(listed, 403)
      expect(listed.text).not.toContain('secret')
      expectError(
        await api(cannedPath(world), { token, body: { short_code: 'x', content: 'y' } }),
        403,
      )
    }
    expect(await list(world)).toEqual([canned])
  })

  it('requires a token and answers 404 for a malformed id', async () => {
    const world = await createWorld()
    expectError(await api(cannedPath(world)), 401, 'unauthorized')
    const bad = await api(cannedPath(world, '/abc'), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expectError(bad, 404)
  })
})
