import { describe, expect, it } from 'vitest'
import {
  accountPath,
  addInboxMember,
  addProduct,
  backdatePlacement,
  createApiInbox,
  createFunnel,
  createStage,
  funnelWorld,
  insertConversation,
  placeOk,
  setAssignee,
  setLabels,
  type TestConversation,
} from '../funnel-helpers'
import { accountDb, api, expectError } from '../helpers'

type World = Awaited<ReturnType<typeof funnelWorld>>
type Card = { id: number; products_total: string; labels: string[]; time_in_stage_seconds: number }
type BoardStage = {
  id: number
  count: number
  products_total: string
  conversations: Card[]
  next_cursor: string | null
}

async function board(s: World, query = '', token = s.world.admin.token) {
  const res = await api(accountPath(s.world, `/funnels/${s.funnel.id}/board${query}`), { token })
  expect(res.status, res.text).toBe(200)
  return res.json as { funnel: unknown; stages: BoardStage[] }
}

const summary = (stages: BoardStage[]) =>
  stages.map((st) => [st.count, st.products_total, st.conversations.map((c) => c.id)])

/** `n` more conversations in the world's inbox placed in `stageId`, in that order. */
async function placeMany(s: World, stageId: number, n: number, inboxId = s.inbox.id) {
  const placed: TestConversation[] = []
  for (let i = 0; i < n; i++) {
    const conversation = await insertConversation(s.world, inboxId)
    await placeOk(s.world, conversation, s.funnel.id, stageId)
    placed.push(conversation)
  }
  return placed
}

