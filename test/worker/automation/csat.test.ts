import { describe, expect, it } from 'vitest'
import { csatScene, runSurvey, setStatus, surveys } from '../csat-helpers'
import { api, shardOfRow } from '../helpers'

type Row = Record<string, unknown>
const scene = csatScene

describe('CSAT survey on resolve', () => {
  it('sends one input_csat template message when a conversation with the survey on is resolved', async () => {
    const s = await scene()
    await s.inbox.call(s.path, { body: { content: 'Where is my order?' } })
    await setStatus(s, 'resolved')
    await runSurvey(s)
    const sent = await surveys(s.conversation.id)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ message_type: 3, echo_id: 'parley:csat', sender_id: null })
  })

  it('sends nothing more when the follow-up runs again, nor on a second resolve after reopening', async () => {
    const s = await scene()
    await s.inbox.call(s.path, { body: { content: 'Hello' } })
    await setStatus(s, 'resolved')
    await runSurvey(s)
    expect(await runSurvey(s)).toEqual([])
    await setStatus(s, 'open')
    await setStatus(s, 'resolved')
    expect(await runSurvey(s)).toEqual([])
    expect(await surveys(s.conversation.id)).toHaveLength(1)
  })

  it('sends none when the inbox has the survey off', async () => {
    const s = await scene({ csat_survey_enabled: false })
    await s.inbox.call(s.path, { body: { content: 'Hello' } })
    await setStatus(s, 'resolved')
    expect(await runSurvey(s)).toEqual([])
    expect(await surveys(s.conversation.id)).toHaveLength(0)
  })

  it('sends none for a conversation the contact never wrote in, nor to a blocked contact', async () => {
    const silent = await scene()
    await setStatus(silent, 'resolved')
    expect(await runSurvey(silent)).toEqual([])
    const blocked = await scene()
    await blocked.inbox.call(blocked.path, { body: { content: 'Hello' } })
    await shardOfRow(blocked.conversation.id)
      .prepare('update contacts set blocked = 1 where id = ?')
      .bind(blocked.visitor.contactId)
      .run()
    await setStatus(blocked, 'resolved')
    expect(await runSurvey(blocked)).toEqual([])
    expect(await surveys(blocked.conversation.id)).toHaveLength(0)
  })
})

describe('CSAT answers', () => {
  it('stores the answer with the contact and the assignee, and rewrites it on a second answer', async () => {
    const s = await scene()
    await s.inbox.call(s.path, { body: { content: 'Hello' } })
    await api(
      `/api/v1/accounts/${s.world.accountId}/conversations/${s.conversation.displayId}/assignments`,
      { token: s.world.admin.token, body: { assignee_id: s.world.admin.id } },
    )
    await setStatus(s, 'resolved')
    await runSurvey(s)
    const [survey] = await surveys(s.conversation.id)
    const answer = (rating: number, feedback: string) =>
      s.inbox.call(`${s.path}/${survey!.id}`, {
        method: 'PATCH',
        body: {
          submitted_values: [{ csat_survey_response: { rating, feedback_message: feedback } }],
        },
      })
    expect((await answer(2, 'slow')).status).toBe(200)
    expect((await answer(5, 'great after all')).status).toBe(200)
    const { results } = await shardOfRow(s.conversation.id)
      .prepare('select * from csat_survey_responses where message_id = ?')
      .bind(survey!.id)
      .all<Row>()
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({
      account_id: s.world.accountId,
      conversation_id: s.conversation.id,
      contact_id: s.visitor.contactId,
      assigned_agent_id: s.world.admin.id,
      rating: 5,
      feedback_message: 'great after all',
    })
  })
})
