import { useId } from 'preact/hooks'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { type ContactImport, failedRowsPath } from './jobs-api'

/**
 * How far an import is: a progressbar of processed rows (indeterminate until the file is
 * counted), the counts in words, and the failed rows to download once there are any.
 */
export function ImportProgress({ job, accountId }: { job: ContactImport; accountId: number }) {
  const t = useStrings().contacts
  const id = useId()
  const counted = job.total_records > 0
  // processed_records counts the rows applied; a failed row is read too.
  const done = job.processed_records + job.failed_records
  const counts = format(t.importCounts, {
    done,
    processed: job.processed_records,
    total: job.total_records,
    failed: job.failed_records,
  })
  return (
    <div class="contact-job-progress">
      <label for={`${id}-bar`}>{t.importProgress}</label>
      {counted ? (
        <progress
          id={`${id}-bar`}
          max={job.total_records}
          value={done}
          aria-valuemin={0}
          aria-valuemax={job.total_records}
          aria-valuenow={done}
          aria-valuetext={counts}
        />
      ) : (
        <progress id={`${id}-bar`} />
      )}
      <p>{counts}</p>
      {job.failed_records > 0 && (
        <a href={failedRowsPath(accountId, job.id)} download>
          {format(t.downloadFailedRows, { failed: job.failed_records })}
        </a>
      )}
    </div>
  )
}
