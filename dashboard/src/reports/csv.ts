import type { ReportsStrings } from '../i18n'
import { format } from '../i18n'
import { changePercent, FIGURES } from './figures'
import { isoDate, offsetName, rangeDates } from './periods'
import type { AgentReport, Report, ReportPoint, SeriesMetric } from './types'

/** A CSV cell: numbers are written as they are, text is quoted and neutralised as needed. */
export type Cell = string | number | null

/** Text a spreadsheet would run as a formula (=, +, -, @, and a leading tab or return). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One cell in RFC 4180: quoted when it holds a comma, a quote or a line break (quotes doubled),
 * and text that starts like a formula gets a leading ' so a spreadsheet shows it as text. A number
 * cannot be a formula, so -5 stays a number.
 */
export function csvCell(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : ''
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows as RFC 4180 text: CRLF after every row. */
export const csvText = (rows: Cell[][]) =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')

/** Seconds rounded to whole ones (the API's averages may be fractional); null stays empty. */
const seconds = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value)

/** An agent's row in the order the page shows them, with the name the page shows. */
export interface AgentRow {
  name: string
  report: AgentReport
}

/** What a series section is called and how its value column reads. */
export interface SeriesSection {
  metric: SeriesMetric
  title: string
  valueLabel: string
  /** For averages: what the count column counts ("First responses"). */
  countLabel?: string
}

/**
 * The CSV of what the page shows: the range, the summary (with the previous period and the
 * change), each series by period start (an ISO date in the report's offset) and the agents' table.
 * Durations are in seconds, so a spreadsheet can compute with them.
 */
export function reportCsv(
  report: Report,
  sections: SeriesSection[],
  agents: AgentRow[],
  t: ReportsStrings,
): string {
  const { query, summary } = report
  const { from, to } = rangeDates(query, query.offsetHours)
  const inSeconds = (label: string) => format(t.csvSeconds, { label })
  const rows: Cell[][] = [
    [t.csvRange, from, to, offsetName(query.offsetHours)],
    // The times below count working hours only: say so, or the file reads as every hour.
    ...(query.businessHours ? [[t.businessHours]] : []),
    [],
    [t.summary],
    [t.csvMetric, t.csvValue, t.csvPrevious, t.csvChange],
  ]
  for (const figure of FIGURES) {
    const current = summary[figure.key]
    const previous = summary.previous[figure.key]
    const label = figure.kind === 'duration' ? inSeconds(t[figure.label]) : t[figure.label]
    const value = (v: number) => (figure.kind === 'duration' ? seconds(v) : v)
    rows.push([label, value(current), value(previous), changePercent(current, previous)])
  }
  for (const section of sections) {
    const points: ReportPoint[] = report.series[section.metric]
    const duration = section.countLabel !== undefined
    rows.push([], [`${section.title} ${t.perPeriod[query.groupBy]}`])
    rows.push([
      t.csvPeriodStart,
      duration ? inSeconds(section.valueLabel) : section.valueLabel,
      ...(duration ? [section.countLabel ?? ''] : []),
    ])
    for (const point of points) {
      const day = isoDate(point.timestamp, query.offsetHours)
      rows.push(duration ? [day, seconds(point.value), point.count ?? null] : [day, point.value])
    }
  }
  rows.push([], [t.agents])
  rows.push([
    t.agent,
    t.agentConversations,
    t.agentResolved,
    inSeconds(t.agentFirstResponse),
    inSeconds(t.agentResolution),
    inSeconds(t.agentReply),
  ])
  for (const { name, report: agent } of agents) {
    rows.push([
      name,
      agent.conversations_count,
      agent.resolved_conversations_count,
      seconds(agent.avg_first_response_time),
      seconds(agent.avg_resolution_time),
      seconds(agent.avg_reply_time),
    ])
  }
  return csvText(rows)
}

/** The download's file name: parley-report-2026-10-25-2026-11-23.csv. */
export function csvFileName(report: Report): string {
  const { from, to } = rangeDates(report.query, report.query.offsetHours)
  return `parley-report-${from}-${to}.csv`
}
