import { describe, expect, it } from 'vitest'
import {
  type CsatAnswer,
  csatAgentRows,
  csatComments,
  csatScoreSeries,
  pageOf,
} from '../../../dashboard/src/reports/csat'

const answer = (id: number, rating: number, at: number, agentId?: number, feedback?: string) =>
  ({
    id,
    rating,
    feedback_message: feedback ?? null,
    account_id: 1,
    message_id: id,
    conversation_id: id,
    created_at: at,
    ...(agentId
      ? {
          assigned_agent: {
            id: agentId,
            name: `Agent ${agentId}`,
            available_name: `A${agentId}`,
            email: '',
            thumbnail: '',
          },
        }
      : {}),
  }) as CsatAnswer

describe('csatScoreSeries', () => {
  it('gives each period the percent of its answers rated 4 or 5, with the answers as its count', () => {
    const points = csatScoreSeries(
      [
        answer(1, 5, 150),
        answer(2, 1, 120),
        answer(3, 4, 100),
        answer(4, 3, 250),
        answer(5, 5, 50),
      ],
      [100, 200, 300],
    )
    expect(points).toEqual([
      { timestamp: 100, value: 66.7, count: 3 },
      { timestamp: 200, value: 0, count: 1 },
      { timestamp: 300, value: 0, count: 0 },
    ])
  })
})

describe('csatAgentRows', () => {
  it('counts, averages and scores each agent, answers with no agent apart, most answers first', () => {
    const rows = csatAgentRows([
      answer(1, 5, 1, 7),
      answer(2, 2, 1, 7),
      answer(3, 4, 1, 7),
      answer(4, 1, 1),
    ])
    expect(rows).toEqual([
      { id: 7, name: 'A7', count: 3, average: 3.7, satisfaction: 66.7 },
      { id: null, name: null, count: 1, average: 1, satisfaction: 0 },
    ])
  })
})

describe('csatComments and pageOf', () => {
  it('keeps answers with a comment and pages them, the page clamped to those that exist', () => {
    const comments = csatComments([
      answer(1, 5, 1, undefined, 'Great'),
      answer(2, 4, 1, undefined, '  '),
      answer(3, 2, 1),
      answer(4, 1, 1, undefined, 'Slow'),
    ])
    expect(comments.map((c) => c.id)).toEqual([1, 4])
    expect(pageOf(comments, 2, 1)).toEqual({ items: [comments[1]], page: 2, pages: 2 })
    expect(pageOf(comments, 9, 1).page).toBe(2)
    expect(pageOf([], 1, 10)).toEqual({ items: [], page: 1, pages: 1 })
  })
})
