import { describe, expect, it } from 'vitest'
import {
  type AssignmentScene,
  assignmentScene,
  insertPolicy,
} from '../assignment/assignment-helpers'
import { conversationPath, createInbox } from '../conversation-helpers'
import { api, createWorld, expectError, type User } from '../helpers'

const capacityPath = (scene: AssignmentScene, agent: { id: number }, inboxId?: number) =>
  `/api/v1/accounts/${scene.world.accountId}/agents/${agent.id}/capacity${
    inboxId === undefined ? '' : `?inbox_id=${inboxId}`
  }`

/** Two open conversations of the inbox assigned by hand to `agent`. */
async function giveTwo(scene: AssignmentScene, agent: User) {
  for (let i = 0; i < 2; i++) {
    const conversation = await scene.open()
    const res = await api(`${conversationPath(scene.world, conversation.id)}/assignments`, {
      token: scene.world.admin.token,
      body: { assignee_id: agent.id },
    })
    expect(res.status).toBe(200)
  }
}

describe('an agent capacity', () => {
  it("tells an agent their room under their policy's limits, as Chatwoot's capacity endpoint", async () => {
    const scene = await assignmentScene(1, { enable_auto_assignment: false })
    const [a] = scene.agents
    await insertPolicy(scene.world, [a], { inboxId: scene.inboxId, inboxLimit: 2, overall: 3 })
    await giveTwo(scene, a)
    const inInbox = await api(capacityPath(scene, a, scene.inboxId), { token: a.token })
    expect(inInbox.status).toBe(200)
    expect(inInbox.json).toEqual({
      has_capacity: false,
      overall_capacity: 1,
      inbox_capacity: 0,
      current_conversations_count: 2,
      inbox_conversations_count: 2,
    })
    const overall = await api(capacityPath(scene, a), { token: a.token })
    expect(overall.json).toEqual({
      has_capacity: true,
      overall_capacity: 1,
      inbox_capacity: null,
      current_conversations_count: 2,
    })
  })

  it('is unlimited (null) for an agent under no policy', async () => {
    const scene = await assignmentScene(1, { enable_auto_assignment: false })
    const [a] = scene.agents
    await giveTwo(scene, a)
    const res = await api(capacityPath(scene, a, scene.inboxId), { token: a.token })
    expect(res.json).toEqual({
      has_capacity: true,
      overall_capacity: null,
      inbox_capacity: null,
      current_conversations_count: 2,
      inbox_conversations_count: 2,
    })
  })

  it("lets an administrator read anyone's, and refuses an agent another agent's", async () => {
    const scene = await assignmentScene(2, { enable_auto_assignment: false })
    const [a, b] = scene.agents
    await insertPolicy(scene.world, [a], { overall: 5 })
    const byAdmin = await api(capacityPath(scene, a), { token: scene.world.admin.token })
    expect(byAdmin.json).toMatchObject({ has_capacity: true, overall_capacity: 5 })
    expectError(await api(capacityPath(scene, a), { token: b.token }), 403, 'forbidden')
  })

  it("answers 404 for another account's agent or inbox", async () => {
    const scene = await assignmentScene(1, { enable_auto_assignment: false })
    const [a] = scene.agents
    const other = await createWorld()
    const otherInbox = await createInbox(other)
    const path = `/api/v1/accounts/${other.accountId}/agents/${a.id}/capacity`
    expectError(await api(path, { token: other.admin.token }), 404, 'not_found')
    const foreignInbox = await api(capacityPath(scene, a, otherInbox.id), { token: a.token })
    expectError(foreignInbox, 404, 'not_found')
  })
})
