import { useEffect, useMemo } from 'preact/hooks'
import { type AccountServices, useAccount } from '../app/context'
import { format } from '../i18n'
import { ActionsBar } from './ActionsBar'
import { createDirectory, setStatus } from './actions'
import { Composer } from './Composer'
import { ContactPanel } from './ContactPanel'
import { createPaneServices, PaneContext, type PaneServices } from './context'
import { senderAuthFailed } from './email/email-attributes'
import { LabelChips } from './LabelChips'
import { LiveAnnouncer } from './LiveAnnouncer'
import { MessageList } from './MessageList'
import { useStages } from './stages'
import { createConversationStore } from './store'
import { TypingIndicator } from './TypingIndicator'
import './conversation.css'

/** The shell's single-key shortcuts, acted on by the open conversation. */
function listen(account: AccountServices, pane: PaneServices): () => void {
  const { commands } = account
  const stops = [
    commands.on('reply', () => {
      pane.composerRequest.value = { mode: 'reply', at: Date.now() }
    }),
    commands.on('note', () => {
      pane.composerRequest.value = { mode: 'note', at: Date.now() }
    }),
    commands.on('resolve', () => void setStatus(pane.store, 'resolved')),
    commands.on('assign', () => {
      pane.assignRequest.value++
    }),
    commands.on('snooze', () => {
      pane.openMenu.value = 'snooze'
    }),
    commands.on('label', () => {
      pane.openMenu.value = 'labels'
    }),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}

function Pane({ displayId }: { displayId: number }) {
  const account = useAccount()
  const t = account.strings.conversation
  const pane = useMemo(() => {
    const store = createConversationStore({
      api: account.api,
      feed: account.feed,
      accountId: account.accountId,
      displayId,
      me: account.me,
    })
    return createPaneServices(store, createDirectory(store))
  }, [displayId])
  const { store } = pane
  // 0: the header; 1: the messages, composer and actions; 2: the contact panel.
  const stage = useStages(2)

  useEffect(() => {
    void store.load()
    const stop = listen(account, pane)
    return () => {
      stop()
      pane.directory.stop()
      store.dispose()
    }
  }, [pane])

  const conversation = store.state.conversation.value
  const loadState = store.state.loadState.value
  const refused = store.state.roomStatus.value === 'refused'
  const title = format(t.label, { id: displayId })
  return (
    <PaneContext.Provider value={pane}>
      <section class="cv-pane" aria-label={title}>
        <header class="cv-header">
          <h2>
            {conversation?.meta.sender.name ?? t.visitor} <span class="cv-id">#{displayId}</span>
          </h2>
          {conversation && (
            <LabelChips
              titles={conversation.labels ?? []}
              colors={new Map(pane.directory.labels.value.map((l) => [l.title, l.color]))}
              label={t.labels}
              more={(count) => format(t.moreLabels, { count })}
              max={6}
            />
          )}
          {conversation && senderAuthFailed(conversation.additional_attributes) && (
            <p class="cv-auth-warning">{t.authWarning}</p>
          )}
          {stage >= 1 && <ActionsBar />}
          {store.state.roomStatus.value === 'waiting' && (
            <p class="cv-offline" role="status">
              {t.socketOffline}
            </p>
          )}
          {refused && (
            <p class="cv-error" role="alert">
              {t.noAccess}
            </p>
          )}
        </header>
        {/* Access taken away (4403) or the conversation gone (4410): its content goes too. */}
        {refused ? (
          <p>
            <button
              type="button"
              onClick={() => account.navigate(`/app/accounts/${account.accountId}/dashboard`)}
            >
              {account.strings.shell.backToInbox}
            </button>
          </p>
        ) : loadState === 'failed' ? (
          <div class="cv-failed-load" role="alert">
            <p>{t.loadFailed}</p>
            <button type="button" onClick={() => void store.load()}>
              {t.tryAgain}
            </button>
          </div>
        ) : (
          <div class="cv-body">
            <div class="cv-main">
              {loadState === 'loading' && <p class="cv-loading">{t.loading}</p>}
              {stage >= 1 && (
                <>
                  <MessageList />
                  <TypingIndicator />
                  <Composer />
                </>
              )}
            </div>
            {stage >= 2 && <ContactPanel />}
          </div>
        )}
        <LiveAnnouncer />
      </section>
    </PaneContext.Provider>
  )
}

/** One conversation: its messages, composer, actions and contact panel. */
export function ConversationPane(props: { displayId: number }) {
  // A fresh pane per conversation: its state, socket and drafts never leak into the next one.
  return <Pane key={props.displayId} displayId={props.displayId} />
}
