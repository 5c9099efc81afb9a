import { useAccount } from '../app/context'
import { format } from '../i18n'
import { usePane } from './context'

/** "Visitor is typing…" (and colleagues typing), from the room's typing frames. */
export function TypingIndicator() {
  const t = useAccount().strings.conversation
  const typists = usePane().store.state.typists.value
  const lines = typists.map((typist) =>
    typist.contact ? t.visitorTyping : format(t.agentTyping, { name: typist.name || t.bot }),
  )
  return (
    <p class="cv-typing" aria-live="polite">
      {[...new Set(lines)].join(' ')}
    </p>
  )
}
