import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import type { CsatAgentRow } from './csat'
import { ReportTable } from './ReportTable'

/** Each rated agent's answers over the range: how many, the average rating, the satisfaction score. */
export function CsatAgentTable({ rows }: { rows: CsatAgentRow[] | undefined }) {
  const t = useStrings().reports
  return (
    <ReportTable id="report-csat-agents" title={t.csatAgents} level="h3">
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
    </ReportTable>
  )
}
