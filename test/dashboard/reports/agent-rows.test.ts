import { describe, expect, it } from 'vitest'
import type { Agent } from '../../../dashboard/src/api/schema'
import { agentRows, sortAgentRows } from '../../../dashboard/src/reports/agent-rows'
import { smallReport } from './fixtures'

const agent = (id: number, name: string) => ({ id, name, available_name: '' }) as Agent

describe("the agents' rows", () => {
  const reports = [
    ...smallReport().agents,
    { ...smallReport().agents[0]!, id: 7, conversations_count: 8, avg_reply_time: 10 },
  ]
  const rows = agentRows(reports, [agent(5, 'Bea'), agent(6, 'Ann')], (id) => `Agent #${id}`)
  const names = (sorted: typeof rows) => sorted.map((r) => r.name)

  it('names each agent from the agents list, and one no longer listed by its id', () => {
    expect(names(rows)).toEqual(['Bea', 'Ann', 'Agent #7'])
  })

  it('sorts by name and by a figure either way, ties by name', () => {
    expect(names(sortAgentRows(rows, { column: 'name', direction: 'ascending' }))).toEqual([
      'Agent #7',
      'Ann',
      'Bea',
    ])
    expect(
      names(sortAgentRows(rows, { column: 'conversations_count', direction: 'descending' })),
    ).toEqual(['Agent #7', 'Bea', 'Ann'])
    expect(
      names(sortAgentRows(rows, { column: 'conversations_count', direction: 'ascending' })),
    ).toEqual(['Ann', 'Agent #7', 'Bea'])
  })

  it('puts agents with nothing to average last in either direction', () => {
    for (const direction of ['ascending', 'descending'] as const) {
      const sorted = sortAgentRows(rows, { column: 'avg_reply_time', direction })
      expect(sorted.at(-1)?.name).toBe('Ann')
    }
  })
})
