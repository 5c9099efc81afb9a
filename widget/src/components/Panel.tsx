import { useEffect, useRef } from 'preact/hooks'
import { format } from '../i18n'
import { Conversation } from './Conversation'
import { useWidget } from './context'
import { Header } from './Header'
import { usePart } from './use-part'

/** The pre-chat form (a chunk, fetched when an inbox asks for it): "Loading" until it arrives. */
function PreChat({ loading }: { loading: string }) {
  const part = usePart('prechat')
  return part ? (
    <part.PreChatForm />
  ) : (
    <p class="state" role="status">
      {loading}
    </p>
  )
}

/** The chat window: a non-modal dialog that takes focus when it opens; Esc closes it. */
export function Panel() {
  const widget = useWidget()
  const { state } = widget
  const t = state.t.value
  const ref = useRef<HTMLDivElement>(null)
  const inbox = state.inbox.value

  useEffect(() => {
    const panel = ref.current
    const target = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel
    target?.focus()
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    widget.close()
  }

  let body = <Conversation />
  if (!inbox && !state.session.value) {
    body = state.inboxError.value ? (
      <div class="state" role="alert">
        <p>{t.errors.load}</p>
        <button type="button" class="secondary" onClick={() => void widget.retryLoad()}>
          {t.errors.retry}
        </button>
      </div>
    ) : (
      <p class="state" role="status">
        {t.panel.loading}
      </p>
    )
  } else if (state.needsPrechat.value) body = <PreChat loading={t.panel.loading} />

  return (
    <div
      ref={ref}
      class="panel"
      role="dialog"
      aria-label={format(t.panel.label, { name: inbox?.name ?? '' }).trim()}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <Header />
      {body}
    </div>
  )
}
