import { describe, expect, it } from 'vitest'
import {
  assigneesOf,
  assignmentScene,
  expectAssignees,
  insertPolicy,
  setAvailability,
} from './assignment-helpers'

describe('auto-assignment', () => {
  it('gives new conversations to the online inbox members in round-robin order', async () => {
    const scene = await assignmentScene(3)
    for (const agent of scene.agents) await setAvailability(scene.world, agent, 'online')
    const [a, b, c] = scene.agents.map((agent) => agent.id)
    const ids: number[] = []
    for (let i = 0; i < 6; i++) {
      ids.push((await scene.open()).id)
      await expect.poll(async () => (await assigneesOf(scene.world, ids)).at(-1)).not.toBeNull()
    }
    expect(await assigneesOf(scene.world, ids)).toEqual([a, b, c, a, b, c])
  })

  it('skips members who are offline or busy', async () => {
    const scene = await assignmentScene(3)
    const [a, b, c] = scene.agents
    await setAvailability(scene.world, a, 'online')
    await setAvailability(scene.world, b, 'busy')
    await setAvailability(scene.world, c, 'online')
    const ids: number[] = []
    for (let i = 0; i < 4; i++) {
      ids.push((await scene.open()).id)
      await expect.poll(async () => (await assigneesOf(scene.world, ids)).at(-1)).not.toBeNull()
    }
    expect(await assigneesOf(scene.world, ids)).toEqual([a.id, c.id, a.id, c.id])
  })

  it('never puts an agent over capacity when ten conversations arrive at once, and skips no one', async () => {
    const scene = await assignmentScene(2)
    const [a, b] = scene.agents
    await insertPolicy(scene.world, [a, b], { inboxId: scene.inboxId, inboxLimit: 3 })
    for (const agent of scene.agents) await setAvailability(scene.world, agent, 'online')
    const created = await Promise.all(Array.from({ length: 10 }, () => scene.open()))
    const ids = created.map((c) => c.id).sort((x, y) => x - y)
    await expect
      .poll(async () => (await assigneesOf(scene.world, ids)).filter((x) => x !== null).length, {
        timeout: 10_000,
      })
      .toBe(6)
    const assignees = await assigneesOf(scene.world, ids)
    expect(assignees.filter((x) => x === a.id)).toHaveLength(3)
    expect(assignees.filter((x) => x === b.id)).toHaveLength(3)
    // The oldest six went; the four youngest wait in Unassigned.
    expect(assignees.slice(6)).toEqual([null, null, null, null])
  })

  it("holds to the policy's account-wide limit", async () => {
    const scene = await assignmentScene(1)
    const [a] = scene.agents
    await insertPolicy(scene.world, [a], { overall: 1 })
    await setAvailability(scene.world, a, 'online')
    const first = await scene.open()
    await expectAssignees(scene.world, [first.id], [a.id])
    const second = await scene.open()
    // Going online again drains the queue within the request: the decision has been made.
    await setAvailability(scene.world, a, 'online')
    expect(await assigneesOf(scene.world, [second.id])).toEqual([null])
  })

  it('assigns nothing in an inbox with auto-assignment off', async () => {
    const scene = await assignmentScene(1, { enable_auto_assignment: false })
    await setAvailability(scene.world, scene.agents[0], 'online')
    const conversation = await scene.open()
    await setAvailability(scene.world, scene.agents[0], 'online')
    expect(await assigneesOf(scene.world, [conversation.id])).toEqual([null])
  })
})
