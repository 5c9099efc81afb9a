import { describe, expect, it } from 'vitest'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'
import {
  addInboxMember,
  conversationEvents,
  createApiInbox,
  insertConversation,
  type TestConversation,
} from '../product-helpers'

type Setup = { world: World; conversation: TestConversation; path: string }

async function setup(): Promise<Setup> {
  const world = await createWorld()
  const inbox = await createApiInbox(world)
  const conversation = await insertConversation(world, inbox.id)
  const path = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/products`
  return { world, conversation, path }
}

async function addProduct(s: Setup, body: Record<string, unknown>, token = s.world.admin.token) {
  const res = await api(s.path, { token, body })
  expect(res.status, res.text).toBe(200)
  return res.json
}

async function listed(s: Setup) {
  const res = await api(s.path, { token: s.world.admin.token })
  expect(res.status).toBe(200)
  return res.json
}

describe('conversation products', () => {
  it('adds a product and returns the stored record with exact decimal strings', async () => {
    const s = await setup()
    const product = await addProduct(s, {
      product_name: 'Widget',
      product_value: '19.99',
      quantity: 3,
      notes: 'blue ones',
    })
    expect(product).toEqual({
      id: expect.any(Number),
      conversation_id: s.conversation.displayId,
      product_name: 'Widget',
      product_value: '19.99',
      quantity: 3,
      notes: 'blue ones',
      total: '59.97',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    })
    expect(await listed(s)).toEqual({ payload: [product], meta: { count: 1, total: '59.97' } })
  })

  it('defaults quantity to 1, notes to null, and accepts a Rails-wrapped body', async () => {
    const s = await setup()
    const product = await addProduct(s, { product: { product_name: 'Gadget', product_value: 5 } })
    expect(product).toMatchObject({
      product_name: 'Gadget',
      product_value: '5.00',
      quantity: 1,
      notes: null,
      total: '5.00',
    })
  })

  it('sums exactly: 0.1 + 0.2 is "0.30", not a float', async () => {
    const s = await setup()
    await addProduct(s, { product_name: 'A', product_value: 0.1 })
    await addProduct(s, { product_name: 'B', product_value: 0.2 })
    expect((await listed(s)).meta).toEqual({ count: 2, total: '0.30' })
    await addProduct(s, { product_name: 'C', product_value: '1234.5678' })
    expect((await listed(s)).meta.total).toBe('1234.8678')
  })

  it('keeps values beyond 2^53 minor units and totals beyond 64-bit sums exact', async () => {
    const s = await setup()
    const big = await addProduct(s, {
      product_name: 'Plant',
      product_value: '999999999999.9999',
      quantity: 1_000_000,
    })
    expect(big.product_value).toBe('999999999999.9999')
    expect(big.total).toBe('999999999999999900.00')
    await addProduct(s, { product_name: 'Plant 2', product_value: 1e12, quantity: 1_000_000 })
    await addProduct(s, { product_name: 'Screw', product_value: '0.0001' })
    expect((await listed(s)).meta).toEqual({ count: 3, total: '1999999999999999900.0001' })
  })

  it('refuses invalid money, quantities, names and notes with 422 naming the field', async () => {
    const s = await setup()
    const token = s.world.admin.token
    const cases: [Record<string, unknown>, string][] = [
      [{ product_name: 'X', product_value: -1 }, 'product_value'],
      [{ product_name: 'X', product_value: '-0.01' }, 'product_value'],
      [{ product_name: 'X', product_value: '1.23456' }, 'product_value'],
      [{ product_name: 'X', product_value: 1.23456 }, 'product_value'],
      [{ product_name: 'X', product_value: 'abc' }, 'product_value'],
      [{ product_name: 'X', product_value: 1e13 }, 'product_value'],
      [{ product_name: 'X', product_value: '10000000000000' }, 'product_value'],
      [{ product_name: 'X', product_value: null }, 'product_value'],
      [{ product_name: 'X', product_value: true }, 'product_value'],
      [{ product_name: 'X' }, 'product_value'],
      [{ product_name: 'X', product_value: 1, quantity: 0 }, 'quantity'],
      [{ product_name: 'X', product_value: 1, quantity: 1.5 }, 'quantity'],
      [{ product_name: 'X', product_value: 1, quantity: 1_000_001 }, 'quantity'],
      [{ product_name: 'X', product_value: 1, quantity: '2' }, 'quantity'],
      [{ product_value: 1 }, 'product_name'],
      [{ product_name: '  ', product_value: 1 }, 'product_name'],
      [{ product_name: 'x'.repeat(256), product_value: 1 }, 'product_name'],
      [{ product_name: 'X', product_value: 1, notes: 'n'.repeat(20_001) }, 'notes'],
    ]
    for (const [body, field] of cases) {
      const res = await api(s.path, { token, body })
      expectError(res, 422, 'validation_failed')
      expect(
        res.json.errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toContain(field)
    }
    expect(await listed(s)).toEqual({ payload: [], meta: { count: 0, total: '0.00' } })
    expect(await conversationEvents(s.conversation.id)).toEqual([])
  })

  it('updates a product with PATCH and PUT, recomputing its total', async () => {
    const s = await setup()
    const product = await addProduct(s, {
      product_name: 'Widget',
      product_value: '19.99',
      notes: 'n',
    })
    const patched = await api(`${s.path}/${product.id}`, {
      method: 'PATCH',
      token: s.world.admin.token,
      body: { quantity: 3, notes: null },
    })
    expect(patched.status).toBe(200)
    expect(patched.json).toMatchObject({
      id: product.id,
      product_name: 'Widget',
      product_value: '19.99',
      quantity: 3,
      notes: null,
      total: '59.97',
    })
    const put = await api(`${s.path}/${product.id}`, {
      method: 'PUT',
      token: s.world.admin.token,
      body: { product: { product_name: 'Gizmo', product_value: 0.3 } },
    })
    expect(put.json).toMatchObject({ product_name: 'Gizmo', product_value: '0.30', total: '0.90' })
    expect(await listed(s)).toEqual({ payload: [put.json], meta: { count: 1, total: '0.90' } })
  })

  it('refuses an invalid update with 422 and leaves the product as it was', async () => {
    const s = await setup()
    const product = await addProduct(s, { product_name: 'Widget', product_value: '19.99' })
    for (const body of [
      { product_value: '1.00001' },
      { product_value: -5 },
      { quantity: 0 },
      { product_name: null },
      { product_name: '' },
      { product_value: null },
    ]) {
      const res = await api(`${s.path}/${product.id}`, {
        method: 'PATCH',
        token: s.world.admin.token,
        body,
      })
      expectError(res, 422, 'validation_failed')
    }
    expect((await listed(s)).payload).toEqual([product])
    expect(await conversationEvents(s.conversation.id)).toHaveLength(1)
  })

  it('deletes a product with 200 {} and answers 404 for it afterwards', async () => {
    const s = await setup()
    const keep = await addProduct(s, { product_name: 'Keep', product_value: '1.50' })
    const drop = await addProduct(s, { product_name: 'Drop', product_value: '2.25' })
    const token = s.world.admin.token
    const res = await api(`${s.path}/${drop.id}`, { method: 'DELETE', token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expect(await listed(s)).toEqual({ payload: [keep], meta: { count: 1, total: '1.50' } })
    expectError(await api(`${s.path}/${drop.id}`, { method: 'DELETE', token }), 404, 'not_found')
    expectError(
      await api(`${s.path}/${drop.id}`, { method: 'PATCH', token, body: { quantity: 2 } }),
      404,
      'not_found',
    )
  })

  it('writes a conversation_updated event with products_total for every change', async () => {
    const s = await setup()
    const token = s.world.admin.token
    const a = await addProduct(s, { product_name: 'A', product_value: 0.1 })
    await addProduct(s, { product_name: 'B', product_value: 0.2 })
    await api(`${s.path}/${a.id}`, { method: 'PATCH', token, body: { quantity: 4 } })
    await api(`${s.path}/${a.id}`, { method: 'DELETE', token })
    const events = await conversationEvents(s.conversation.id)
    const total = (previous: string, current: string) => [
      { products_total: { previous_value: previous, current_value: current } },
    ]
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'conversation_updated',
        changedAttributes: total('0.00', '0.10'),
      }),
      expect.objectContaining({ changedAttributes: total('0.10', '0.30') }),
      expect.objectContaining({ changedAttributes: total('0.30', '0.60') }),
      expect.objectContaining({ changedAttributes: total('0.60', '0.20') }),
    ])
    expect(events[0]).toMatchObject({
      inboxId: s.conversation.inboxId,
      contactId: s.conversation.contactId,
      data: { product_action: 'created' },
    })
    expect(events[3]?.data).toEqual({ product_action: 'deleted', product_id: a.id })
  })

  it('answers 404 for an unknown conversation and for a product of another conversation', async () => {
    const s = await setup()
    const token = s.world.admin.token
    const base = `/api/v1/accounts/${s.world.accountId}/conversations`
    expectError(await api(`${base}/999999/products`, { token }), 404, 'not_found')
    expectError(
      await api(`${base}/999999/products`, {
        token,
        body: { product_name: 'X', product_value: 1 },
      }),
      404,
    )
    expectError(await api(`${base}/abc/products`, { token }), 404)
    const product = await addProduct(s, { product_name: 'Mine', product_value: 1 })
    const inbox = await createApiInbox(s.world, 'Other')
    const sibling = await insertConversation(s.world, inbox.id)
    const siblingPath = `${base}/${sibling.displayId}/products/${product.id}`
    expectError(await api(siblingPath, { method: 'PATCH', token, body: { quantity: 9 } }), 404)
    expectError(await api(siblingPath, { method: 'DELETE', token }), 404)
    expect((await listed(s)).payload).toEqual([product])
  })

  it('lets agents manage products of conversations in their inboxes only', async () => {
    const s = await setup()
    const agent = s.world.agent.token
    const product = await addProduct(s, { product_name: 'Widget', product_value: 2 })
    const item = `${s.path}/${product.id}`
    expectError(await api(s.path, { token: agent }), 403, 'forbidden')
    expectError(
      await api(s.path, { token: agent, body: { product_name: 'X', product_value: 1 } }),
      403,
    )
    expectError(await api(item, { method: 'PATCH', token: agent, body: { quantity: 5 } }), 403)
    expectError(await api(item, { method: 'PUT', token: agent, body: { quantity: 5 } }), 403)
    expectError(await api(item, { method: 'DELETE', token: agent }), 403)
    expect(await listed(s)).toEqual({ payload: [product], meta: { count: 1, total: '2.00' } })

    await addInboxMember(s.world, s.conversation.inboxId, s.world.agent.id)
    const added = await addProduct(s, { product_name: 'Agent pick', product_value: '3.5' }, agent)
    const patched = await api(item, { method: 'PATCH', token: agent, body: { quantity: 5 } })
    expect(patched.json.total).toBe('10.00')
    expect((await api(`${s.path}/${added.id}`, { method: 'DELETE', token: agent })).json).toEqual(
      {},
    )
    expect((await api(s.path, { token: agent })).json.meta).toEqual({ count: 1, total: '10.00' })
  })

  it('refuses requests without a token with 401', async () => {
    const s = await setup()
    expectError(await api(s.path), 401, 'unauthorized')
    expectError(await api(s.path, { body: { product_name: 'X', product_value: 1 } }), 401)
  })

  it("gives another account's users 403 on our path and 404 for our ids on theirs", async () => {
    const s = await setup()
    const product = await addProduct(s, { product_name: 'Secret deal', product_value: '777.77' })
    const other = await createWorld()
    const otherInbox = await createApiInbox(other)
    const theirs = await insertConversation(other, otherInbox.id)
    const item = `${s.path}/${product.id}`
    const requests = (path: string, collection: string) =>
      [
        [collection, 'GET', undefined],
        [collection, 'POST', { product_name: 'X', product_value: 1 }],
        [path, 'PATCH', { quantity: 2 }],
        [path, 'PUT', { quantity: 2 }],
        [path, 'DELETE', undefined],
      ] as const
    for (const token of [other.admin.token, other.agent.token]) {
      for (const [path, method, body] of requests(item, s.path)) {
        const res = await api(path, { method, token, body })
        expectError(res, 403, 'forbidden')
        expect(res.text).not.toContain('Secret deal')
      }
    }
    // Their own account: our conversation's display id or our product id names nothing of ours.
    const theirPath = `/api/v1/accounts/${other.accountId}/conversations/${theirs.displayId}/products`
    for (const [path, method, body] of requests(`${theirPath}/${product.id}`, theirPath).slice(2)) {
      const res = await api(path, { method, token: other.admin.token, body })
      expectError(res, 404, 'not_found')
      expect(res.text).not.toContain('Secret deal')
    }
    const theirList = await api(theirPath, { token: other.admin.token })
    expect(theirList.json).toEqual({ payload: [], meta: { count: 0, total: '0.00' } })
    const missing = `/api/v1/accounts/${other.accountId}/conversations/${theirs.displayId + 1}/products`
    expectError(await api(missing, { token: other.admin.token }), 404)
    expect(await listed(s)).toEqual({ payload: [product], meta: { count: 1, total: '777.77' } })
  })

  it('caps a conversation at 1000 products with 422', async () => {
    const s = await setup()
    await (await accountDb(s.world.accountId))
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000)
       insert into conversation_products (account_id, conversation_id, product_name, product_value_minor, quantity)
       select ?, ?, 'Bulk ' || i, 10000, 1 from n`,
      )
      .bind(s.world.accountId, s.conversation.id)
      .run()
    const res = await api(s.path, {
      token: s.world.admin.token,
      body: { product_name: 'One more', product_value: 1 },
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors[0].field).toBe('products')
    expect((await listed(s)).meta).toEqual({ count: 1000, total: '1000.00' })
  })
})
