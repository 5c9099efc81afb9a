import { useWidget } from './context'

export function EndedNotice() {
  const widget = useWidget()
  const t = widget.state.t.value
  return (
    <div class="ended">
      <p>{t.conversation.ended}</p>
      <button type="button" class="primary" onClick={() => widget.startNewConversation()}>
        {t.conversation.startNew}
      </button>
    </div>
  )
}
