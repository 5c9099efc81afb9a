import { useAccount } from '../app/context'
import { format } from '../i18n'
import { usePane } from './context'

/**
 * "Sam is viewing" and "Sam is typing…" / "Visitor is typing…", from the room's roster and
 * typing frames: an agent sees who else may be answering before they write.
 */
export function TypingIndicator() {
  const t = useAccount().strings.conversation
  const { typists, viewers } = usePane().store.state
  const lines = typists.value.map((typist) =>
    typist.contact ? t.visitorTyping : format(t.agentTyping, { name: typist.name || t.bot }),
  )
  const names = viewers.value.map((viewer) => viewer.name).filter(Boolean)
  const viewing =
    names.length === 0
      ? ''
      : format(names.length === 1 ? t.agentViewing : t.agentsViewing, { names: names.join(', ') })
  return (
    <div class="cv-presence">
      {viewing && <p class="cv-viewing">{viewing}</p>}
      <p class="cv-typing" aria-live="polite">
        {[...new Set(lines)].join(' ')}
      </p>
    </div>
  )
}
