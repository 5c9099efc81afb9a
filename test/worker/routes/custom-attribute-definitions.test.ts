import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError, type World } from '../helpers'
import { accountPath, scalar } from '../members-helpers'

const defsPath = (world: World, rest = '') =>
  accountPath(world, `/custom_attribute_definitions${rest}`)

const base = {
  attribute_display_name: 'Plan',
  attribute_display_type: 'text',
  attribute_key: 'plan',
  attribute_model: 'contact_attribute',
}

async function define(world: World, body: Record<string, unknown>) {
  const res = await api(defsPath(world), { token: world.admin.token, body })
  expect(res.status).toBe(200)
  return res.json as { id: number; attribute_key: string; updated_at: number }
}

const definitionCount = (world: World) =>
  scalar('select count(*) from custom_attribute_definitions where account_id = ?', world.accountId)

describe('custom attribute definitions', () => {
  it('creates a definition and answers with Chatwoot fields and unix-second timestamps', async () => {
    const world = await createWorld()
    const before = Math.floor(Date.now() / 1000)
    const res = await api(defsPath(world), {
      token: world.admin.token,
      body: {
        custom_attribute_definition: {
          ...base,
          attribute_description: 'Billing plan',
          regex_pattern: '^[a-z]+$',
        },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      id: expect.any(Number),
      attribute_display_name: 'Plan',
      attribute_display_type: 'text',
      attribute_description: 'Billing plan',
      attribute_key: 'plan',
      attribute_values: [],
      attribute_model: 'contact_attribute',
      regex_pattern: '^[a-z]+$',
      default_value: null,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    })
    expect(Number.isInteger(res.json.created_at)).toBe(true)
    expect(res.json.created_at).toBeGreaterThanOrEqual(before - 5)
    for (const token of [world.admin.token, world.agent.token]) {
      const shown = await api(defsPath(world, `/${res.json.id}`), { token })
      expect(shown.json).toEqual(res.json)
    }
  })

  it("accepts Chatwoot's integer model and display type", async () => {
    const world = await createWorld()
    const conversation = await define(world, {
      ...base,
      attribute_model: 0,
      attribute_display_type: 6,
      attribute_values: ['gold', 'silver'],
    })
    expect(conversation).toMatchObject({
      attribute_model: 'conversation_attribute',
      attribute_display_type: 'list',
      attribute_values: ['gold', 'silver'],
    })
    const contact = await define(world, { ...base, attribute_model: 1, attribute_display_type: 7 })
    expect(contact).toMatchObject({
      attribute_model: 'contact_attribute',
      attribute_display_type: 'checkbox',
    })
  })

  it('filters the list by attribute_model (name or 0/1) and lists all models without it', async () => {
    const world = await createWorld()
    const contact = await define(world, { ...base, attribute_key: 'tier' })
    const conversation = await define(world, {
      ...base,
      attribute_key: 'tier',
      attribute_model: 'conversation_attribute',
    })
    const list = async (query: string) =>
      (await api(defsPath(world, query), { token: world.agent.token })).json.map(
        (d: { id: number }) => d.id,
      )
    expect(await list('')).toEqual([contact.id, conversation.id])
    expect(await list('?attribute_model=1')).toEqual([contact.id])
    expect(await list('?attribute_model=contact_attribute')).toEqual([contact.id])
    expect(await list('?attribute_model=0')).toEqual([conversation.id])
    expect(await list('?attribute_model=conversation_attribute')).toEqual([conversation.id])
    const bad = await api(defsPath(world, '?attribute_model=2'), { token: world.admin.token })
    expectError(bad, 422, 'validation_failed')
    expect(bad.json.errors[0].field).toBe('attribute_model')
  })

  it('refuses invalid definitions with 422 naming the field, creating nothing', async () => {
    const world = await createWorld()
    await define(world, base)
    const cases: [string, Record<string, unknown>][] = [
      ['attribute_key', { ...base, attribute_key: 'Plan' }],
      ['attribute_key', { ...base, attribute_key: 'two words' }],
      ['attribute_key', { ...base, attribute_key: 'kebab-case' }],
      ['attribute_key', { ...base, attribute_key: 'k'.repeat(256) }],
      ['attribute_key', { ...base, attribute_key: undefined }],
      ['attribute_key', base],
      ['attribute_display_name', { ...base, attribute_key: 'a', attribute_display_name: '' }],
      ['attribute_display_type', { ...base, attribute_key: 'b', attribute_display_type: 'color' }],
      ['attribute_display_type', { ...base, attribute_key: 'c', attribute_display_type: 8 }],
      ['attribute_model', { ...base, attribute_key: 'd', attribute_model: 'user_attribute' }],
      ['attribute_model', { ...base, attribute_key: 'e', attribute_model: 2 }],
      ['attribute_values', { ...base, attribute_key: 'f', attribute_display_type: 'list' }],
      [
        'attribute_values',
        { ...base, attribute_key: 'g', attribute_display_type: 'list', attribute_values: [] },
      ],
      ['attribute_values', { ...base, attribute_key: 'h', attribute_values: [1, 2] }],
      ['regex_pattern', { ...base, attribute_key: 'i', regex_pattern: '([a-z' }],
      ['regex_pattern', { ...base, attribute_key: 'j', regex_pattern: 'x'.repeat(256) }],
    ]
    for (const [field, body] of cases) {
      const res = await api(defsPath(world), { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      const fields: string[] = res.json.errors.map((e: { field: string }) => e.field)
      expect(fields.some((f) => f === field || f.startsWith(`${field}.`))).toBe(true)
    }
    expect(await definitionCount(world)).toBe(1)
    // The same key in the other model is a different attribute.
    await define(world, { ...base, attribute_model: 'conversation_attribute' })
    expect(await definitionCount(world)).toBe(2)
  })

  it('updates a definition and re-checks list values and key uniqueness', async () => {
    const world = await createWorld()
    const plan = await define(world, base)
    await define(world, { ...base, attribute_key: 'taken' })
    const path = defsPath(world, `/${plan.id}`)
    const patch = (body: Record<string, unknown>) =>
      api(path, { method: 'PATCH', token: world.admin.token, body })
    const res = await patch({
      custom_attribute_definition: {
        attribute_display_name: 'Subscription',
        attribute_display_type: 'list',
        attribute_values: ['free', 'pro'],
        attribute_description: null,
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      attribute_display_name: 'Subscription',
      attribute_display_type: 'list',
      attribute_values: ['free', 'pro'],
      attribute_key: 'plan',
      attribute_description: null,
    })
    expect(res.json.updated_at).toBeGreaterThanOrEqual(plan.updated_at)
    const emptied = await patch({ attribute_values: [] })
    expectError(emptied, 422, 'validation_failed')
    expect(emptied.json.errors[0].field).toBe('attribute_values')
    const clash = await patch({ attribute_key: 'taken' })
    expectError(clash, 422)
    expect(clash.json.errors[0].field).toBe('attribute_key')
    expectError(await patch({ regex_pattern: '(' }), 422)
    expectError(await patch({ attribute_display_type: 'colour' }), 422)
    const shown = await api(path, { token: world.admin.token })
    expect(shown.json).toMatchObject({ attribute_key: 'plan', attribute_values: ['free', 'pro'] })
    // Moving the key to the other model is fine when it is free there.
    const moved = await patch({ attribute_model: 0 })
    expect(moved.json.attribute_model).toBe('conversation_attribute')
  })

  it('deletes a definition', async () => {
    const world = await createWorld()
    const plan = await define(world, base)
    const path = defsPath(world, `/${plan.id}`)
    const res = await api(path, { method: 'DELETE', token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expectError(await api(path, { token: world.admin.token }), 404, 'not_found')
    expect(await definitionCount(world)).toBe(0)
  })

  it('refuses writes from agents with 403 and changes nothing', async () => {
    const world = await createWorld()
    const plan = await define(world, base)
    const token = world.agent.token
    const path = defsPath(world, `/${plan.id}`)
    expectError(await api(defsPath(world), { token, body: { ...base, attribute_key: 'x' } }), 403)
    expectError(
      await api(path, { method: 'PATCH', token, body: { attribute_display_name: 'X' } }),
      403,
    )
    expectError(await api(path, { method: 'DELETE', token }), 403)
    const shown = await api(path, { token })
    expect(shown.json.attribute_display_name).toBe('Plan')
    expect(await definitionCount(world)).toBe(1)
  })

  it("answers 404 for another account's ids, and foreign tokens get 403", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const secret = await define(world, { ...base, attribute_key: 'secret_key' })
    for (const id of [secret.id, 999_999_999]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { attribute_display_name: 'Stolen' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await api(defsPath(other, `/${id}`), { method, token: other.admin.token, body })
        expectError(res, 404, 'not_found')
        expect(res.text).not.toContain('secret_key')
      }
    }
    expect((await api(defsPath(other), { token: other.admin.token })).json).toEqual([])
    for (const token of [other.admin.token, other.agent.token]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { attribute_display_name: 'Stolen' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await api(defsPath(world, `/${secret.id}`), { method, token, body })
        expectError(res, 403)
        expect(res.text).not.toContain('secret_key')
      }
      expectError(await api(defsPath(world), { token }), 403)
      expectError(await api(defsPath(world), { token, body: base }), 403)
    }
    const shown = await api(defsPath(world, `/${secret.id}`), { token: world.admin.token })
    expect(shown.json).toMatchObject({
      attribute_key: 'secret_key',
      attribute_display_name: 'Plan',
    })
  })

  it('requires a token', async () => {
    const world = await createWorld()
    expectError(await api(defsPath(world)), 401, 'unauthorized')
  })
})
