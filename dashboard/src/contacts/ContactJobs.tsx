import { useStrings } from '../i18n/context'
import { ExportPanel } from './ExportPanel'
import { ImportPanel } from './ImportPanel'
import { exportFilters } from './jobs-api'
import type { ContactQuery } from './types'

export interface ContactJobsProps {
  query: ContactQuery
  onImported(): void
  pollInterval?: number
}

/** Import and export, side by side (administrators only: the API refuses agents). */
export function ContactJobs({ query, onImported, pollInterval }: ContactJobsProps) {
  const t = useStrings().contacts
  return (
    <section class="contact-jobs" aria-labelledby="contact-jobs-title">
      <h2 id="contact-jobs-title">{t.importExport}</h2>
      <ImportPanel onImported={onImported} pollInterval={pollInterval} />
      {/* A finished export's link is for the filters it was made with: new filters, new panel. */}
      <ExportPanel
        key={JSON.stringify(exportFilters(query))}
        query={query}
        pollInterval={pollInterval}
      />
    </section>
  )
}
