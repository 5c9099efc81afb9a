import { describe, expect, it } from 'vitest'
import {
  conversationPath,
  conversationRow,
  conversationsPath,
  createScene,
  eventsOf,
  kindsOf,
  messageRows,
} from '../conversation-helpers'
import { api, createWorld, expectError, type World } from '../helpers'
import { accountPath, scalar } from '../members-helpers'

const labelsPath = (world: World, rest = '') => accountPath(world, `/labels${rest}`)

async function createLabel(world: World, body: Record<string, unknown>) {
  const res = await api(labelsPath(world), { token: world.admin.token, body })
  expect(res.status).toBe(200)
  return res.json as { id: number; title: string }
}

const labelCount = (world: World) =>
  scalar('select count(*) from labels where account_id = ?', world.accountId)

describe('labels', () => {
  it('creates a label with a lower-cased title and defaults, and lists it in payload', async () => {
    const world = await createWorld()
    const res = await api(labelsPath(world), {
      token: world.admin.token,
      body: { label: { title: ' Billing-Q3_x ', description: 'Money', color: '#FF0066' } },
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      id: expect.any(Number),
      title: 'billing-q3_x',
      description: 'Money',
      color: '#FF0066',
      show_on_sidebar: true,
    })
    const plain = await createLabel(world, { title: 'alpha', show_on_sidebar: false })
    expect(plain).toEqual({
      id: expect.any(Number),
      title: 'alpha',
      description: null,
      color: '#1f93ff',
      show_on_sidebar: false,
    })
    for (const token of [world.admin.token, world.agent.token]) {
      const list = await api(labelsPath(world), { token })
      expect(list.status).toBe(200)
      expect(list.json).toEqual({ payload: [plain, res.json] })
      const shown = await api(labelsPath(world, `/${res.json.id}`), { token })
      expect(shown.json).toEqual(res.json)
    }
  })

  it('refuses bad titles, colours, a taken title and bad fields with 422, creating nothing', async () => {
    const world = await createWorld()
    await createLabel(world, { title: 'vip' })
    for (const [field, body] of [
      ['title', {}],
      ['title', { title: '' }],
      ['title', { title: 'has space' }],
      ['title', { title: 'ümlaut' }],
      ['title', { title: 'a/b' }],
      ['title', { title: 'x'.repeat(256) }],
      ['title', { title: 'VIP' }],
      ['color', { title: 'ok', color: 'red' }],
      ['color', { title: 'ok', color: '#12345' }],
      ['show_on_sidebar', { title: 'ok', show_on_sidebar: 'yes' }],
    ] as const) {
      const res = await api(labelsPath(world), { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe(field)
    }
    expect(await labelCount(world)).toBe(1)
    // 255 characters is allowed.
    expect((await createLabel(world, { title: 'y'.repeat(255) })).title).toHaveLength(255)
  })

  it('updates a label, refusing a title another label has', async () => {
    const world = await createWorld()
    const label = await createLabel(world, { title: 'first' })
    await createLabel(world, { title: 'second' })
    const path = labelsPath(world, `/${label.id}`)
    const res = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: {
        label: { title: 'First', description: 'Top', color: '#000000', show_on_sidebar: false },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      id: label.id,
      title: 'first',
      description: 'Top',
      color: '#000000',
      show_on_sidebar: false,
    })
    const clash = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { title: 'SECOND' },
    })
    expectError(clash, 422, 'validation_failed')
    expect(clash.json.errors[0].field).toBe('title')
    const bad = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { color: 'blue' },
    })
    expectError(bad, 422)
    const empty = await api(path, { method: 'PATCH', token: world.admin.token, body: {} })
    expect(empty.json).toEqual(res.json)
    expect((await api(path, { token: world.admin.token })).json).toEqual(res.json)
  })

  it('renames a label on the conversations and contacts that carry it', async () => {
    const scene = await createScene()
    const { world } = scene
    await createLabel(world, { title: 'vip' })
    const old = await createLabel(world, { title: 'old' })
    const both = await scene.conversation()
    const one = await scene.conversation()
    const none = await scene.conversation()
    const put = (displayId: number, labels: string[]) =>
      api(`${conversationPath(world, displayId)}/labels`, {
        token: world.admin.token,
        body: { labels },
      })
    expect((await put(both.id, ['old', 'vip', 'new'])).status).toBe(200)
    expect((await put(one.id, ['old', 'vip'])).status).toBe(200)
    expect((await put(none.id, ['vip'])).status).toBe(200)
    const contactLabels = (labels: string[]) =>
      api(`${accountPath(world, '')}/contacts/${scene.contactId}/labels`, {
        token: world.admin.token,
        body: { labels },
      })
    expect((await contactLabels(['old', 'new', 'vip'])).status).toBe(200)
    const before = await conversationRow(world.accountId, one.id)
    const kindsBefore = kindsOf(await eventsOf(before?.id as number))

    const res = await api(labelsPath(world, `/${old.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: { title: 'New' },
    })
    expect(res.status).toBe(200)
    expect(res.json.title).toBe('new')
    const labelsOf = async (displayId: number) =>
      (await api(`${conversationPath(world, displayId)}/labels`, { token: world.admin.token })).json
        .payload
    expect(await labelsOf(both.id)).toEqual(['vip', 'new'])
    expect(await labelsOf(one.id)).toEqual(['vip', 'new'])
    expect(await labelsOf(none.id)).toEqual(['vip'])
    const shown = await api(conversationPath(world, one.id), { token: world.admin.token })
    expect(shown.json.labels).toEqual(['vip', 'new'])
    const contact = await api(`${accountPath(world, '')}/contacts/${scene.contactId}/labels`, {
      token: world.admin.token,
    })
    expect(contact.json.payload).toEqual(['new', 'vip'])
    // A label change of each conversation: an event, and no activity line.
    const kindsAfter = kindsOf(await eventsOf(before?.id as number))
    expect(kindsAfter.slice(kindsBefore.length)).toEqual(['conversation_updated'])
    const rows = await messageRows(before?.id as number)
    expect(rows.filter((m) => String(m.content).includes('new'))).toEqual([])
    const filtered = await api(`${conversationsPath(world)}?labels=new&status=all`, {
      token: world.admin.token,
    })
    expect(filtered.json.data.payload.map((c: { id: number }) => c.id).sort()).toEqual(
      [both.id, one.id].sort(),
    )
  })

  it('deletes a label, after which it is not found', async () => {
    const world = await createWorld()
    const label = await createLabel(world, { title: 'gone' })
    const path = labelsPath(world, `/${label.id}`)
    const res = await api(path, { method: 'DELETE', token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expectError(await api(path, { token: world.admin.token }), 404, 'not_found')
    expectError(await api(path, { method: 'DELETE', token: world.admin.token }), 404)
    // The title is free again.
    expect((await createLabel(world, { title: 'gone' })).title).toBe('gone')
  })

  it('refuses writes from agents with 403 and changes nothing', async () => {
    const world = await createWorld()
    const label = await createLabel(world, { title: 'keep' })
    const token = world.agent.token
    expectError(await api(labelsPath(world), { token, body: { title: 'mine' } }), 403, 'forbidden')
    const path = labelsPath(world, `/${label.id}`)
    expectError(await api(path, { method: 'PATCH', token, body: { title: 'changed' } }), 403)
    expectError(await api(path, { method: 'DELETE', token }), 403)
    expect((await api(labelsPath(world), { token })).json.payload).toEqual([label])
  })

  it("answers 404 for another account's label ids, and foreign tokens get 403", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const label = await createLabel(world, { title: 'secret-label', description: 'hidden' })
    for (const id of [label.id, 999_999_999]) {
      const path = labelsPath(other, `/${id}`)
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { title: 'stolen' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await api(path, { method, token: other.admin.token, body })
        expectError(res, 404, 'not_found')
        expect(res.text).not.toContain('secret-label')
      }
    }
    expect((await api(labelsPath(other), { token: other.admin.token })).json).toEqual({
      payload: [],
    })
    for (const token of [other.admin.token, other.agent.token]) {
      const path = labelsPath(world, `/${label.id}`)
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { title: 'stolen' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await api(path, { method, token, body })
        expectError(res, 403)
        expect(res.text).not.toContain('secret-label')
      }
      expectError(await api(labelsPath(world), { token }), 403)
      expectError(await api(labelsPath(world), { token, body: { title: 'x' } }), 403)
    }
    expect((await api(labelsPath(world), { token: world.admin.token })).json.payload).toEqual([
      label,
    ])
  })

  it('requires a token and answers 404 for a malformed id', async () => {
    const world = await createWorld()
    expectError(await api(labelsPath(world)), 401, 'unauthorized')
    expectError(await api(labelsPath(world, '/abc'), { token: world.admin.token }), 404)
  })
})
