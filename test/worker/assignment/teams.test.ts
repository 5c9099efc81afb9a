import { describe, expect, it } from 'vitest'
import { conversationsPath } from '../conversation-helpers'
import { api, uniq, type World } from '../helpers'
import {
  type AssignmentScene,
  assigneesOf,
  assignmentScene,
  setAvailability,
} from './assignment-helpers'

async function createTeam(world: World, allowAutoAssign: boolean, memberIds: number[]) {
  const team = await api(`/api/v1/accounts/${world.accountId}/teams`, {
    token: world.admin.token,
    body: { name: uniq('team'), allow_auto_assign: allowAutoAssign },
  })
  expect(team.status).toBe(200)
  const members = await api(
    `/api/v1/accounts/${world.accountId}/teams/${team.json.id}/team_members`,
    {
      token: world.admin.token,
      body: { user_ids: memberIds },
    },
  )
  expect(members.status).toBe(200)
  return team.json.id as number
}

/** A new conversation of the scene's inbox and contact, given to `teamId`. */
async function openForTeam(scene: AssignmentScene, teamId: number) {
  const res = await api(conversationsPath(scene.world), {
    token: scene.world.admin.token,
    body: { inbox_id: scene.inboxId, contact_id: scene.contactId, team_id: teamId },
  })
  expect(res.status).toBe(200)
  return res.json.id as number
}

describe('auto-assignment and teams', () => {
  it("gives a conversation of a team that allows auto-assignment to that team's members only", async () => {
    const scene = await assignmentScene(3)
    for (const agent of scene.agents) await setAvailability(scene.world, agent, 'online')
    const [, b, c] = scene.agents
    const teamId = await createTeam(scene.world, true, [c.id])
    const ids = [await openForTeam(scene, teamId), await openForTeam(scene, teamId)]
    await expect.poll(() => assigneesOf(scene.world, ids)).toEqual([c.id, c.id])
    // The team's conversations took no turn from the inbox's round robin of everyone else.
    const other = (await scene.open()).id
    await expect.poll(async () => (await assigneesOf(scene.world, [other]))[0]).not.toBeNull()
    expect([scene.agents[0].id, b.id]).toContain((await assigneesOf(scene.world, [other]))[0])
  })

  it("leaves a team's conversation waiting while none of its members is online, and gives it to the first who comes online", async () => {
    const scene = await assignmentScene(2)
    const [a, b] = scene.agents
    await setAvailability(scene.world, a, 'online')
    const teamId = await createTeam(scene.world, true, [b.id])
    const id = await openForTeam(scene, teamId)
    // a is online and free, but not of the team: the decision is made within the request.
    await setAvailability(scene.world, a, 'online')
    expect(await assigneesOf(scene.world, [id])).toEqual([null])
    await setAvailability(scene.world, b, 'online')
    await expect.poll(() => assigneesOf(scene.world, [id])).toEqual([b.id])
  })

  it('ignores a team that does not allow auto-assignment: the inbox members take turns', async () => {
    const scene = await assignmentScene(2)
    const [a] = scene.agents
    await setAvailability(scene.world, a, 'online')
    const teamId = await createTeam(scene.world, false, [scene.agents[1].id])
    const id = await openForTeam(scene, teamId)
    await expect.poll(() => assigneesOf(scene.world, [id])).toEqual([a.id])
  })
})
