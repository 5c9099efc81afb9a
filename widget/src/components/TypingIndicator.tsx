import { format } from '../i18n'
import { useWidget } from './context'

export function TypingIndicator() {
  const { state } = useWidget()
  const name = state.agentTyping.value
  return (
    <div class="typing" role="status">
      {name && (
        <>
          <span class="dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {format(state.t.value.messages.typing, { name })}
        </>
      )}
    </div>
  )
}
