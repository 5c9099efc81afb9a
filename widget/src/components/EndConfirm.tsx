import type { RefObject } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import { TEAM } from '../i18n/team'
import { useWidget } from './context'

/**
 * The inline "End this conversation?" under the header: End or Cancel, the focus on Cancel (the
 * safe choice) when it opens and back on the ✓ (`from`) when it closes; Escape cancels.
 */
export function EndConfirm({
  onEnd,
  onCancel,
  from,
}: {
  onEnd: () => void
  onCancel: () => void
  from: RefObject<HTMLButtonElement | null>
}) {
  const t = TEAM[useWidget().state.lang.value]
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    cancel.current?.focus()
    // After End the ✓ is gone (the conversation is over), so this only acts on Cancel.
    return () => from.current?.focus()
  }, [from])
  return (
    <fieldset
      class="end-confirm"
      aria-labelledby="end-confirm-question"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        // Escape here cancels the question only; it does not close the panel too.
        e.stopPropagation()
        onCancel()
      }}
    >
      <p id="end-confirm-question">{t.endConfirm}</p>
      <button type="button" class="end-confirm-yes" onClick={onEnd}>
        {t.end}
      </button>
      <button ref={cancel} type="button" class="end-confirm-no" onClick={onCancel}>
        {t.cancel}
      </button>
    </fieldset>
  )
}
