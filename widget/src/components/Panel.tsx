import type { JSX } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { format } from '../i18n'
import { Conversation } from './Conversation'
import { useWidget } from './context'
import { Header } from './Header'
import { usePart } from './use-part'

/**
 * A view from a part chunk (the pre-chat form, the past conversations), fetched on first use:
 * "Loading" until it arrives.
 */
function PartView<K extends 'prechat' | 'past'>({
  name,
  view,
  loading,
  ...props
}: {
  name: K
  view: string
  loading: string
  onClose?: () => void
}) {
  const View = (usePart(name) as Record<string, (p: object) => JSX.Element> | undefined)?.[view]
  return View ? (
    <View {...props} />
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
  const [past, setPast] = useState(false)

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

  let body = past ? (
    <PartView
      name="past"
      view="PastConversations"
      loading={t.panel.loading}
      onClose={() => setPast(false)}
    />
  ) : (
    <>
      {state.session.value && (
        <button type="button" class="link-button" onClick={() => setPast(true)}>
          {t.panel.past}
        </button>
      )}
      <Conversation />
    </>
  )
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
  } else if (state.needsPrechat.value)
    body = <PartView name="prechat" view="PreChatForm" loading={t.panel.loading} />

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
