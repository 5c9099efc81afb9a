import { describe, expect, it } from 'vitest'
import { REPORT_SPANS } from '../../../worker/db/queries/reporting-events'
import {
  conversationPath,
  conversationRow,
  createScene,
  insertTeam,
  messageRows,
  postMessage,
} from '../conversation-helpers'
import { accountDb, api } from '../helpers'
import { conversationsOf, createVisitor, publicScene, startConversation } from '../public-helpers'
import { eventRows, getReport, rollupRows } from './report-helpers'

/**
 * The rollups hold exactly the events' sums: recomputed here from the events, per dimension,
 * hour and day, the long way round.
 */
async function expectRollupsMatchEvents(accountId: number) {
  const expected = new Map<string, { count: number; total: number }>()
  for (const e of await eventRows(accountId)) {
    const dims = [
      ['account', 0],
      ['agent', e.user_id],
      ['inbox', e.inbox_id],
      ['team', e.team_id],
    ] as const
    for (const [dimension, id] of dims) {
      if (id === null) continue
      for (const span of REPORT_SPANS) {
        const key = `${dimension}|${id}|${e.name}|${span}|${e.created_at - (e.created_at % span)}`
        const sum = expected.get(key) ?? { count: 0, total: 0 }
        sum.count += 1
        sum.total += e.value ?? 0
        expected.set(key, sum)
      }
    }
  }
  const actual = new Map(
    (await rollupRows(accountId))
      .filter((r) => r.count !== 0 || r.total !== 0)
      .map((r) => [
        `${r.dimension}|${r.dimension_id}|${r.name}|${r.span}|${r.bucket}`,
        { count: r.count, total: r.total },
      ]),
  )
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected))
}

describe('reporting events written with each change', () => {
  it('follow a conversation from creation through replies, a note, assignment and resolution', async () => {
    const scene = await createScene()
    const { world } = scene
    const team = await insertTeam(world.accountId)
    const conversation = await scene.conversation({ team_id: team.id })
    const path = conversationPath(world, conversation.id)
    const stored = await conversationRow(world.accountId, conversation.id)
    if (!stored) throw new Error('no conversation row')
    const row = { id: stored.id as number, created_at: stored.created_at as number }
    // The wait the reply ends: from the conversation's waiting_since, which a visitor's new
    // conversation already has, else from the first incoming message (as in Chatwoot).
    const waitingSince = stored.waiting_since as number | null

    expect(
      (await postMessage(world, conversation.id, { content: 'Hi?', message_type: 'incoming' }))
        .status,
    ).toBe(200)
    expect(
      (await postMessage(world, conversation.id, { content: 'Hello!' }, world.agent.token)).status,
    ).toBe(200)
    expect(
      (await postMessage(world, conversation.id, { content: 'VIP', private: true })).status,
    ).toBe(200)
    expect(
      (await postMessage(world, conversation.id, { content: 'More?' }, world.agent.token)).status,
    ).toBe(200)
    const assigned = await api(`${path}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.agent.id },
    })
    expect(assigned.status).toBe(200)
    const resolved = await api(`${path}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'resolved' },
    })
    expect(resolved.status).toBe(200)

    const messages = await messageRows(row.id)
    const at = (content: string) =>
      messages.find((m) => m.content === content)?.created_at as number
    const resolvedAt = (await conversationRow(world.accountId, conversation.id))
      ?.updated_at as number
    const base = { inbox_id: scene.inboxId, team_id: team.id }
    expect(await eventRows(world.accountId)).toEqual([
      // Moved to the agent by the assignment: conversations count for whoever holds them now.
      {
        ...base,
        name: 'conversation_created',
        value: null,
        user_id: world.agent.id,
        created_at: row.created_at,
      },
      { ...base, name: 'incoming_message', value: null, user_id: null, created_at: at('Hi?') },
      {
        ...base,
        name: 'outgoing_message',
        value: null,
        user_id: world.agent.id,
        created_at: at('Hello!'),
      },
      {
        ...base,
        name: 'first_response',
        value: at('Hello!') - row.created_at,
        user_id: world.agent.id,
        created_at: at('Hello!'),
      },
      {
        ...base,
        name: 'reply_time',
        value: at('Hello!') - (waitingSince ?? at('Hi?')),
        user_id: world.agent.id,
        created_at: at('Hello!'),
      },
      // A private note is an outgoing message, but neither a response nor a reply.
      {
        ...base,
        name: 'outgoing_message',
        value: null,
        user_id: world.admin.id,
        created_at: at('VIP'),
      },
      {
        ...base,
        name: 'outgoing_message',
        value: null,
        user_id: world.agent.id,
        created_at: at('More?'),
      },
      {
        ...base,
        name: 'conversation_resolved',
        value: resolvedAt - row.created_at,
        user_id: world.agent.id,
        created_at: resolvedAt,
      },
    ])
    await expectRollupsMatchEvents(world.accountId)

    const agent = await getReport(
      world.accountId,
      `reports/summary?type=agent&id=${world.agent.id}`,
      world.admin.token,
    )
    expect(agent).toMatchObject({
      conversations_count: 1,
      outgoing_messages_count: 2,
      resolutions_count: 1,
      avg_first_response_time: at('Hello!') - row.created_at,
    })
  })

  it("count a visitor's conversation and messages from the widget, and a reopening resolves again", async () => {
    const { world, inbox } = await publicScene()
    const visitor = await createVisitor(inbox)
    const started = await startConversation(inbox, visitor)
    const sent = await inbox.call(`${conversationsOf(visitor)}/${started.displayId}/messages`, {
      body: { content: 'Anyone there?' },
    })
    expect(sent.status).toBe(200)
    const path = conversationPath(world, started.displayId)
    for (const status of ['resolved', 'open', 'resolved']) {
      const res = await api(`${path}/toggle_status`, { token: world.admin.token, body: { status } })
      expect(res.status).toBe(200)
    }
    const names = (await eventRows(world.accountId)).map((e) => e.name)
    expect(names).toEqual([
      'conversation_created',
      'incoming_message',
      'conversation_resolved',
      'conversation_resolved',
    ])
    await expectRollupsMatchEvents(world.accountId)
  })

  it("count an agent's outbound conversation with its first message as answered at once", async () => {
    const scene = await createScene()
    const { world } = scene
    const created = await scene.conversation(
      { message: { content: 'We shipped your order' }, assignee_id: world.agent.id },
      world.admin.token,
    )
    expect(created.id).toBeGreaterThan(0)
    const events = await eventRows(world.accountId)
    expect(events.map((e) => [e.name, e.value, e.user_id])).toEqual([
      ['conversation_created', null, world.agent.id],
      ['outgoing_message', null, world.admin.id],
      ['first_response', 0, world.agent.id],
    ])
    await expectRollupsMatchEvents(world.accountId)
  })

  it('take nothing back when a conversation is deleted: a report records what happened', async () => {
    const scene = await createScene()
    const { world } = scene
    const conversation = await scene.conversation()
    await postMessage(world, conversation.id, { content: 'Hi', message_type: 'incoming' })
    const deleted = await api(conversationPath(world, conversation.id), {
      token: world.admin.token,
      method: 'DELETE',
    })
    expect(deleted.status).toBe(200)
    const summary = await getReport(world.accountId, 'reports/summary', world.admin.token)
    expect(summary).toMatchObject({ conversations_count: 1, incoming_messages_count: 1 })
    const { results } = await (await accountDb(world.accountId))
      .prepare('select count(*) as n from conversations where account_id = ?')
      .bind(world.accountId)
      .all<{ n: number }>()
    expect(results[0]?.n).toBe(0)
  })
})
