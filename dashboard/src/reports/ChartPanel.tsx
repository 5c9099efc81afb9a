import { useSignal } from '@preact/signals'
import { useId } from 'preact/hooks'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { BarChart } from './BarChart'
import { rangeLabel } from './periods'
import { chartSummary, periodName, type SeriesKind, shownValue } from './series'
import type { ReportPoint, ReportQuery } from './types'

export interface ChartPanelProps {
  title: string
  /** The table's value column ("Conversations", "First response time"). */
  valueLabel: string
  /** For averages: what was averaged, the table's count column ("First responses"). */
  countLabel?: string
  kind: SeriesKind
  /** Undefined before the first answer: the panel keeps its size, empty. */
  points: ReportPoint[] | undefined
  query: ReportQuery
}

/**
 * A chart with its heading, a description that names it (total or average, and the peak), and
 * its data as a table. The table is always in the page for screen readers; "Show data table"
 * shows it on screen too, scrolling in its own region on a narrow screen.
 */
export function ChartPanel(props: ChartPanelProps) {
  const t = useStrings().reports
  const { title, kind, points, query } = props
  const id = useId()
  const shown = useSignal(false)
  const headingId = `${id}-heading`
  const descriptionId = `${id}-description`
  const tableId = `${id}-table`
  return (
    <section class="report-chart-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p id={descriptionId} class="report-chart-description">
        {points ? chartSummary(points, kind, query, t) : '…'}
      </p>
      {points ? (
        <BarChart
          points={points}
          kind={kind}
          query={query}
          labelledBy={`${headingId} ${descriptionId}`}
        />
      ) : (
        <div class="report-chart report-chart-empty" />
      )}
      <button
        type="button"
        class="button report-table-toggle"
        aria-expanded={shown.value}
        aria-controls={tableId}
        onClick={() => {
          shown.value = !shown.value
        }}
      >
        {shown.value ? t.hideTable : t.showTable}
      </button>
      {/* Focusable only while shown: a keyboard can then scroll it sideways on a phone. */}
      <section
        id={tableId}
        class={shown.value ? 'report-table-scroll' : 'visually-hidden'}
        aria-label={format(t.tableRegion, { title })}
        tabIndex={shown.value ? 0 : undefined}
      >
        <table class="table report-data-table">
          <caption>
            {format(t.tableCaption, {
              title,
              per: t.perPeriod[query.groupBy],
              range: rangeLabel(query, query.offsetHours, t.months),
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t.period}</th>
              <th scope="col">{props.valueLabel}</th>
              {props.countLabel && <th scope="col">{props.countLabel}</th>}
            </tr>
          </thead>
          <tbody>
            {(points ?? []).map((point) => (
              <tr key={point.timestamp}>
                <th scope="row">{periodName(point.timestamp, query, t)}</th>
                <td>
                  {kind !== 'count' && !point.count && point.value === 0
                    ? t.none
                    : shownValue(point.value, kind, t)}
                </td>
                {props.countLabel && <td>{point.count ?? 0}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  )
}
