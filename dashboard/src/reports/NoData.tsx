import { useStrings } from '../i18n/context'

/**
 * A figure with nothing behind it (no conversations, nothing to average): a dash to the eye,
 * "No data" to a screen reader, never a "0 s" that reads as an instant reply.
 */
export function NoData() {
  const t = useStrings().reports
  return (
    <span class="report-no-data">
      <span aria-hidden="true">{t.none}</span>
      <span class="visually-hidden">{t.noData}</span>
    </span>
  )
}
