import { describe, expect, it } from 'vitest'
import {
  accountPath,
  addProduct,
  conversationPath,
  createApiInbox,
  createFunnel,
  createStage,
  funnelWorld,
  insertConversation,
  placeOk,
  rowsOf,
} from '../funnel-helpers'
import { api, createWorld, expectError, type World } from '../helpers'
import { addInboxMember } from '../product-helpers'

type Request = [path: string, method: string, body?: Record<string, unknown>]

/** Ours: a funnel with a placed conversation, a checklist item, a running stopwatch, products. */
async function ours() {
  const s = await funnelWorld()
  const { world, conversation, funnel, stages } = s
  await placeOk(world, conversation, funnel.id, stages.lead.id)
  await addProduct(world, conversation, '777.77')
  await api(conversationPath(world, conversation, '/stopwatch/start'), {
    method: 'POST',
    token: world.admin.token,
  })
  const items = await api(conversationPath(world, conversation, '/checklist'), {
    token: world.admin.token,
  })
  return { ...s, itemId: items.json.payload[0].id as number }
}

/** Every route that takes an id, on `world`'s paths, naming the given ids. */
function routes(
  world: World,
  displayId: number,
  ids: { funnel: number; stage: number; otherStage: number; item: number },
): Request[] {
  const f = accountPath(world, `/funnels/${ids.funnel}`)
  const st = `${f}/stages/${ids.stage}`
  const c = accountPath(world, `/conversations/${displayId}`)
  return [
    [f, 'GET'],
    [f, 'PATCH', { name: 'Stolen' }],
    [f, 'PUT', { name: 'Stolen' }],
    [f, 'DELETE'],
    [`${f}/board`, 'GET'],
    [`${f}/stages`, 'GET'],
    [`${f}/stages`, 'POST', { name: 'Injected' }],
    [`${f}/stages/reorder`, 'POST', { stage_ids: [ids.otherStage, ids.stage] }],
    [st, 'GET'],
    [st, 'PATCH', { name: 'Stolen' }],
    [st, 'PUT', { name: 'Stolen' }],
    [st, 'DELETE'],
    [`${st}?move_to=${ids.otherStage}`, 'DELETE'],
    [`${st}/conversations`, 'GET'],
    [`${c}/funnel_stage`, 'POST', { funnel_id: ids.funnel, stage_id: ids.otherStage }],
    [`${c}/funnel_stage?funnel_id=${ids.funnel}`, 'DELETE'],
    [`${c}/funnel_stages`, 'GET'],
    [`${c}/stage_history`, 'GET'],
    [`${c}/checklist`, 'GET'],
    [`${c}/checklist?stage_id=${ids.stage}`, 'GET'],
    [`${c}/checklist`, 'POST', { stage_id: ids.stage, title: 'Injected' }],
    [`${c}/checklist/${ids.item}`, 'PATCH', { checked: true }],
    [`${c}/checklist/${ids.item}`, 'DELETE'],
    [`${c}/stopwatch`, 'GET'],
    [`${c}/stopwatch/start`, 'POST'],
    [`${c}/stopwatch/stop`, 'POST'],
    [`${c}/stopwatch/reset`, 'POST'],
  ]
}

async function snapshot(s: Awaited<ReturnType<typeof ours>>) {
  const token = s.world.admin.token
  return {
    funnel: (await api(accountPath(s.world, `/funnels/${s.funnel.id}`), { token })).json,
    board: (await api(accountPath(s.world, `/funnels/${s.funnel.id}/board`), { token })).json,
    placements: await rowsOf('conversation_stages', s.conversation.id),
    transitions: await rowsOf('stage_transitions', s.conversation.id),
    items: await rowsOf('checklist_items', s.conversation.id),
    stopwatch: await rowsOf('stopwatches', s.conversation.id),
  }
}

type Stage = { count: number; products_total: string; conversations: { id: number }[] }

