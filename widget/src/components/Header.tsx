import { useWidget } from './context'
import { Icon } from './Icon'
import { ReplyLine } from './ReplyLine'

export function Header() {
  const widget = useWidget()
  const { state } = widget
  const t = state.t.value
  const inbox = state.inbox.value
  const settings = state.settings
  const conversation = state.conversation.value
  const canEnd =
    settings.enableEndConversation !== false && conversation && conversation.status !== 'resolved'

  return (
    <header class="header">
      <div class="header-text">
        <h2 class="title" dir="auto">
          {settings.welcomeTitle || inbox?.welcome_title || t.welcome.title}
        </h2>
        <p class="tagline" dir="auto">
          {settings.welcomeDescription || inbox?.welcome_tagline || t.welcome.tagline}
        </p>
        <ReplyLine />
      </div>
      {canEnd && (
        <button
          type="button"
          class="icon-button"
          aria-label={t.conversation.end}
          title={t.conversation.end}
          onClick={() => void widget.endConversation()}
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
    </header>
  )
}
