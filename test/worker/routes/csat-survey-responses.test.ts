import { describe, expect, it } from 'vitest'
import { addInboxMember } from '../conversation-helpers'
import { answeredSurvey, csatScene, runSurvey, setStatus } from '../csat-helpers'
import { api, expectError, shardOfRow } from '../helpers'

/**
 * One account, two website inboxes with the survey on: the agent is a member of the first only.
 * Answers: 5 (admin's conversation, first inbox), 2 (agent's, first inbox), 4 (unassigned,
 * second inbox).
 */
async function answers() {
  const first = await csatScene()
  const world = first.world
  await addInboxMember(world, first.inbox.id, world.agent.id)
  const second = await csatScene({ csat_survey_enabled: true }, { world })
  const third = await csatScene(undefined, { world, inbox: first.inbox })
  await answeredSurvey(first, world.admin.id, 5, 'lovely')
  await answeredSurvey(third, world.agent.id, 2, 'slow')
  await answeredSurvey(second, null, 4, '')
  return { world, first, second, third }
}

const path = (accountId: number, tail = '') =>
  `/api/v1/accounts/${accountId}/csat_survey_responses${tail}`

describe('GET …/csat_survey_responses', () => {
  it("lists answers newest first in Chatwoot's shape, filtered as Chatwoot filters them", async () => {
    const { world, first, second, third } = await answers()
    const all = await api(path(world.accountId), { token: world.admin.token })
    expect(all.status).toBe(200)
    expect(all.json.map((r: { rating: number }) => r.rating)).toEqual([4, 2, 5])
    expect(all.json[2]).toMatchObject({
      rating: 5,
      feedback_message: 'lovely',
      account_id: world.accountId,
      conversation_id: first.conversation.displayId,
      contact: { id: first.visitor.contactId, name: 'Mia' },
      assigned_agent: { id: world.admin.id },
    })
    expect(all.json[0].feedback_message).toBeNull()
    expect(all.json[0].assigned_agent).toBeUndefined()
    const ratings = async (query: string) =>
      (await api(path(world.accountId, query), { token: world.admin.token })).json.map(
        (r: { conversation_id: number }) => r.conversation_id,
      )
    expect(await ratings(`?user_ids[]=${world.agent.id}`)).toEqual([third.conversation.displayId])
    expect(await ratings(`?inbox_id=${second.inbox.id}`)).toEqual([second.conversation.displayId])
    expect(await ratings('?rating=5')).toEqual([first.conversation.displayId])
    expect(await ratings(`?since=${Math.floor(Date.now() / 1000) + 60}`)).toEqual([])
    expect(await ratings('?page=2')).toEqual([])
  })

  it("shows an agent only its inboxes' answers, in the list and the metrics", async () => {
    const { world, second } = await answers()
    const list = await api(path(world.accountId), { token: world.agent.token })
    expect(list.json.map((r: { rating: number }) => r.rating)).toEqual([2, 5])
    const metrics = await api(path(world.accountId, '/metrics'), { token: world.agent.token })
    expect(metrics.json).toMatchObject({ total_count: 2, total_sent_messages_count: 2 })
    const other = await api(path(world.accountId, `?inbox_id=${second.inbox.id}`), {
      token: world.agent.token,
    })
    expect(other.json).toEqual([])
  })

  it('refuses bad filters with a 422', async () => {
    const first = await csatScene()
    const { world } = first
    expectError(await api(path(world.accountId, '?rating=9'), { token: world.admin.token }), 422)
    expectError(
      await api(path(world.accountId, '?user_ids[]=abc'), { token: world.admin.token }),
      422,
    )
    expectError(
      await api(path(world.accountId, '?since=100&until=50'), { token: world.admin.token }),
      422,
    )
  })
})

describe('GET …/csat_survey_responses/metrics', () => {
  it('counts answers, answers per rating, surveys sent and the satisfaction score', async () => {
    const { world, first } = await answers()
    // A survey sent and never answered counts as sent only.
    const unanswered = await csatScene(undefined, { world, inbox: first.inbox })
    await unanswered.inbox.call(unanswered.path, { body: { content: 'Hi' } })
    await setStatus(unanswered, 'resolved')
    await runSurvey(unanswered)
    const res = await api(path(world.accountId, '/metrics'), { token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      total_count: 3,
      ratings_count: { '2': 1, '4': 1, '5': 1 },
      total_sent_messages_count: 4,
      satisfaction_score: 66.67,
      response_rate: 75,
    })
    const rows = await shardOfRow(first.conversation.id)
      .prepare('select count(*) as n from csat_survey_responses where account_id = ?')
      .bind(world.accountId)
      .first<{ n: number }>()
    expect(rows!.n).toBe(3)
  })
})
