import { useEffect, useRef, useState } from 'preact/hooks'
import { useWidget } from './context'
import { Icon } from './Icon'
import { ReplyLine } from './ReplyLine'
import { usePart } from './use-part'

export function Header() {
  const widget = useWidget()
  const { state } = widget
  const t = state.t.value
  const inbox = state.inbox.value
  const settings = state.settings
  const conversation = state.conversation.value
  const canEnd =
    settings.enableEndConversation !== false && conversation && conversation.status !== 'resolved'
  // The ✓ asks first: ending by a stray click loses the visitor their conversation.
  const [confirming, setConfirming] = useState(false)
  const team = usePart('team')
  const teamFailed = widget.parts.failed.value.team === true
  const endButton = useRef<HTMLButtonElement>(null)
  // Without the team chunk (its fetch failed) the ✓ still ends the chat: the browser's own
  // confirm asks instead of the inline question.
  useEffect(() => {
    if (!confirming || team || !teamFailed) return
    setConfirming(false)
    if (confirm(t.conversation.end)) void widget.endConversation()
  }, [confirming, team, teamFailed, t, widget])

  return (
    <header class="header">
      <div class="header-text">
        <h2 class="title" dir="auto">
          {settings.welcomeTitle || inbox?.welcome_title || t.welcome.title}
        </h2>
        <p class="tagline" dir="auto">
          {settings.welcomeDescription || inbox?.welcome_tagline || t.welcome.tagline}
        </p>
        {team && <team.TeamPresence />}
        <ReplyLine />
      </div>
      {canEnd && (
        <button
          ref={endButton}
          type="button"
          class="icon-button"
          aria-label={t.conversation.end}
          aria-expanded={confirming}
          title={t.conversation.end}
          onClick={() => setConfirming(!confirming)}
        >
          <Icon name="end" />
        </button>
      )}
      <button
        type="button"
        class="icon-button"
        aria-label={t.panel.close}
        title={t.panel.close}
        onClick={() => widget.close()}
      >
        <Icon name="close" />
      </button>
      {canEnd && confirming && team && (
        <team.EndConfirm
          onEnd={() => {
            setConfirming(false)
            void widget.endConversation()
          }}
          onCancel={() => setConfirming(false)}
          from={endButton}
        />
      )}
    </header>
  )
}
