import { describe, expect, it } from 'vitest'
import {
  connectAgentBot,
  conversationPath,
  conversationRow,
  createAgentBot,
  createScene,
  eventsOf,
  insertTeam,
  messageRows,
  snapshot,
} from '../conversation-helpers'
import { accountDb, api, createWorld, expectError } from '../helpers'

async function setup() {
  const scene = await createScene()
  const conversation = await scene.conversation()
  const row = await conversationRow(scene.world.accountId, conversation.id)
  const path = conversationPath(scene.world, conversation.id)
  return { ...scene, path, conversationId: row?.id as number, displayId: conversation.id }
}

const activityLines = async (conversationId: number) =>
  (await messageRows(conversationId)).filter((m) => m.message_type === 2).map((m) => m.content)

describe('POST /conversations/{id}/assignments', () => {
  it('assigns an agent, answering with the agent, and unassigns with null', async () => {
    const { world, path, conversationId } = await setup()
    const assigned = await api(`${path}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.agent.id },
    })
    expect(assigned.status).toBe(200)
    expect(assigned.json).toEqual({
      id: world.agent.id,
      account_id: world.accountId,
      availability_status: 'offline',
      auto_offline: true,
      confirmed: true,
      email: world.agent.email,
      provider: 'email',
      available_name: 'Agent',
      name: 'Agent',
      role: 'agent',
      thumbnail: '',
    })
    const shown = await api(path, { token: world.admin.token })
    expect(shown.json.meta).toMatchObject({
      assignee: { id: world.agent.id },
      assignee_type: 'User',
    })

    const self = await api(`${path}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.admin.id },
    })
    expect(self.json.id).toBe(world.admin.id)
    const cleared = await api(`${path}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: null },
    })
    expect(cleared.status).toBe(200)
    expect(cleared.json).toBeNull()
    expect((await api(path, { token: world.admin.token })).json.meta.assignee).toBeUndefined()
    expect(await activityLines(conversationId)).toEqual([
      'Assigned to Agent by Admin',
      'Admin self-assigned this conversation',
      'Conversation unassigned by Admin',
    ])
    const updates = (await eventsOf(conversationId)).filter(
      (e) => e.kind === 'conversation_updated',
    )
    expect(updates.map((e) => e.changed_attributes[0])).toEqual([
      { assignee_id: { previous_value: null, current_value: world.agent.id } },
      { assignee_id: { previous_value: world.agent.id, current_value: world.admin.id } },
      { assignee_id: { previous_value: world.admin.id, current_value: null } },
    ])
  })

  it('refuses a user outside the account or an unknown team with 422, changing nothing', async () => {
    const { world, path, conversationId } = await setup()
    const other = await createWorld()
    const foreignTeam = await insertTeam(other.accountId)
    const before = await snapshot(conversationId)
    for (const body of [
      { assignee_id: other.agent.id },
      { assignee_id: 99_999_999 },
      { team_id: foreignTeam.id },
      { assignee_id: 'me' },
    ]) {
      expectError(await api(`${path}/assignments`, { token: world.admin.token, body }), 422)
    }
    expect(await snapshot(conversationId)).toEqual(before)
  })

  it('assigns and removes a team, answering with the team or null', async () => {
    const { world, path, conversationId } = await setup()
    const team = await insertTeam(world.accountId, 'sales')
    const res = await api(`${path}/assignments`, {
      token: world.agent.token,
      body: { team_id: team.id },
    })
    expect(res.json).toEqual({
      id: team.id,
      name: 'sales',
      description: 'A team',
      allow_auto_assign: true,
      account_id: world.accountId,
    })
    expect((await api(path, { token: world.admin.token })).json.meta.team.id).toBe(team.id)
    const removed = await api(`${path}/assignments`, {
      token: world.agent.token,
      body: { team_id: null },
    })
    expect(removed.json).toBeNull()
    expect((await conversationRow(world.accountId, 1))?.team_id).toBeNull()
    expect(await activityLines(conversationId)).toEqual([
      'Assigned to sales by Agent',
      'Unassigned from sales by Agent',
    ])
    const nothing = await api(`${path}/assignments`, { token: world.agent.token, body: {} })
    expect(nothing.status).toBe(200)
    expect(nothing.json).toBeNull()
  })

  it('lets an agent bot assign', async () => {
    const { world, path, inboxId } = await setup()
    const bot = await createAgentBot(world)
    await connectAgentBot(world, inboxId, bot.id)
    const res = await api(`${path}/assignments`, {
      token: bot.token,
      body: { assignee_id: world.agent.id },
    })
    expect(res.json.id).toBe(world.agent.id)
  })
})

describe('conversation labels', () => {
  it('lists and replaces labels, keeping the label rows in step', async () => {
    const { world, path, conversationId } = await setup()
    expect((await api(`${path}/labels`, { token: world.agent.token })).json).toEqual({
      payload: [],
    })
    const set = await api(`${path}/labels`, {
      token: world.agent.token,
      body: { labels: ['billing', 'vip', 'billing'] },
    })
    expect(set.json).toEqual({ payload: ['billing', 'vip'] })
    const replaced = await api(`${path}/labels`, {
      token: world.agent.token,
      body: { labels: ['vip', 'refund'] },
    })
    expect(replaced.json).toEqual({ payload: ['vip', 'refund'] })
    expect((await api(`${path}/labels`, { token: world.admin.token })).json.payload).toEqual([
      'vip',
      'refund',
    ])
    expect((await api(path, { token: world.admin.token })).json.labels).toEqual(['vip', 'refund'])
    const rows = await (await accountDb(world.accountId))
      .prepare(
        'select label, account_id from conversation_labels where conversation_id = ? order by label',
      )
      .bind(conversationId)
      .all<{ label: string; account_id: number }>()
    expect(rows.results).toEqual([
      { label: 'refund', account_id: world.accountId },
      { label: 'vip', account_id: world.accountId },
    ])
    const updates = (await eventsOf(conversationId)).filter(
      (e) => e.kind === 'conversation_updated',
    )
    expect(updates.at(-1)?.changed_attributes[0]).toEqual({
      labels: { previous_value: ['billing', 'vip'], current_value: ['vip', 'refund'] },
    })
    expect(await activityLines(conversationId)).toEqual([
      'Agent added billing, vip',
      'Agent added refund',
      'Agent removed billing',
    ])
    const cleared = await api(`${path}/labels`, { token: world.agent.token, body: { labels: [] } })
    expect(cleared.json).toEqual({ payload: [] })
  })

  it('refuses more than 100 labels, over-long ones and a missing list, changing nothing', async () => {
    const { world, path, conversationId } = await setup()
    await api(`${path}/labels`, { token: world.admin.token, body: { labels: ['keep'] } })
    const before = await snapshot(conversationId)
    for (const body of [
      { labels: Array.from({ length: 101 }, (_, i) => `l${i}`) },
      { labels: ['x'.repeat(256)] },
      { labels: [''] },
      { labels: 'vip' },
      {},
    ]) {
      expectError(await api(`${path}/labels`, { token: world.admin.token, body }), 422)
    }
    expect(await snapshot(conversationId)).toEqual(before)
    const hundred = Array.from({ length: 100 }, (_, i) => `label-${i}`)
    const ok = await api(`${path}/labels`, { token: world.admin.token, body: { labels: hundred } })
    expect(ok.json.payload).toHaveLength(100)
  })
})
