import { useStrings } from '../i18n/context'
import { changeText, FIGURES, nothingToAverage } from './figures'
import { NoData } from './NoData'
import { shownValue } from './series'
import type { ReportSummary } from './types'

/**
 * The range's figures, each with its change against the period just before. Before the first
 * answer the cards are drawn empty, so nothing moves when the figures arrive.
 */
export function SummaryCards({ summary }: { summary: ReportSummary | undefined }) {
  const t = useStrings().reports
  return (
    <section class="report-section" aria-labelledby="report-summary">
      <h2 id="report-summary">{t.summary}</h2>
      <dl class="report-cards">
        {FIGURES.map((figure) => (
          <div class="report-card" key={figure.key}>
            <dt>{t[figure.label]}</dt>
            <dd class="report-figure">
              {!summary ? (
                '…'
              ) : nothingToAverage(summary, figure.key) ? (
                <NoData />
              ) : (
                shownValue(summary[figure.key], figure.kind, t)
              )}
            </dd>
            <dd class="report-change">
              {summary ? changeText(summary[figure.key], summary.previous[figure.key], t) : ''}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
