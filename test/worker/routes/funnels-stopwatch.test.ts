import { describe, expect, it } from 'vitest'
import { accountPath, conversationPath, funnelWorld, rowsOf } from '../funnel-helpers'
import { accountDb, api, expectError } from '../helpers'

type World = Awaited<ReturnType<typeof funnelWorld>>

const path = (s: World, action = '') =>
  conversationPath(s.world, s.conversation, `/stopwatch${action ? `/${action}` : ''}`)

async function act(s: World, action: 'start' | 'stop' | 'reset', token = s.world.admin.token) {
  const res = await api(path(s, action), { method: 'POST', token })
  expect(res.status, res.text).toBe(200)
  return res.json
}

/** Moves the current run's start back to a known instant. */
async function setRunningSince(s: World, at: number) {
  await (await accountDb(s.world.accountId))
    .prepare('update stopwatches set running_since = ? where conversation_id = ?')
    .bind(at, s.conversation.id)
    .run()
}

describe('conversation stopwatch', () => {
  it('reads as stopped at zero before it is ever started', async () => {
    const s = await funnelWorld()
    const res = await api(path(s), { token: s.world.agent.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      running: false,
      accumulated_seconds: 0,
      elapsed_seconds: 0,
      running_since: null,
      started_by: null,
      updated_by: null,
      updated_at: null,
    })
  })

  it('starts once: starting a running stopwatch changes nothing', async () => {
    const s = await funnelWorld()
    const started = await act(s, 'start', s.world.agent.token)
    expect(started).toEqual({
      running: true,
      accumulated_seconds: 0,
      elapsed_seconds: 0,
      running_since: started.updated_at,
      started_by: { id: s.world.agent.id, name: 'Agent' },
      updated_by: { id: s.world.agent.id, name: 'Agent' },
      updated_at: expect.any(Number),
    })
    await setRunningSince(s, started.running_since - 50)
    const again = await act(s, 'start', s.world.admin.token)
    expect(again).toMatchObject({
      running: true,
      running_since: started.running_since - 50,
      started_by: { id: s.world.agent.id },
      updated_by: { id: s.world.agent.id },
    })
    expect(again.elapsed_seconds).toBeGreaterThanOrEqual(50)
  })

  it('adds each run to the total on stop; stopping a stopped stopwatch changes nothing', async () => {
    const s = await funnelWorld()
    await act(s, 'start')
    await setRunningSince(s, 1_700_000_000)
    const stopped = await act(s, 'stop', s.world.agent.token)
    expect(stopped).toMatchObject({
      running: false,
      running_since: null,
      accumulated_seconds: stopped.updated_at - 1_700_000_000,
      updated_by: { id: s.world.agent.id, name: 'Agent' },
    })
    expect(stopped.elapsed_seconds).toBe(stopped.accumulated_seconds)
    const first = stopped.accumulated_seconds
    const twice = await act(s, 'stop')
    expect(twice).toEqual(stopped)
    const restarted = await act(s, 'start')
    await setRunningSince(s, restarted.running_since - 90)
    const second = await act(s, 'stop')
    expect(second.accumulated_seconds).toBe(
      first + (second.updated_at - (restarted.running_since - 90)),
    )
    const shown = await api(path(s), { token: s.world.admin.token })
    expect(shown.json).toEqual(second)
  })

  it('resets to zero and stops', async () => {
    const s = await funnelWorld()
    await act(s, 'start')
    await setRunningSince(s, 1_700_000_000)
    await act(s, 'stop')
    await act(s, 'start')
    const reset = await act(s, 'reset', s.world.agent.token)
    expect(reset).toMatchObject({
      running: false,
      accumulated_seconds: 0,
      elapsed_seconds: 0,
      running_since: null,
      started_by: null,
      updated_by: { id: s.world.agent.id },
    })
    expect((await act(s, 'reset')).accumulated_seconds).toBe(0)
  })

  it('answers 404 for an unknown conversation and 403 to an agent outside the inbox, changing nothing', async () => {
    const s = await funnelWorld()
    await act(s, 'start')
    const before = await rowsOf('stopwatches', s.conversation.id)
    const missing = accountPath(
      s.world,
      `/conversations/${s.conversation.displayId + 1000}/stopwatch`,
    )
    expectError(await api(missing, { token: s.world.admin.token }), 404)
    expectError(await api(`${missing}/start`, { method: 'POST', token: s.world.admin.token }), 404)
    await (await accountDb(s.world.accountId))
      .prepare('delete from inbox_members where inbox_id = ?')
      .bind(s.conversation.inboxId)
      .run()
    const token = s.world.agent.token
    expectError(await api(path(s), { token }), 403, 'forbidden')
    for (const action of ['start', 'stop', 'reset']) {
      expectError(await api(path(s, action), { method: 'POST', token }), 403, 'forbidden')
    }
    expectError(await api(path(s, 'stop'), { method: 'POST' }), 401)
    expect(await rowsOf('stopwatches', s.conversation.id)).toEqual(before)
  })
})
