import { useEffect, useRef, useState } from 'preact/hooks'
import type { Conversation } from '../client/types'
import { PAST } from '../i18n/past'
import { useWidget } from './context'

const ACTIVITY = 2

/** What a row shows of a conversation: its newest message that is not an activity line. */
function lastMessage(conversation: Conversation): string {
  let last: { id: number; content?: string | null } | undefined
  for (const m of conversation.messages ?? []) {
    if (m.message_type !== ACTIVITY && m.content && (!last || m.id > last.id)) last = m
  }
  return last?.content ?? ''
}

/**
 * The visitor's conversations, newest first: each opens in the chat, resolved ones included.
 * "Start a new conversation" is left out while one is ongoing in an inbox locked to a single
 * conversation (Chatwoot's lock_to_single_conversation: the server would hand that one back).
 */
export function PastConversations({ onClose }: { onClose: () => void }) {
  const widget = useWidget()
  const { state } = widget
  const t = state.t.value
  const p = PAST[state.lang.value]
  const [list, setList] = useState<Conversation[] | null>(null)
  const [failed, setFailed] = useState(false)
  const title = useRef<HTMLHeadingElement>(null)
  const section = useRef<HTMLElement>(null)
  const sourceId = state.session.value?.sourceId

  useEffect(() => {
    title.current?.focus()
    if (!sourceId) return setList([])
    widget.api.listConversations(sourceId).then(
      (conversations) => setList([...conversations].sort((a, b) => b.id - a.id)),
      () => setFailed(true),
    )
  }, [widget, sourceId])

  const leave = () => {
    const panel = section.current?.parentElement
    onClose()
    // The chat is back on the next render: the focus goes to its text box, not lost with the list.
    setTimeout(() => panel?.querySelector<HTMLElement>('[data-autofocus]')?.focus())
  }
  const open = (conversation: Conversation) => {
    if (conversation.id !== state.conversation.value?.id) {
      widget.startNewConversation()
      state.conversation.value = {
        id: conversation.id,
        status: conversation.status,
        agentLastSeenAt: conversation.agent_last_seen_at ?? 0,
      }
      // Loads the stored conversation: its newest messages, then its live updates.
      void widget.retryLoad()
    }
    leave()
  }
  const startNew = () => {
    widget.startNewConversation()
    leave()
  }
  const locked =
    state.inbox.value?.lock_to_single_conversation === true &&
    list?.some((c) => c.status !== 'resolved')

  return (
    <section ref={section} class="past" aria-labelledby="past-title">
      <div class="past-bar">
        <h2 id="past-title" ref={title} tabIndex={-1}>
          {p.title}
        </h2>
        <button type="button" class="secondary" onClick={leave}>
          {p.back}
        </button>
      </div>
      {failed ? (
        <p class="state" role="alert">
          {t.errors.load}
        </p>
      ) : !list ? (
        <p class="state" role="status">
          {t.panel.loading}
        </p>
      ) : list.length === 0 ? (
        <p class="state">{p.none}</p>
      ) : (
        <ul class="past-list">
          {list.map((conversation) => (
            <li key={conversation.id}>
              <button type="button" class="past-item" onClick={() => open(conversation)}>
                <span class="past-last">{lastMessage(conversation)}</span>
                <span class="past-status" data-status={conversation.status}>
                  {p.status[conversation.status as keyof typeof p.status] ?? conversation.status}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list && !locked && (
        <button type="button" class="primary past-new" onClick={startNew}>
          {t.conversation.startNew}
        </button>
      )}
    </section>
  )
}
