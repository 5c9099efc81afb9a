import type { Agent } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { AgentRow, type AgentRowProps } from './AgentRow'

export interface AgentsTableProps extends Omit<AgentRowProps, 'agent'> {
  agents: Agent[]
}

/** The account's agents; at phone widths the rows stack as cards (settings-pages.css). */
export function AgentsTable({ agents, ...rowProps }: AgentsTableProps) {
  const t = useStrings().agents
  return (
    <table class="table resource-table agents-table">
      <caption class="visually-hidden">{t.caption}</caption>
      <thead>
        <tr>
          {[t.name, t.email, t.role, t.status, t.availability, t.actions].map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {agents.map((agent) => (
          <AgentRow key={agent.id} agent={agent} {...rowProps} />
        ))}
      </tbody>
    </table>
  )
}
