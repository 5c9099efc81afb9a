import { format, type ReportsStrings } from '../i18n'
import { useStrings } from '../i18n/context'
import { SortHeader } from '../workspace/ui/SortHeader'
import type { AgentColumn, AgentSort } from './agent-rows'
import type { AgentRow } from './csv'
import { humanDuration } from './durations'
import { NoData } from './NoData'
import { ReportTable } from './ReportTable'

export interface AgentTableProps {
  /** In the order shown; undefined before the first answer. */
  rows: AgentRow[] | undefined
  sort: AgentSort
  onSort(sort: AgentSort): void
}

interface AgentTableColumn {
  column: AgentColumn
  label: string
  duration?: boolean
}

const columnsOf = (t: ReportsStrings): AgentTableColumn[] => [
  { column: 'name', label: t.agent },
  { column: 'conversations_count', label: t.agentConversations },
  { column: 'resolved_conversations_count', label: t.agentResolved },
  { column: 'avg_first_response_time', label: t.agentFirstResponse, duration: true },
  { column: 'avg_resolution_time', label: t.agentResolution, duration: true },
  { column: 'avg_reply_time', label: t.agentReply, duration: true },
]

/** A header that sorts by its column: names A–Z first, figures largest first; again to reverse. */
function AgentSortHeader({ column, label, sort, onSort }: AgentTableProps & AgentTableColumn) {
  const t = useStrings().reports
  const state = sort.column === column ? sort.direction : undefined
  const first = column === 'name' ? 'ascending' : 'descending'
  const next = state === undefined ? first : state === 'ascending' ? 'descending' : 'ascending'
  return (
    <SortHeader
      label={label}
      state={state}
      title={format(t.sortBy, { column: label })}
      onSort={() => onSort({ column, direction: next })}
    />
  )
}

// The API sends null when the agent has nothing to average (Chatwoot's summary_reports rows).
const durationCell = (seconds: number | null, t: ReportsStrings) =>
  seconds === null ? <NoData /> : humanDuration(seconds, t.durationUnits)

/** Each agent's conversations, resolutions and average times over the range. */
export function AgentTable(props: AgentTableProps) {
  const t = useStrings().reports
  const { rows } = props
  return (
    <ReportTable id="report-agents" title={t.agents} level="h2" tableClass="report-agents-table">
      <thead>
        <tr>
          {columnsOf(t).map((column) => (
            <AgentSortHeader key={column.column} {...props} {...column} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows?.length === 0 && (
          <tr>
            <td colSpan={columnsOf(t).length}>{t.noAgents}</td>
          </tr>
        )}
        {rows?.map(({ name, report }) => (
          <tr key={report.id}>
            <th scope="row">{name}</th>
            <td>{report.conversations_count}</td>
            <td>{report.resolved_conversations_count}</td>
            <td>{durationCell(report.avg_first_response_time, t)}</td>
            <td>{durationCell(report.avg_resolution_time, t)}</td>
            <td>{durationCell(report.avg_reply_time, t)}</td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  )
}
