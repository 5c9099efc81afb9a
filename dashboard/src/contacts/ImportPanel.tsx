import { useId, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import type { Strings } from '../i18n'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { FormStatus } from '../workspace/ui/FormStatus'
import { ImportProgress } from './ImportProgress'
import { type ContactImport, readImport, startImport } from './jobs-api'
import { POLL_INTERVAL, useJob } from './useJob'

export interface ImportPanelProps {
  /** Called when an import has ended, so the list shows what it added. */
  onImported(): void
  pollInterval?: number
}

function outcome(job: ContactImport | null, t: Strings['contacts']) {
  if (job?.status !== 'completed') return null
  return format(t.importDone, { processed: job.processed_records, failed: job.failed_records })
}

/** A CSV file to import, then the import's progress until it ends (administrators). */
export function ImportPanel({ onImported, pollInterval = POLL_INTERVAL }: ImportPanelProps) {
  const t = useStrings().contacts
  const { api, accountId } = useAccount()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const tracker = useJob((importId) => readImport(api, accountId, importId), pollInterval)
  const job = tracker.job.value

  const submit = async (event: Event) => {
    event.preventDefault()
    const file = input.current?.files?.[0]
    if (!file) {
      tracker.startError.value = t.chooseFile
      input.current?.focus()
      return
    }
    await tracker.start(() => startImport(api, accountId, file), onImported)
  }

  return (
    <section class="contact-job" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t.importTitle}</h3>
      <form onSubmit={submit}>
        <div class="form-field">
          <label for={`${id}-file`}>{t.csvFile}</label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            name="import_file"
            accept=".csv,text/csv"
            aria-describedby={`${id}-hint`}
          />
          <p class="form-hint" id={`${id}-hint`}>
            {t.importHint}
          </p>
        </div>
        <button
          type="submit"
          class="button button-primary"
          disabled={tracker.sending.value || tracker.running}
        >
          {t.importButton}
        </button>
      </form>
      {job && <ImportProgress job={job} accountId={accountId} />}
      <FormStatus error={tracker.problem(t.importFailed)} success={outcome(job, t)} />
    </section>
  )
}