describe('funnel board', () => {
  it('returns the stages in order with counts, exact product totals and cards', async () => {
    const s = await funnelWorld()
    const { world, conversation, stages } = s
    await placeOk(world, conversation, s.funnel.id, stages.lead.id)
    await addProduct(world, conversation, 0.1)
    await addProduct(world, conversation, 0.2)
    await setLabels(conversation, world.accountId, ['vip'])
    await setAssignee(conversation, world.agent.id)
    await backdatePlacement(conversation.id, s.funnel.id, 600)
    const [second] = await placeMany(s, stages.lead.id, 1)
    const result = await board(s)
    expect(result.funnel).toEqual({ id: s.funnel.id, name: 'Pipeline', description: 'Deals' })
    expect(result.stages.map((st) => st.id)).toEqual([
      stages.lead.id,
      stages.proposal.id,
      stages.won.id,
    ])
    const lead = result.stages[0]!
    expect(lead).toMatchObject({
      name: 'Lead',
      color: '#112233',
      position: 0,
      time_limit_minutes: null,
      count: 2,
      products_total: '0.30',
      next_cursor: null,
    })
    // Newest arrival first.
    expect(lead.conversations.map((c) => c.id)).toEqual([second!.displayId, conversation.displayId])
    expect(lead.conversations[1]).toEqual({
      id: conversation.displayId,
      status: 'open',
      assignee_id: world.agent.id,
      inbox_id: conversation.inboxId,
      labels: ['vip'],
      last_activity_at: expect.any(Number),
      entered_at: expect.any(Number),
      time_in_stage_seconds: expect.any(Number),
      contact: { id: conversation.contactId, name: expect.stringMatching(/^Contact /) },
      products_total: '0.30',
    })
    expect(lead.conversations[1]!.time_in_stage_seconds).toBeGreaterThanOrEqual(600)
    expect(lead.conversations[0]!.products_total).toBe('0.00')
    expect(result.stages[1]).toMatchObject({
      count: 0,
      products_total: '0.00',
      conversations: [],
      next_cursor: null,
    })
  })

  it('keeps totals exact beyond 2^53 and beyond 64-bit minor-unit sums', async () => {
    const s = await funnelWorld()
    const [a, b] = await placeMany(s, s.stages.won.id, 2)
    await addProduct(s.world, a!, '999999999999.9999', 1_000_000)
    await addProduct(s.world, b!, '999999999999.9999', 1_000_000)
    await addProduct(s.world, b!, '0.0001')
    const won = (await board(s)).stages[2]!
    expect(won.products_total).toBe('1999999999999999800.0001')
    expect(won.conversations.map((c) => c.products_total)).toEqual([
      '999999999999999900.0001',
      '999999999999999900.00',
    ])
  })

  it('stays exact when a stage total is too large for the fast 64-bit sums', async () => {
    const s = await funnelWorld()
    const [big] = await placeMany(s, s.stages.won.id, 1)
    // 100,000 maximal lines (past the API's per-conversation cap, written straight to D1).
    await (await accountDb(s.world.accountId))
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000)
       insert into conversation_products (account_id, conversation_id, product_name, product_value_minor, quantity)
       select ?, ?, 'Bulk', 9999999999999999, 1000000 from n`,
      )
      .bind(s.world.accountId, big!.id)
      .run()
    const won = (await board(s)).stages[2]!
    expect(won.products_total).toBe('99999999999999990000000.00')
    expect(won.conversations[0]!.products_total).toBe('99999999999999990000000.00')
  })

  it('pages each stage with a cursor, newest arrival first, without repeats', async () => {
    const s = await funnelWorld()
    const placed = await placeMany(s, s.stages.proposal.id, 5)
    const newestFirst = placed.map((c) => c.displayId).reverse()
    const first = (await board(s, '?per_stage=2')).stages[1]!
    expect(first.count).toBe(5)
    expect(first.conversations.map((c) => c.id)).toEqual(newestFirst.slice(0, 2))
    expect(first.next_cursor).toEqual(expect.any(String))
    const pagePath = (cursor: string) =>
      accountPath(
        s.world,
        `/funnels/${s.funnel.id}/stages/${s.stages.proposal.id}/conversations?per_page=2&cursor=${encodeURIComponent(cursor)}`,
      )
    const second = await api(pagePath(first.next_cursor!), { token: s.world.admin.token })
    expect(second.status, second.text).toBe(200)
    expect(second.json).toMatchObject({ id: s.stages.proposal.id, name: 'Proposal', count: 5 })
    expect(second.json.conversations.map((c: Card) => c.id)).toEqual(newestFirst.slice(2, 4))
    const third = await api(pagePath(second.json.next_cursor), { token: s.world.admin.token })
    expect(third.json.conversations.map((c: Card) => c.id)).toEqual(newestFirst.slice(4))
    expect(third.json.next_cursor).toBeNull()
    const all = await api(
      accountPath(s.world, `/funnels/${s.funnel.id}/stages/${s.stages.proposal.id}/conversations`),
      {
        token: s.world.admin.token,
      },
    )
    expect(all.json.conversations.map((c: Card) => c.id)).toEqual(newestFirst)
  })

  it('filters counts, totals and cards by assignee, inbox and labels', async () => {
    const s = await funnelWorld()
    const { world, stages } = s
    const otherInbox = await createApiInbox(world, 'Other')
    const [mine, tagged] = await placeMany(s, stages.lead.id, 2)
    const [elsewhere] = await placeMany(s, stages.lead.id, 1, otherInbox.id)
    await setAssignee(mine!, world.admin.id)
    await setLabels(tagged!, world.accountId, ['vip', 'eu'])
    await setLabels(elsewhere!, world.accountId, ['eu'])
    await addProduct(world, mine!, '1.50')
    await addProduct(world, tagged!, '2.25')
    await addProduct(world, elsewhere!, '10')
    expect(summary((await board(s)).stages)[0]).toEqual([
      3,
      '13.75',
      [elsewhere!.displayId, tagged!.displayId, mine!.displayId],
    ])
    const lead = async (query: string) => summary((await board(s, query)).stages)[0]
    expect(await lead(`?assignee_id=${world.admin.id}`)).toEqual([1, '1.50', [mine!.displayId]])
    expect(await lead(`?inbox_id=${otherInbox.id}`)).toEqual([1, '10.00', [elsewhere!.displayId]])
    expect(await lead('?labels[]=vip')).toEqual([1, '2.25', [tagged!.displayId]])
    expect(await lead('?labels=eu')).toEqual([
      2,
      '12.25',
      [elsewhere!.displayId, tagged!.displayId],
    ])
    expect(await lead('?labels[]=vip&labels[]=nope')).toEqual([1, '2.25', [tagged!.displayId]])
    expect(await lead(`?labels=eu&inbox_id=${s.inbox.id}`)).toEqual([
      1,
      '2.25',
      [tagged!.displayId],
    ])
    expect(await lead('?assignee_id=99999999')).toEqual([0, '0.00', []])
  })

  it('shows agents only conversations of their inboxes, in counts, totals and cards', async () => {
    const s = await funnelWorld()
    const { world, stages } = s
    const privateInbox = await createApiInbox(world, 'Private')
    const [visible] = await placeMany(s, stages.won.id, 1)
    const [hidden] = await placeMany(s, stages.won.id, 1, privateInbox.id)
    await addProduct(world, visible!, '5')
    await addProduct(world, hidden!, '7')
    expect(summary((await board(s)).stages)[2]).toEqual([
      2,
      '12.00',
      [hidden!.displayId, visible!.displayId],
    ])
    const agentView = await board(s, '', world.agent.token)
    expect(summary(agentView.stages)[2]).toEqual([1, '5.00', [visible!.displayId]])
    expect(JSON.stringify(agentView)).not.toContain(`"id":${hidden!.displayId},`)
    const page = await api(
      accountPath(world, `/funnels/${s.funnel.id}/stages/${stages.won.id}/conversations`),
      {
        token: world.agent.token,
      },
    )
    expect(page.json).toMatchObject({ count: 1, products_total: '5.00' })
    await addInboxMember(world, privateInbox.id, world.agent.id)
    expect(summary((await board(s, '', world.agent.token)).stages)[2]?.[0]).toBe(2)
  })

  it('answers 404 for unknown funnels, stages or ids not spelled as ids, and 422 for bad paging', async () => {
    const s = await funnelWorld()
    const token = s.world.admin.token
    const other = await createFunnel(s.world, { name: 'Other' })
    const foreignStage = await createStage(s.world, other.id, { name: 'Elsewhere' })
    expectError(
      await api(accountPath(s.world, '/funnels/99999999/board'), { token }),
      404,
      'not_found',
    )
    const stagePage = (funnelId: number, stageId: number, query = '') =>
      accountPath(s.world, `/funnels/${funnelId}/stages/${stageId}/conversations${query}`)
    expectError(await api(stagePage(s.funnel.id, foreignStage.id), { token }), 404)
    expectError(await api(stagePage(99999999, s.stages.lead.id), { token }), 404)
    expectError(await api(stagePage(s.funnel.id, 99999999), { token }), 404)
    for (const query of ['?cursor=abc', '?cursor=1.', '?per_page=0', '?per_page=101']) {
      expectError(
        await api(stagePage(s.funnel.id, s.stages.lead.id, query), { token }),
        422,
        'validation_failed',
      )
    }
    for (const query of ['?per_stage=0', '?per_stage=101']) {
      const res = await api(accountPath(s.world, `/funnels/${s.funnel.id}/board${query}`), {
        token,
      })
      expectError(res, 422, 'validation_failed')
    }
    // A filter's id names a record: spelled any other way it names none (DESIGN §3).
    for (const path of [
      stagePage(s.funnel.id, s.stages.lead.id, '?assignee_id=x'),
      accountPath(s.world, `/funnels/${s.funnel.id}/board?inbox_id=-1`),
      accountPath(s.world, `/funnels/${s.funnel.id}/board?inbox_id=0${s.inbox.id}`),
    ]) {
      expectError(await api(path, { token }), 404, 'not_found')
    }
  })
})
