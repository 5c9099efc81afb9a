import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  fireStageAlert,
  nextStageAlertDueAt,
  stageAlertDueAt,
} from '../../../worker/funnels/stage-alerts'
import { conversationPath, funnelWorld, placeOk, rowsOf } from '../funnel-helpers'
import { api, shardOfRow } from '../helpers'
import { conversationEvents } from '../product-helpers'

const workerEnv = env as unknown as Env

type Message = {
  message_type: number
  content: string
  sender_type: string | null
  sender_id: number | null
  private: number
}

/** A conversation placed in the 60-minute "Proposal" stage; returns its placement. */
async function placedInProposal() {
  const s = await funnelWorld()
  const placement = await placeOk(s.world, s.conversation, s.funnel.id, s.stages.proposal.id)
  return { ...s, placement: placement as { id: number; entered_at: number } }
}

const alertEvents = async (conversationId: number) =>
  (await conversationEvents(conversationId)).filter((e) =>
    e.changedAttributes.some((c) => 'stage_time_limit_exceeded' in (c as object)),
  )

describe('stage time-limit alerts', () => {
  it('computes the due time from the stay and the limit', () => {
    expect(stageAlertDueAt(1_700_000_000, 60)).toBe((1_700_000_000 + 3600) * 1000)
    expect(stageAlertDueAt(1_700_000_000, null)).toBeNull()
  })

  it('is not due before the limit, then alerts once with an activity message and an event', async () => {
    const s = await placedInProposal()
    const { placement, conversation } = s
    const due = placement.entered_at + 3600
    expect(await nextStageAlertDueAt(workerEnv, placement.id)).toBe(due * 1000)
    expect(await fireStageAlert(workerEnv, placement.id, due - 1)).toBe('not_due')
    expect(await rowsOf('messages', conversation.id)).toEqual([])
    expect(await fireStageAlert(workerEnv, placement.id, due)).toBe('alerted')
    const messages = await rowsOf<Message>('messages', conversation.id)
    expect(messages).toEqual([
      expect.objectContaining({
        message_type: 2,
        content: 'Conversation has been in stage Proposal longer than 60 minutes',
        sender_type: null,
        sender_id: null,
        private: 0,
      }),
    ])
    expect(await alertEvents(conversation.id)).toEqual([
      expect.objectContaining({
        kind: 'conversation_updated',
        inboxId: conversation.inboxId,
        contactId: conversation.contactId,
        changedAttributes: [
          {
            stage_time_limit_exceeded: {
              previous_value: false,
              current_value: {
                funnel_id: s.funnel.id,
                stage_id: s.stages.proposal.id,
                limit_minutes: 60,
              },
            },
          },
        ],
      }),
    ])
    const [row] = await rowsOf<{ alerted_at: number }>('conversation_stages', conversation.id)
    expect(row?.alerted_at).toBe(due)
    // The conversation's events are on its shard, the one its id names.
    const published = await shardOfRow(conversation.id)
      .prepare(
        'select count(*) as n from events where conversation_id = ? and published_at is null',
      )
      .bind(conversation.id)
      .first<{ n: number }>()
    expect(published?.n).toBe(0)
    const listed = await api(conversationPath(s.world, conversation, '/funnel_stages'), {
      token: s.world.admin.token,
    })
    expect(listed.json.payload[0].alerted_at).toBe(due)

    // Idempotent: a second run, later, does nothing.
    expect(await fireStageAlert(workerEnv, placement.id, due + 600)).toBe('skipped')
    expect(await rowsOf('messages', conversation.id)).toHaveLength(1)
    expect(await alertEvents(conversation.id)).toHaveLength(1)
    expect(await nextStageAlertDueAt(workerEnv, placement.id)).toBeNull()
  })

  it('writes exactly one alert when runs race', async () => {
    const { placement, conversation } = await placedInProposal()
    const now = placement.entered_at + 7200
    const results = await Promise.all([
      fireStageAlert(workerEnv, placement.id, now),
      fireStageAlert(workerEnv, placement.id, now),
      fireStageAlert(workerEnv, placement.id, now),
    ])
    expect(results.filter((r) => r === 'alerted')).toHaveLength(1)
    expect(results.filter((r) => r === 'skipped')).toHaveLength(2)
    expect(await rowsOf('messages', conversation.id)).toHaveLength(1)
    expect(await alertEvents(conversation.id)).toHaveLength(1)
  })

  it('does nothing for a placement that moved since, or left the funnel', async () => {
    const s = await placedInProposal()
    const { world, conversation, funnel, stages, placement } = s
    const later = placement.entered_at + 7200
    // Moving back to Lead and returning to Proposal is a new stay with its own alert.
    await placeOk(world, conversation, funnel.id, stages.lead.id)
    const back = await placeOk(
      world,
      conversation,
      funnel.id,
      stages.proposal.id,
      world.admin.token,
      { force: true },
    )
    expect(await fireStageAlert(workerEnv, placement.id, later)).toBe('skipped')
    expect(await nextStageAlertDueAt(workerEnv, placement.id)).toBeNull()
    expect(await rowsOf('messages', conversation.id)).toEqual([])
    expect(await fireStageAlert(workerEnv, back.id, back.entered_at + 3599)).toBe('not_due')
    await api(conversationPath(world, conversation, `/funnel_stage?funnel_id=${funnel.id}`), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(await fireStageAlert(workerEnv, back.id, later + 7200)).toBe('skipped')
    expect(await rowsOf('messages', conversation.id)).toEqual([])
    expect(await alertEvents(conversation.id)).toEqual([])
  })

  it('skips stages without a limit and unknown placements', async () => {
    const s = await funnelWorld()
    const placement = await placeOk(s.world, s.conversation, s.funnel.id, s.stages.won.id)
    expect(await fireStageAlert(workerEnv, placement.id, placement.entered_at + 10 ** 8)).toBe(
      'skipped',
    )
    expect(await nextStageAlertDueAt(workerEnv, placement.id)).toBeNull()
    expect(await fireStageAlert(workerEnv, 99_999_999, 2_000_000_000)).toBe('skipped')
    expect(await rowsOf('messages', s.conversation.id)).toEqual([])
  })

  it('uses the stage limit as it is when the alert runs', async () => {
    const s = await placedInProposal()
    const { world, funnel, stages, placement, conversation } = s
    const res = await api(
      `/api/v1/accounts/${world.accountId}/funnels/${funnel.id}/stages/${stages.proposal.id}`,
      {
        method: 'PATCH',
        token: world.admin.token,
        body: { time_limit_minutes: 120 },
      },
    )
    expect(res.status).toBe(200)
    expect(await nextStageAlertDueAt(workerEnv, placement.id)).toBe(
      (placement.entered_at + 7200) * 1000,
    )
    expect(await fireStageAlert(workerEnv, placement.id, placement.entered_at + 3600)).toBe(
      'not_due',
    )
    expect(await fireStageAlert(workerEnv, placement.id, placement.entered_at + 7200)).toBe(
      'alerted',
    )
    const [message] = await rowsOf<Message>('messages', conversation.id)
    expect(message?.content).toBe('Conversation has been in stage Proposal longer than 120 minutes')
  })
})
