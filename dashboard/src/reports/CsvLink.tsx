import { useEffect, useState } from 'preact/hooks'
import { useStrings } from '../i18n/context'

export interface CsvLinkProps {
  /** The CSV of what the page shows; null while there is nothing to download yet. */
  csv: string | null
  fileName: string
}

/**
 * A link that downloads the CSV, built in the browser: a Blob behind an object URL, made again
 * when the report changes and let go when it does or the page closes.
 */
export function CsvLink({ csv, fileName }: CsvLinkProps) {
  const t = useStrings().reports
  const [href, setHref] = useState<string | null>(null)
  useEffect(() => {
    if (csv === null) {
      setHref(null)
      return
    }
    // The byte-order mark makes spreadsheets read the file as UTF-8 (names with accents).
    const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }))
    setHref(url)
    return () => URL.revokeObjectURL(url)
  }, [csv])
  if (!href) {
    return (
      <button type="button" class="button" disabled>
        {t.downloadCsv}
      </button>
    )
  }
  return (
    <a class="button report-download" href={href} download={fileName}>
      {t.downloadCsv}
    </a>
  )
}
