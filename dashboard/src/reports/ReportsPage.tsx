import { useAccount } from '../app/context'
import { useStrings } from '../i18n/context'
import type { ReportsRoute } from '../workspace/pages'
import { ReportsOverview } from './ReportsOverview'
import '../styles/workspace.css'
import './reports.css'

/**
 * The account's reports overview (`/reports/overview`). Agents are told reports are for
 * administrators (the API answers them 403 anyway) rather than shown a page that would fail.
 */
export default function ReportsPage(_: { route: ReportsRoute }) {
  const t = useStrings().reports
  const { isAdministrator } = useAccount()
  if (!isAdministrator) {
    return (
      <section class="workspace-page" aria-labelledby="reports-closed">
        <h1 id="reports-closed" tabIndex={-1}>
          {t.administratorsOnlyTitle}
        </h1>
        <p>{t.administratorsOnly}</p>
      </section>
    )
  }
  return <ReportsOverview />
}
