import { env, evictDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { conversationPath } from '../conversation-helpers'
import { api, type World } from '../helpers'
import {
  assigneesOf,
  assignmentScene,
  expectAssignees,
  insertPolicy,
  setAvailability,
} from './assignment-helpers'

const resolve = (world: World, id: number) =>
  api(`${conversationPath(world, id)}/toggle_status`, {
    token: world.admin.token,
    body: { status: 'resolved' },
  })

const assign = (world: World, id: number, assigneeId: number | null) =>
  api(`${conversationPath(world, id)}/assignments`, {
    token: world.admin.token,
    body: { assignee_id: assigneeId },
  })

describe('the waiting queue', () => {
  it('gives the oldest waiting conversation to the agent whose conversation was resolved', async () => {
    const scene = await assignmentScene(1)
    const [a] = scene.agents
    await insertPolicy(scene.world, [a], { inboxId: scene.inboxId, inboxLimit: 1 })
    await setAvailability(scene.world, a, 'online')
    const first = await scene.open()
    await expectAssignees(scene.world, [first.id], [a.id])
    const second = await scene.open()
    const third = await scene.open()
    await setAvailability(scene.world, a, 'online')
    expect(await assigneesOf(scene.world, [second.id, third.id])).toEqual([null, null])
    expect((await resolve(scene.world, first.id)).status).toBe(200)
    await expectAssignees(scene.world, [second.id, third.id], [a.id, null])
  })

  it('is drained oldest first when an agent goes online', async () => {
    const scene = await assignmentScene(1)
    const [a] = scene.agents
    await insertPolicy(scene.world, [a], { inboxId: scene.inboxId, inboxLimit: 2 })
    const waiting = [await scene.open(), await scene.open(), await scene.open()]
    await setAvailability(scene.world, a, 'online')
    expect(
      await assigneesOf(
        scene.world,
        waiting.map((c) => c.id),
      ),
    ).toEqual([a.id, a.id, null])
  })

  it('is drained when an administrator raises the inbox limit', async () => {
    const scene = await assignmentScene(1)
    const [a] = scene.agents
    const policyId = await insertPolicy(scene.world, [a], {
      inboxId: scene.inboxId,
      inboxLimit: 1,
    })
    await setAvailability(scene.world, a, 'online')
    const first = await scene.open()
    await expectAssignees(scene.world, [first.id], [a.id])
    const second = await scene.open()
    await setAvailability(scene.world, a, 'online')
    expect(await assigneesOf(scene.world, [second.id])).toEqual([null])
    const base = `/api/v1/accounts/${scene.world.accountId}/agent_capacity_policies/${policyId}`
    const [limit] = (await api(base, { token: scene.world.admin.token })).json.inbox_capacity_limits
    const res = await api(`${base}/inbox_limits/${limit.id}`, {
      token: scene.world.admin.token,
      method: 'PATCH',
      body: { conversation_limit: 2 },
    })
    expect(res.status).toBe(200)
    expect(await assigneesOf(scene.world, [second.id])).toEqual([a.id])
  })

  it('never undoes an assignment made by hand', async () => {
    const scene = await assignmentScene(2)
    const [a, b] = scene.agents
    await setAvailability(scene.world, a, 'online')
    const conversation = await scene.open()
    await expectAssignees(scene.world, [conversation.id], [a.id])
    expect((await assign(scene.world, conversation.id, b.id)).status).toBe(200)
    await setAvailability(scene.world, a, 'online')
    await setAvailability(scene.world, b, 'online')
    expect(await assigneesOf(scene.world, [conversation.id])).toEqual([b.id])
  })

  it('leaves a conversation unassigned by hand alone until the visitor writes again', async () => {
    const scene = await assignmentScene(1)
    const [a] = scene.agents
    await setAvailability(scene.world, a, 'online')
    const conversation = await scene.open()
    await expectAssignees(scene.world, [conversation.id], [a.id])
    expect((await assign(scene.world, conversation.id, null)).status).toBe(200)
    await setAvailability(scene.world, a, 'online')
    expect(await assigneesOf(scene.world, [conversation.id])).toEqual([null])
    const message = await api(`${conversationPath(scene.world, conversation.id)}/messages`, {
      token: scene.world.admin.token,
      body: { content: 'Anyone there?', message_type: 'incoming' },
    })
    expect(message.status).toBe(200)
    await expectAssignees(scene.world, [conversation.id], [a.id])
  })

  it('keeps its round-robin turn and its waiting conversations across a restart', async () => {
    const scene = await assignmentScene(2)
    const [a, b] = scene.agents
    await insertPolicy(scene.world, [a, b], { inboxId: scene.inboxId, inboxLimit: 1 })
    await setAvailability(scene.world, a, 'online')
    await setAvailability(scene.world, b, 'online')
    const queue = () => env.ASSIGNMENT_QUEUE.getByName(`${scene.world.accountId}:${scene.inboxId}`)
    const first = await scene.open()
    await expectAssignees(scene.world, [first.id], [a.id])
    await evictDurableObject(queue())
    // A fresh instance remembers that a had the last turn.
    const second = await scene.open()
    await expectAssignees(scene.world, [second.id], [b.id])
    const third = await scene.open()
    await setAvailability(scene.world, a, 'online')
    expect(await assigneesOf(scene.world, [third.id])).toEqual([null])
    await evictDurableObject(queue())
    // The waiting conversation was D1's all along: the restarted queue still gives it out.
    expect((await resolve(scene.world, first.id)).status).toBe(200)
    await expectAssignees(scene.world, [third.id], [a.id])
  })
})
