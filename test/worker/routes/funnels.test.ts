import { describe, expect, it } from 'vitest'
import {
  accountPath,
  createFunnel,
  createStage,
  funnelWorld,
  placeOk,
  rowsOf,
} from '../funnel-helpers'
import { accountDb, api, createWorld, expectError } from '../helpers'

const stageIds = (stages: { id: number }[]) => stages.map((s) => s.id)

describe('funnels', () => {
  it('creates, shows and lists funnels with their stages in order', async () => {
    const world = await createWorld()
    const funnel = await createFunnel(world, {
      funnel: { name: 'Sales', description: 'New deals' },
    })
    expect(funnel).toEqual({
      id: expect.any(Number),
      account_id: world.accountId,
      name: 'Sales',
      description: 'New deals',
      stages: [],
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    })
    const a = await createStage(world, funnel.id, { name: 'A' })
    const b = await createStage(world, funnel.id, { name: 'B' })
    const other = await createFunnel(world, { name: 'Support' })
    const shown = await api(accountPath(world, `/funnels/${funnel.id}`), {
      token: world.admin.token,
    })
    expect(shown.status).toBe(200)
    expect(stageIds(shown.json.stages)).toEqual([a.id, b.id])
    expect(shown.json.description).toBe('New deals')
    const list = await api(accountPath(world, '/funnels'), { token: world.agent.token })
    expect(list.status).toBe(200)
    expect(list.json.payload.map((f: { id: number }) => f.id)).toEqual([funnel.id, other.id])
    expect(stageIds(list.json.payload[0].stages)).toEqual([a.id, b.id])
    expect(list.json.payload[1]).toMatchObject({ name: 'Support', description: null, stages: [] })
  })

  it('refuses invalid funnels with 422 naming the field and creates nothing', async () => {
    const world = await createWorld()
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 5 }, 'name'],
      [{ name: 'Ok', description: 'd'.repeat(20_001) }, 'description'],
    ]
    for (const [body, field] of cases) {
      const res = await api(accountPath(world, '/funnels'), {
        token: world.admin.token,
        body: body as Record<string, unknown>,
      })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    const list = await api(accountPath(world, '/funnels'), { token: world.admin.token })
    expect(list.json.payload).toEqual([])
  })

  it('updates a funnel with PATCH and PUT, and leaves it unchanged on a refused update', async () => {
    const world = await createWorld()
    const funnel = await createFunnel(world, { name: 'Sales', description: 'd' })
    const path = accountPath(world, `/funnels/${funnel.id}`)
    const token = world.admin.token
    const patched = await api(path, { method: 'PATCH', token, body: { name: 'Deals' } })
    expect(patched.json).toMatchObject({ name: 'Deals', description: 'd' })
    const put = await api(path, { method: 'PUT', token, body: { funnel: { description: null } } })
    expect(put.json).toMatchObject({ name: 'Deals', description: null })
    expectError(await api(path, { method: 'PATCH', token, body: { name: '' } }), 422)
    expectError(
      await api(path, { method: 'PATCH', token, body: { description: 'x'.repeat(20_001) } }),
      422,
    )
    const shown = await api(path, { token })
    expect(shown.json).toMatchObject({ name: 'Deals', description: null })
    const missing = accountPath(world, '/funnels/99999999')
    expectError(
      await api(missing, { method: 'PATCH', token, body: { name: 'X' } }),
      404,
      'not_found',
    )
    expectError(await api(missing, { token }), 404, 'not_found')
    expectError(await api(accountPath(world, '/funnels/abc'), { token }), 404)
  })

  it('deletes a funnel with its stages, placements, checklist items and history', async () => {
    const { world, conversation, funnel, stages } = await funnelWorld()
    const keep = await createFunnel(world, { name: 'Keep' })
    const keepStage = await createStage(world, keep.id, {
      name: 'Only',
      checklist_template: [{ title: 'K' }],
    })
    await placeOk(world, conversation, funnel.id, stages.lead.id)
    await placeOk(world, conversation, keep.id, keepStage.id)
    const token = world.admin.token
    const res = await api(accountPath(world, `/funnels/${funnel.id}`), { method: 'DELETE', token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expectError(await api(accountPath(world, `/funnels/${funnel.id}`), { token }), 404)
    expectError(await api(accountPath(world, `/funnels/${funnel.id}/stages`), { token }), 404)
    const stagesLeft = await (await accountDb(world.accountId))
      .prepare('select count(*) as n from funnel_stages where funnel_id = ?')
      .bind(funnel.id)
      .first<{ n: number }>()
    expect(stagesLeft?.n).toBe(0)
    const placements = await rowsOf<{ funnel_id: number }>('conversation_stages', conversation.id)
    expect(placements.map((p) => p.funnel_id)).toEqual([keep.id])
    const items = await rowsOf<{ stage_id: number }>('checklist_items', conversation.id)
    expect(items.map((i) => i.stage_id)).toEqual([keepStage.id])
    const history = await rowsOf<{ funnel_id: number }>('stage_transitions', conversation.id)
    expect(history.map((h) => h.funnel_id)).toEqual([keep.id])
    expectError(
      await api(accountPath(world, `/funnels/${funnel.id}`), { method: 'DELETE', token }),
      404,
    )
  })

  it('lets agents read funnels and stages but not define them (403, nothing changes)', async () => {
    const { world, funnel, stages } = await funnelWorld()
    const token = world.agent.token
    const base = accountPath(world, `/funnels/${funnel.id}`)
    expect((await api(base, { token })).status).toBe(200)
    expect((await api(`${base}/stages`, { token })).status).toBe(200)
    expect((await api(`${base}/stages/${stages.lead.id}`, { token })).json.name).toBe('Lead')
    const refused: [string, string, Record<string, unknown> | undefined][] = [
      [accountPath(world, '/funnels'), 'POST', { name: 'Mine' }],
      [base, 'PATCH', { name: 'Renamed' }],
      [base, 'PUT', { name: 'Renamed' }],
      [base, 'DELETE', undefined],
      [`${base}/stages`, 'POST', { name: 'New' }],
      [`${base}/stages/${stages.lead.id}`, 'PATCH', { name: 'Renamed' }],
      [`${base}/stages/${stages.lead.id}`, 'PUT', { name: 'Renamed' }],
      [`${base}/stages/${stages.won.id}`, 'DELETE', undefined],
      [
        `${base}/stages/reorder`,
        'POST',
        { stage_ids: [stages.won.id, stages.proposal.id, stages.lead.id] },
      ],
    ]
    for (const [path, method, body] of refused) {
      expectError(await api(path, { method, token, body }), 403, 'forbidden')
    }
    const after = await api(base, { token: world.admin.token })
    expect(after.json.name).toBe('Pipeline')
    expect(after.json.stages.map((s: { name: string }) => s.name)).toEqual([
      'Lead',
      'Proposal',
      'Won',
    ])
    expect((await api(accountPath(world, '/funnels'), { token })).json.payload).toHaveLength(1)
  })

  it('refuses requests without a token with 401', async () => {
    const { world, funnel } = await funnelWorld()
    expectError(await api(accountPath(world, '/funnels')), 401, 'unauthorized')
    expectError(await api(accountPath(world, `/funnels/${funnel.id}/board`)), 401)
    expectError(await api(accountPath(world, '/funnels'), { body: { name: 'X' } }), 401)
  })

  it('documents every funnel operation in /openapi.json', async () => {
    const res = await api('/openapi.json')
    const paths = res.json.paths as Record<string, Record<string, unknown>>
    const a = '/api/v1/accounts/{account_id}'
    const expected: [string, string[]][] = [
      [`${a}/funnels`, ['get', 'post']],
      [`${a}/funnels/{id}`, ['get', 'patch', 'put', 'delete']],
      [`${a}/funnels/{id}/board`, ['get']],
      [`${a}/funnels/{funnel_id}/stages`, ['get', 'post']],
      [`${a}/funnels/{funnel_id}/stages/reorder`, ['post']],
      [`${a}/funnels/{funnel_id}/stages/{id}`, ['get', 'patch', 'put', 'delete']],
      [`${a}/funnels/{funnel_id}/stages/{id}/conversations`, ['get']],
      [`${a}/conversations/{conversation_id}/funnel_stage`, ['post', 'delete']],
      [`${a}/conversations/{conversation_id}/funnel_stages`, ['get']],
      [`${a}/conversations/{conversation_id}/stage_history`, ['get']],
      [`${a}/conversations/{conversation_id}/checklist`, ['get', 'post']],
      [`${a}/conversations/{conversation_id}/checklist/{item_id}`, ['patch', 'delete']],
      [`${a}/conversations/{conversation_id}/stopwatch`, ['get']],
      [`${a}/conversations/{conversation_id}/stopwatch/start`, ['post']],
      [`${a}/conversations/{conversation_id}/stopwatch/stop`, ['post']],
      [`${a}/conversations/{conversation_id}/stopwatch/reset`, ['post']],
    ]
    for (const [path, methods] of expected) {
      expect(Object.keys(paths[path] ?? {}).sort(), path).toEqual([...methods].sort())
      for (const method of methods) {
        expect(paths[path]?.[method], `${method} ${path}`).toMatchObject({
          tags: ['Funnels'],
          // The API token, the dashboard's session cookie or the devise headers.
          security: [{ api_access_token: [] }, { session_cookie: [] }, { devise_access_token: [] }],
          responses: { '200': expect.anything(), '401': expect.anything() },
        })
      }
    }
  })

  it('caps an account at 100 funnels with 422', async () => {
    const world = await createWorld()
    await (await accountDb(world.accountId))
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 100)
       insert into funnels (account_id, name) select ?, 'Bulk ' || i from n`,
      )
      .bind(world.accountId)
      .run()
    const res = await api(accountPath(world, '/funnels'), {
      token: world.admin.token,
      body: { name: 'One more' },
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors[0].field).toBe('funnels')
  })
})

describe('stages', () => {
  it('creates stages with defaults, appends them, and inserts at a position', async () => {
    const world = await createWorld()
    const funnel = await createFunnel(world)
    const first = await createStage(world, funnel.id, { stage: { name: 'First' } })
    expect(first).toEqual({
      id: expect.any(Number),
      funnel_id: funnel.id,
      name: 'First',
      color: '#1f93ff',
      position: 0,
      time_limit_minutes: null,
      checklist_template: [],
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    })
    const last = await createStage(world, funnel.id, {
      name: 'Last',
      color: '#AbCdEf',
      time_limit_minutes: 525_600,
      checklist_template: [{ title: ' Call ', required: true }, { title: 'Email' }],
    })
    expect(last).toMatchObject({
      position: 1,
      color: '#AbCdEf',
      time_limit_minutes: 525_600,
      checklist_template: [
        { title: 'Call', required: true },
        { title: 'Email', required: false },
      ],
    })
    const front = await createStage(world, funnel.id, { name: 'Front', position: 0 })
    const beyond = await createStage(world, funnel.id, { name: 'Beyond', position: 999 })
    expect(beyond.position).toBe(3)
    const list = await api(accountPath(world, `/funnels/${funnel.id}/stages`), {
      token: world.admin.token,
    })
    expect(
      list.json.payload.map((s: { name: string; position: number }) => [s.name, s.position]),
    ).toEqual([
      ['Front', 0],
      ['First', 1],
      ['Last', 2],
      ['Beyond', 3],
    ])
    expect(front.position).toBe(0)
  })

  it('refuses invalid stages with 422 naming the field and creates nothing', async () => {
    const world = await createWorld()
    const funnel = await createFunnel(world)
    const template = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Item ${i}` }))
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 'S', color: 'red' }, 'color'],
      [{ name: 'S', color: '#12345' }, 'color'],
      [{ name: 'S', time_limit_minutes: 0 }, 'time_limit_minutes'],
      [{ name: 'S', time_limit_minutes: -5 }, 'time_limit_minutes'],
      [{ name: 'S', time_limit_minutes: 1.5 }, 'time_limit_minutes'],
      [{ name: 'S', time_limit_minutes: 525_601 }, 'time_limit_minutes'],
      [{ name: 'S', time_limit_minutes: '60' }, 'time_limit_minutes'],
      [{ name: 'S', position: -1 }, 'position'],
      [{ name: 'S', checklist_template: template(51) }, 'checklist_template'],
      [
        { name: 'S', checklist_template: [{ title: 'x'.repeat(256) }] },
        'checklist_template.0.title',
      ],
      [{ name: 'S', checklist_template: [{ title: '' }] }, 'checklist_template.0.title'],
      [
        { name: 'S', checklist_template: [{ title: 'T', required: 'yes' }] },
        'checklist_template.0.required',
      ],
      [{ name: 'S', checklist_template: 'Call' }, 'checklist_template'],
    ]
    for (const [body, field] of cases) {
      const res = await api(accountPath(world, `/funnels/${funnel.id}/stages`), {
        token: world.admin.token,
        body,
      })
      expectError(res, 422, 'validation_failed')
      expect(
        res.json.errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toContain(field)
    }
    const ok = await createStage(world, funnel.id, { name: 'S', checklist_template: template(50) })
    expect(ok.checklist_template).toHaveLength(50)
    const list = await api(accountPath(world, `/funnels/${funnel.id}/stages`), {
      token: world.admin.token,
    })
    expect(stageIds(list.json.payload)).toEqual([ok.id])
  })

  it('updates a stage with PATCH and PUT, moving others when its position changes', async () => {
    const { world, funnel, stages } = await funnelWorld()
    const path = (id: number) => accountPath(world, `/funnels/${funnel.id}/stages/${id}`)
    const token = world.admin.token
    const patched = await api(path(stages.proposal.id), {
      method: 'PATCH',
      token,
      body: { name: 'Offer', color: '#000000', time_limit_minutes: null, checklist_template: [] },
    })
    expect(patched.json).toMatchObject({
      name: 'Offer',
      color: '#000000',
      time_limit_minutes: null,
      checklist_template: [],
      position: 1,
    })
    const moved = await api(path(stages.won.id), {
      method: 'PUT',
      token,
      body: { stage: { position: 0 } },
    })
    expect(moved.json).toMatchObject({ name: 'Won', position: 0 })
    const list = await api(accountPath(world, `/funnels/${funnel.id}/stages`), { token })
    expect(
      list.json.payload.map((s: { name: string; position: number }) => [s.name, s.position]),
    ).toEqual([
      ['Won', 0],
      ['Lead', 1],
      ['Offer', 2],
    ])
    for (const body of [
      { color: 'blue' },
      { time_limit_minutes: 0 },
      { name: '' },
      { position: -2 },
    ]) {
      expectError(await api(path(stages.lead.id), { method: 'PATCH', token, body }), 422)
    }
    expect((await api(path(stages.lead.id), { token })).json).toMatchObject({
      name: 'Lead',
      color: '#112233',
      position: 1,
    })
    expectError(await api(path(99999999), { method: 'PATCH', token, body: { name: 'X' } }), 404)
  })

  it('reorders stages given exactly the funnel’s stage ids, else 422 and nothing moves', async () => {
    const { world, funnel, stages } = await funnelWorld()
    const other = await createFunnel(world, { name: 'Other' })
    const foreign = await createStage(world, other.id, { name: 'Elsewhere' })
    const path = accountPath(world, `/funnels/${funnel.id}/stages/reorder`)
    const token = world.admin.token
    const { lead, proposal, won } = stages
    for (const ids of [
      [won.id, lead.id],
      [won.id, lead.id, proposal.id, foreign.id],
      [won.id, lead.id, lead.id],
      [won.id, lead.id, foreign.id],
    ]) {
      const res = await api(path, { token, body: { stage_ids: ids } })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe('stage_ids')
    }
    expectError(await api(path, { token, body: { stage_ids: [] } }), 422)
    expectError(await api(path, { token, body: {} }), 422)
    const list = accountPath(world, `/funnels/${funnel.id}/stages`)
    expect(stageIds((await api(list, { token })).json.payload)).toEqual([
      lead.id,
      proposal.id,
      won.id,
    ])
    const res = await api(path, { token, body: { stage_ids: [won.id, lead.id, proposal.id] } })
    expect(res.status).toBe(200)
    expect(
      res.json.payload.map((s: { id: number; position: number }) => [s.id, s.position]),
    ).toEqual([
      [won.id, 0],
      [lead.id, 1],
      [proposal.id, 2],
    ])
    expect(stageIds((await api(list, { token })).json.payload)).toEqual([
      won.id,
      lead.id,
      proposal.id,
    ])
  })

  it('answers 404 for a stage of another funnel on this funnel’s path', async () => {
    const { world, funnel, stages } = await funnelWorld()
    const other = await createFunnel(world, { name: 'Other' })
    const path = accountPath(world, `/funnels/${other.id}/stages/${stages.lead.id}`)
    const token = world.admin.token
    expectError(await api(path, { token }), 404)
    expectError(await api(path, { method: 'PATCH', token, body: { name: 'X' } }), 404)
    expectError(await api(path, { method: 'DELETE', token }), 404)
    const shown = await api(accountPath(world, `/funnels/${funnel.id}/stages/${stages.lead.id}`), {
      token,
    })
    expect(shown.json.name).toBe('Lead')
  })

  it('caps a funnel at 50 stages with 422', async () => {
    const world = await createWorld()
    const funnel = await createFunnel(world)
    await (await accountDb(world.accountId))
      .prepare(
        `with recursive n(i) as (select 0 union all select i + 1 from n where i < 49)
       insert into funnel_stages (account_id, funnel_id, name, position) select ?, ?, 'S' || i, i from n`,
      )
      .bind(world.accountId, funnel.id)
      .run()
    const res = await api(accountPath(world, `/funnels/${funnel.id}/stages`), {
      token: world.admin.token,
      body: { name: 'One more' },
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors[0].field).toBe('stages')
  })
})
