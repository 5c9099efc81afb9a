import { useSignal } from '@preact/signals'
import { ApiError } from '../../api/client'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'

export interface FailedSendProps {
  /** Why the server could not send it (content_attributes.external_error), when it said. */
  reason?: string
  onRetry(): Promise<void>
}

/** A message the server could not deliver (a mail refused): the reason, and Retry. */
export function FailedSend({ reason, onRetry }: FailedSendProps) {
  const t = useStrings().conversation
  const busy = useSignal(false)
  const error = useSignal<string | null>(null)
  const retry = async () => {
    busy.value = true
    error.value = null
    try {
      await onRetry()
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : String(failure)
      error.value = format(t.retryFailed, { message })
    } finally {
      busy.value = false
    }
  }
  return (
    <div class="cv-receipt cv-failed-line">
      <span>{reason ? format(t.sendFailed, { reason }) : t.failed}</span>
      <button type="button" class="cv-link-button" disabled={busy.value} onClick={retry}>
        {busy.value ? t.retrying : t.retry}
      </button>
      {error.value && <p role="alert">{error.value}</p>}
    </div>
  )
}
