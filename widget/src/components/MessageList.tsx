import { useLayoutEffect, useRef } from 'preact/hooks'
import { MESSAGE_TYPE } from '../client/types'
import { useWidget } from './context'
import { useFollowNewest } from './follow-newest'
import { MessageItem } from './MessageItem'

/**
 * The conversation as a `role="log"` live region: screen readers hear new messages as they
 * arrive. Stays scrolled to the newest message unless the visitor scrolled up to read; then a
 * "new messages" button, once others' messages arrive below, takes them down to it.
 */
export function MessageList() {
  const widget = useWidget()
  const { state } = widget
  const t = state.t.value
  const messages = state.messages.value
  const ref = useRef<HTMLDivElement>(null)
  const follow = useFollowNewest(ref, messages.at(-1))
  const heightBeforeOlder = useRef<number | null>(null)
  const agentSeen = state.conversation.value?.agentLastSeenAt ?? 0
  let lastOwn: (typeof messages)[number] | undefined
  for (const m of messages)
    if (m.message_type === MESSAGE_TYPE.incoming && m.id !== undefined) lastOwn = m

  // Older messages added above keep the visitor's place.
  useLayoutEffect(() => {
    const el = ref.current
    if (el && heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current
      heightBeforeOlder.current = null
    }
  })

  const loadOlder = () => {
    heightBeforeOlder.current = ref.current?.scrollHeight ?? null
    void widget.loadOlder()
  }

  return (
    <>
      <div
        ref={ref}
        class="messages"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t.messages.label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the history (WCAG 2.1.1)
        tabIndex={0}
        onScroll={follow.onScroll}
      >
        {state.hasOlder.value && (
          <button
            type="button"
            class="jump"
            onClick={loadOlder}
            disabled={state.loadingOlder.value}
          >
            {t.messages.older}
          </button>
        )}
        {messages.length === 0 && !state.loadingConversation.value && (
          <p class="empty">{t.messages.empty}</p>
        )}
        {messages.map((message) => (
          <MessageItem
            key={message.echo_id ?? message.id}
            message={message}
            receipt={
              message === lastOwn
                ? agentSeen >= message.created_at || message.status === 'read'
                  ? t.messages.read
                  : t.messages.sent
                : undefined
            }
          />
        ))}
      </div>
      {follow.unseen && (
        <button type="button" class="jump" onClick={follow.jump}>
          {t.messages.newer}
        </button>
      )}
    </>
  )
}
