import { useSignal } from '@preact/signals'
import { useMemo, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { format, type ReportsStrings } from '../i18n'
import { useStrings } from '../i18n/context'
import { PageHeader } from '../workspace/ui/PageHeader'
import { useLoad } from '../workspace/ui/useLoad'
import { AgentTable } from './AgentTable'
import { type AgentSort, agentRows, sortAgentRows } from './agent-rows'
import { businessHoursIn, keepBusinessHours } from './business-hours'
import { ChartPanel } from './ChartPanel'
import { CsatSection } from './CsatSection'
import { CsvLink } from './CsvLink'
import { csvFileName, reportCsv, type SeriesSection } from './csv'
import {
  browserOffsetHours,
  customRange,
  type GroupBy,
  isoDate,
  lastDays,
  PRESET_DAYS,
  type Range,
  rangeLabel,
} from './periods'
import { type RangeChoice, RangePicker } from './RangePicker'
import { loadReport, reportCalls } from './reports-api'
import { SummaryCards } from './SummaryCards'
import type { ReportQuery } from './types'

/** The three charts: what each draws and how its table and the CSV name its columns. */
const chartsOf = (t: ReportsStrings): (SeriesSection & { kind: 'count' | 'duration' })[] => [
  {
    metric: 'conversations_count',
    title: t.conversationsChart,
    valueLabel: t.conversations,
    kind: 'count',
  },
  {
    metric: 'avg_first_response_time',
    title: t.firstResponseChart,
    valueLabel: t.firstResponseChart,
    countLabel: t.firstResponses,
    kind: 'duration',
  },
  {
    metric: 'avg_resolution_time',
    title: t.resolutionChart,
    valueLabel: t.resolutionChart,
    countLabel: t.resolved,
    kind: 'duration',
  },
]

/** The range a choice means today, or null for custom days the wrong way round. */
function rangeOf(choice: RangeChoice, offsetHours: number): Range | null {
  if (choice.kind === 'custom') return customRange(choice.from, choice.to, offsetHours)
  return lastDays(PRESET_DAYS[choice.kind], Date.now() / 1000, offsetHours)
}

/**
 * The reports overview for an administrator: the range, the summary, the charts, the agents and
 * the CSV of all of it. Days and weeks start in the reader's own time zone.
 */
export function ReportsOverview() {
  const t = useStrings().reports
  const charts = useMemo(() => chartsOf(t), [t])
  const { api, accountId } = useAccount()
  const calls = useMemo(() => reportCalls(api, accountId), [api, accountId])
  const offsetHours = useMemo(() => browserOffsetHours(), [])
  const choice = useSignal<RangeChoice>({ kind: 'last7', from: '', to: '' })
  const groupBy = useSignal<GroupBy>('day')
  // Kept in the page address, so a reload (or a shared link) keeps it.
  const businessHours = useSignal(businessHoursIn(location.search))
  const sort = useSignal<AgentSort>({ column: 'name', direction: 'ascending' })

  const range = rangeOf(choice.value, offsetHours)
  // Custom days the wrong way round keep the last good report on screen, with the picker's error.
  const lastGood = useRef<Range | null>(null)
  if (range) lastGood.current = range
  const applied = range ?? (lastGood.current as Range)
  const query: ReportQuery = {
    ...applied,
    groupBy: groupBy.value,
    offsetHours,
    businessHours: businessHours.value,
  }

  const report = useLoad(
    () => loadReport(calls, query),
    [calls, query.since, query.until, query.groupBy, query.businessHours],
  )
  const agents = useLoad(() => calls.agents(), [calls])

  const shown = report.data.value
  const rows = shown
    ? sortAgentRows(
        agentRows(shown.agents, agents.data.value, (id) => format(t.unknownAgent, { id })),
        sort.value,
      )
    : undefined
  const csv = shown && rows ? reportCsv(shown, charts, rows, t) : null
  const error = report.error.value ?? agents.error.value

  const choose = (next: RangeChoice) => {
    // Switching to custom starts from the range on screen.
    if (next.kind === 'custom' && choice.value.kind !== 'custom') {
      next = {
        kind: 'custom',
        from: isoDate(applied.since, offsetHours),
        to: isoDate(applied.until - 1, offsetHours),
      }
    }
    choice.value = next
  }

  return (
    <section class="workspace-page reports" aria-busy={report.loading.value}>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={<CsvLink csv={csv} fileName={shown ? csvFileName(shown) : ''} />}
      />
      <RangePicker
        choice={choice.value}
        groupBy={groupBy.value}
        offsetHours={offsetHours}
        invalid={range === null}
        businessHours={businessHours.value}
        onChoice={choose}
        onGroupBy={(next) => {
          groupBy.value = next
        }}
        onBusinessHours={(on) => {
          businessHours.value = on
          keepBusinessHours(on)
        }}
      />
      <div class="report-status">
        <p role="status">
          {report.loading.value
            ? t.loading
            : shown
              ? format(t.loaded, { range: rangeLabel(shown.query, offsetHours, t.months) })
              : ''}
        </p>
        <div role="alert">
          {error && (
            <p class="form-error">
              {error}{' '}
              <button
                type="button"
                class="button"
                onClick={() => {
                  void report.reload()
                  void agents.reload()
                }}
              >
                {t.tryAgain}
              </button>
            </p>
          )}
        </div>
      </div>
      <SummaryCards summary={shown?.summary} />
      <section class="report-section" aria-labelledby="report-charts">
        <h2 id="report-charts">{t.charts}</h2>
        <div class="report-charts">
          {charts.map((chart) => (
            <ChartPanel
              key={chart.metric}
              title={chart.title}
              valueLabel={chart.valueLabel}
              countLabel={chart.countLabel}
              kind={chart.kind}
              points={shown?.series[chart.metric]}
              query={shown?.query ?? query}
            />
          ))}
        </div>
      </section>
      <AgentTable
        rows={rows}
        sort={sort.value}
        onSort={(next) => {
          sort.value = next
        }}
      />
      <CsatSection
        query={shown?.query ?? query}
        periodStarts={shown?.series.conversations_count.map((point) => point.timestamp)}
      />
    </section>
  )
}
