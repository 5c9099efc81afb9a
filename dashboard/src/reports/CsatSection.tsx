import { useMemo } from 'preact/hooks'
import { useAccount } from '../app/context'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { useLoad } from '../workspace/ui/useLoad'
import { ChartPanel } from './ChartPanel'
import { CsatAgentTable } from './CsatAgentTable'
import { CsatComments } from './CsatComments'
import { csatAgentRows, csatComments, csatScoreSeries } from './csat'
import { loadCsatReport } from './csat-api'
import type { ReportQuery } from './types'

export interface CsatSectionProps {
  query: ReportQuery
  /** The starts of the report's periods (its series'), once the report is in. */
  periodStarts: number[] | undefined
}

/**
 * Customer satisfaction over the report's range: the answers, the satisfaction score and the
 * response rate, the score per period, per agent, and the comments.
 */
export function CsatSection({ query, periodStarts }: CsatSectionProps) {
  const t = useStrings().reports
  const { api, accountId } = useAccount()
  const csat = useLoad(
    () => loadCsatReport(api, accountId, query),
    [api, accountId, query.since, query.until],
  )
  const report = csat.data.value
  const answers = report?.answers
  const points = useMemo(
    () => (answers && periodStarts ? csatScoreSeries(answers, periodStarts) : undefined),
    [answers, periodStarts],
  )
  const agents = useMemo(() => answers && csatAgentRows(answers), [answers])
  const comments = useMemo(() => answers && csatComments(answers), [answers])
  const metrics = report?.metrics
  const cards = [
    { label: t.csatAnswers, value: metrics && String(metrics.total_count) },
    {
      label: t.csatScore,
      value: metrics && format(t.percentValue, { value: String(metrics.satisfaction_score) }),
    },
    {
      label: t.csatResponseRate,
      value: metrics && format(t.percentValue, { value: String(metrics.response_rate) }),
    },
    { label: t.csatSent, value: metrics && String(metrics.total_sent_messages_count) },
  ]
  return (
    <section class="report-section" aria-labelledby="report-csat" aria-busy={csat.loading.value}>
      <h2 id="report-csat">{t.csat}</h2>
      <p>{t.csatDescription}</p>
      {csat.error.value && (
        <p class="form-error" role="alert">
          {csat.error.value}
        </p>
      )}
      {report?.truncated && <p>{format(t.csatTruncated, { count: report.answers.length })}</p>}
      <dl class="report-cards">
        {cards.map((card) => (
          <div class="report-card" key={card.label}>
            <dt>{card.label}</dt>
            <dd class="report-figure">{card.value ?? '…'}</dd>
          </div>
        ))}
      </dl>
      <div class="report-charts">
        <ChartPanel
          title={t.csatScoreChart}
          valueLabel={t.csatScoreChart}
          countLabel={t.csatAnswersColumn}
          kind="percent"
          points={points}
          query={query}
        />
      </div>
      <CsatAgentTable rows={agents} />
      <CsatComments accountId={accountId} comments={comments} offsetHours={query.offsetHours} />
    </section>
  )
}
