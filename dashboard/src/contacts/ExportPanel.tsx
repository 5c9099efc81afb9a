import { useId } from 'preact/hooks'
import { useAccount } from '../app/context'
import type { Strings } from '../i18n'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { FormStatus } from '../workspace/ui/FormStatus'
import { type ContactExport, exportFilters, readExport, startExport } from './jobs-api'
import type { ContactQuery } from './types'
import { POLL_INTERVAL, useJob } from './useJob'

export interface ExportPanelProps {
  /** The list's search and label: the export takes the same contacts. */
  query: ContactQuery
  pollInterval?: number
}

type ExportJob = Pick<ContactExport, 'id' | 'status'> & Partial<ContactExport>

function scopeOf(query: ContactQuery, t: Strings['contacts']) {
  const filters = exportFilters(query)
  if (filters.q) return format(t.exportScopeSearch, { q: filters.q })
  if (filters.label) return format(t.exportScopeLabel, { label: filters.label })
  return t.exportScopeAll
}

/** Exports the contacts the list selects to a CSV, then links to it (administrators). */
export function ExportPanel({ query, pollInterval = POLL_INTERVAL }: ExportPanelProps) {
  const t = useStrings().contacts
  const { api, accountId } = useAccount()
  const id = useId()
  const tracker = useJob<ExportJob>(
    (exportId) => readExport(api, accountId, exportId),
    pollInterval,
  )
  const job = tracker.job.value
  const ready = job?.status === 'completed' && job.download_url ? job.download_url : null
  const start = () => tracker.start(() => startExport(api, accountId, exportFilters(query)))

  return (
    <section class="contact-job" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t.exportTitle}</h3>
      <p class="form-hint">{scopeOf(query, t)}</p>
      <div class="contact-job-actions">
        <button
          type="button"
          class="button button-primary"
          disabled={tracker.sending.value || tracker.running}
          onClick={start}
        >
          {t.exportButton}
        </button>
        {ready && (
          <a href={ready} download>
            {t.downloadCsv}
          </a>
        )}
      </div>
      <p class="contacts-status" role="status">
        {tracker.running ? t.exportPending : ready ? t.exportReady : ''}
      </p>
      <FormStatus error={tracker.problem(t.exportFailed)} />
    </section>
  )
}
