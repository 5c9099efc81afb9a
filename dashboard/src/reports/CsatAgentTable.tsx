import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import type { CsatAgentRow } from './csat'

/** Each rated agent's answers over the range: how many, the average rating, the satisfaction score. */
export function CsatAgentTable({ rows }: { rows: CsatAgentRow[] | undefined }) {
  const t = useStrings().reports
  return (
    <div class="report-section">
      <h3 id="report-csat-agents">{t.csatAgents}</h3>
      {/* Focusable so a keyboard can scroll the table sideways on a narrow screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region needs keyboard access */}
      <section class="report-table-scroll" aria-labelledby="report-csat-agents" tabIndex={0}>
        <table class="table">
          <caption class="visually-hidden">{t.csatAgents}</caption>
          <thead>
            <tr>
              <th scope="col">{t.agent}</th>
              <th scope="col">{t.csatAnswers}</th>
              <th scope="col">{t.csatAverage}</th>
              <th scope="col">{t.csatScore}</th>
            </tr>
          </thead>
          <tbody>
            {rows?.length === 0 && (
              <tr>
                <td colSpan={4}>{t.csatNoAnswers}</td>
              </tr>
            )}
            {rows?.map((row) => (
              <tr key={row.id ?? 'none'}>
                <th scope="row">
                  {row.id === null
                    ? t.csatNoAgent
                    : (row.name ?? format(t.unknownAgent, { id: row.id }))}
                </th>
                <td>{row.count}</td>
                <td>{format(t.csatRatingValue, { rating: String(row.average) })}</td>
                <td>{format(t.percentValue, { value: String(row.satisfaction) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}