/** Everything as it was (the board's time in stage moves on by itself). */
async function expectUnchanged(
  s: Awaited<ReturnType<typeof ours>>,
  before: Awaited<ReturnType<typeof snapshot>>,
) {
  const after = await snapshot(s)
  expect({ ...after, board: null }).toEqual({ ...before, board: null })
  const shape = (stages: Stage[]) =>
    stages.map((st) => [st.count, st.products_total, st.conversations.map((c) => c.id)])
  expect(shape(after.board.stages)).toEqual(shape(before.board.stages))
}

const SECRET = /Pipeline|Qualify budget|777\.77|Lead/

describe("funnels and another account's users", () => {
  it('answers 403 on our account paths to their administrator and agent, leaking nothing', async () => {
    const s = await ours()
    const other = await createWorld()
    const before = await snapshot(s)
    const ids = {
      funnel: s.funnel.id,
      stage: s.stages.lead.id,
      otherStage: s.stages.won.id,
      item: s.itemId,
    }
    const requests: Request[] = [
      [accountPath(s.world, '/funnels'), 'GET'],
      [accountPath(s.world, '/funnels'), 'POST', { name: 'Injected' }],
      ...routes(s.world, s.conversation.displayId, ids),
    ]
    for (const token of [other.admin.token, other.agent.token]) {
      for (const [path, method, body] of requests) {
        const res = await api(path, { method, token, body })
        expectError(res, 403, 'forbidden')
        expect(res.text, `${method} ${path}`).not.toMatch(SECRET)
      }
    }
    await expectUnchanged(s, before)
  })

  it('answers 404 for our ids on their own account paths, leaking nothing', async () => {
    const s = await ours()
    const other = await createWorld()
    const theirInbox = await createApiInbox(other)
    await addInboxMember(other, theirInbox.id, other.agent.id)
    const theirs = await insertConversation(other, theirInbox.id)
    const theirFunnel = await createFunnel(other, { name: 'Theirs' })
    const theirStage = await createStage(other, theirFunnel.id, { name: 'Mine' })
    const before = await snapshot(s)
    const ourIds = {
      funnel: s.funnel.id,
      stage: s.stages.lead.id,
      otherStage: s.stages.won.id,
      item: s.itemId,
    }
    const check = async (token: string, requests: Request[], agent: boolean) => {
      for (const [path, method, body] of requests) {
        const res = await api(path, { method, token, body })
        // Funnel and stage definitions are administrator-only: their agent is refused first.
        const definitionWrite = method !== 'GET' && path.includes('/funnels/')
        expectError(res, agent && definitionWrite ? 403 : 404)
        expect(res.text, `${method} ${path}`).not.toMatch(SECRET)
      }
    }
    for (const [token, agent] of [
      [other.admin.token, false],
      [other.agent.token, true],
    ] as const) {
      // Our funnel, stage and item ids with their own conversation.
      const namesOurIds = ([p, m]: Request) =>
        !p.includes('/stopwatch') &&
        !/funnel_stages$|stage_history$/.test(p) &&
        !(p.endsWith('/checklist') && m === 'GET')
      await check(token, routes(other, theirs.displayId, ourIds).filter(namesOurIds), agent)
      // Their funnel with our stage ids.
      const mixed = {
        funnel: theirFunnel.id,
        stage: s.stages.lead.id,
        otherStage: s.stages.won.id,
        item: s.itemId,
      }
      await check(
        token,
        routes(other, theirs.displayId, mixed).filter(
          ([p, m]) => p.includes(`/stages/${s.stages.lead.id}`) && m !== 'POST',
        ),
        agent,
      )
      // A display id that names no conversation of theirs.
      await check(
        token,
        routes(other, theirs.displayId + 1000, {
          ...ourIds,
          funnel: theirFunnel.id,
          stage: theirStage.id,
        }).filter(([p]) => p.includes('/conversations/')),
        false,
      )
    }
    const theirHistory = await api(
      conversationPath(other, theirs, `/stage_history?funnel_id=${s.funnel.id}`),
      {
        token: other.admin.token,
      },
    )
    expect(theirHistory.json).toEqual({ payload: [] })
    const theirList = await api(accountPath(other, '/funnels'), { token: other.admin.token })
    expect(theirList.json.payload.map((f: { id: number }) => f.id)).toEqual([theirFunnel.id])
    await expectUnchanged(s, before)
  })
})
