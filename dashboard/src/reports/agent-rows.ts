import type { Agent } from '../api/schema'
import type { AgentRow } from './csv'
import type { AgentReport } from './types'

/** A column of the agents' table. */
export type AgentColumn =
  | 'name'
  | 'conversations_count'
  | 'resolved_conversations_count'
  | 'avg_first_response_time'
  | 'avg_resolution_time'
  | 'avg_reply_time'

export interface AgentSort {
  column: AgentColumn
  direction: 'ascending' | 'descending'
}

/** The agents' figures with the names the account's agents list gives them. */
export function agentRows(
  reports: AgentReport[],
  agents: Agent[] | undefined,
  unknown: (id: number) => string,
): AgentRow[] {
  const names = new Map((agents ?? []).map((a) => [a.id, a.available_name || a.name]))
  return reports.map((report) => ({ name: names.get(report.id) ?? unknown(report.id), report }))
}

/**
 * The rows in the chosen order; figures with nothing to average (null) go last either way, and
 * ties keep the name order.
 */
export function sortAgentRows(rows: AgentRow[], sort: AgentSort): AgentRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1
  const byName = (a: AgentRow, b: AgentRow) => a.name.localeCompare(b.name)
  return [...rows].sort((a, b) => {
    if (sort.column === 'name') return sign * byName(a, b)
    const x = a.report[sort.column]
    const y = b.report[sort.column]
    if (x === y) return byName(a, b)
    if (x === null) return 1
    if (y === null) return -1
    return sign * (x - y) || byName(a, b)
  })
}
