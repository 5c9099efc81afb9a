import { useSignal } from '@preact/signals'
import { useLayoutEffect, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { usePane } from './context'
import { retryFailedSend } from './email/retry-send'
import { MessageItem } from './MessageItem'
import { messageKey } from './messages'
import { retryMessage } from './outbox'
import { type MessageWindow, revealNewer, revealOlder, windowRange } from './windowing'

/** How close to an edge (px) counts as reaching it. */
const EDGE_PX = 80

/** Which rendered message keeps its place on screen through the next render. */
interface Anchor {
  key: string
  offset: number
  /** Kept through renders until the list is longer than this (an older page on its way). */
  until?: number
}

/**
 * The messages, newest at the bottom. Only a window of them is in the DOM (a 5,000-message
 * history renders as fast as a short one); scrolling to an edge moves the window, and at the top
 * loads the older page from the server. The message being read stays where it is meanwhile.
 */
export function MessageList() {
  const t = useAccount().strings.conversation
  const { store } = usePane()
  const { state } = store
  const messages = state.messages.value
  const view = useSignal<MessageWindow>({ pinned: true, endKey: null })
  const anchor = useRef<Anchor | null>(null)
  const ref = useRef<HTMLElement>(null)
  const { start, end } = windowRange(messages, view.value)
  const shown = messages.slice(start, end)
  const contactSeenAt = state.conversation.value?.contact_last_seen_at ?? 0

  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const kept = anchor.current
    if (kept?.until !== undefined && messages.length <= kept.until) return
    anchor.current = null
    const node = kept && el.querySelector<HTMLElement>(`[data-key="${kept.key}"]`)
    if (node && kept) el.scrollTop = node.offsetTop - kept.offset
    else if (view.value.pinned) el.scrollTop = el.scrollHeight
  })

  const keep = (which: 'first' | 'last', until?: number) => {
    const el = ref.current
    const node = el?.querySelector<HTMLElement>(
      which === 'first' ? '[data-key]' : '[data-key]:last-of-type',
    )
    const key = node?.dataset.key
    if (el && node && key) anchor.current = { key, offset: node.offsetTop - el.scrollTop, until }
  }

  const showOlder = async () => {
    const next = revealOlder(state.messages.value, view.value)
    if (next) {
      keep('first')
      view.value = next
      return
    }
    if (!state.hasOlder.value || state.loadingOlder.value) return
    const held = state.messages.value
    const last = held[windowRange(held, view.value).end - 1]
    // Held by key: the older page lands above what is shown without moving it.
    view.value = { pinned: false, endKey: last ? messageKey(last) : null }
    keep('first', held.length)
    await store.loadOlder()
    keep('first')
    view.value = revealOlder(state.messages.value, view.value) ?? { ...view.value }
  }

  const showNewer = () => {
    const next = revealNewer(state.messages.value, view.value)
    if (!next) return
    keep('last')
    view.value = next
  }

  const onScroll = () => {
    const el = ref.current
    if (!el) return
    const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight
    if (el.scrollTop < EDGE_PX) void showOlder()
    else if (fromBottom < EDGE_PX) showNewer()
    else if (view.value.pinned) {
      const last = messages[end - 1]
      view.value = { pinned: false, endKey: last ? messageKey(last) : null }
    }
  }

  const olderAvailable = start > 0 || state.hasOlder.value
  return (
    <section
      ref={ref}
      class="cv-messages"
      aria-label={t.messages}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the history (WCAG 2.1.1)
      tabIndex={0}
      onScroll={onScroll}
    >
      {olderAvailable && (
        <button
          type="button"
          class="cv-older"
          onClick={() => void showOlder()}
          disabled={state.loadingOlder.value}
        >
          {state.loadingOlder.value ? t.loadingOlder : t.older}
        </button>
      )}
      {messages.length === 0 && state.loadState.value === 'ready' && (
        <p class="cv-empty">{t.empty}</p>
      )}
      <ol class="cv-list">
        {shown.map((message) => (
          <MessageItem
            key={messageKey(message)}
            message={message}
            contactSeenAt={contactSeenAt}
            onRetry={(echoId) => void retryMessage(store, echoId)}
            onRetrySend={(id) => retryFailedSend(store, id)}
          />
        ))}
      </ol>
      {end < messages.length && (
        <button type="button" class="cv-newer" onClick={showNewer}>
          {t.newer}
        </button>
      )}
    </section>
  )
}
