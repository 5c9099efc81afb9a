import { useWidget } from './context'
import { Icon } from './Icon'

/** The last problem worth telling the visitor about, until they dismiss it. */
export function Notice() {
  const { state } = useWidget()
  const notice = state.notice.value
  if (!notice) return null
  return (
    <div class="notice" role="alert">
      <p>{notice}</p>
      <button
        type="button"
        class="icon-button small"
        aria-label={state.t.value.errors.dismiss}
        onClick={() => {
          state.notice.value = null
        }}
      >
        <Icon name="close" />
      </button>
    </div>
  )
}
