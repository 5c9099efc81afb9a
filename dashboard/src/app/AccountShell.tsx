import { effect, useSignal } from '@preact/signals'
import { useEffect, useMemo, useRef } from 'preact/hooks'
import type { ApiClient } from '../api/client'
import type { Profile } from '../api/schema'
import { ConversationPane } from '../conversation/ConversationPane'
import { prepareTimeFormats } from '../conversation/format'
import type { Strings } from '../i18n'
import { ConversationList } from '../inbox/ConversationList'
import { InboxToolbar } from '../inbox/InboxToolbar'
import { Sidebar } from '../inbox/Sidebar'
import type { FeedRefusal } from '../live/feed'
import { titleWithCount } from '../notify/title'
import { WorkspaceView } from '../workspace/WorkspaceView'
import { createAccountServices } from './account-services'
import { CheatSheet } from './CheatSheet'
import { AccountContext } from './context'
import { Header } from './Header'
import { LanguagePicker } from './LanguagePicker'
import { PaneToggle } from './PaneToggle'
import { PreferenceControls } from './PreferenceControls'
import { unfoldingCommands } from './phone-folds'
import { type AccountRoute, conversationPath, inboxPath, type Router } from './router'
import { installShortcuts } from './shortcuts'

export interface AccountShellProps {
  api: ApiClient
  accountId: number
  me: Profile
  strings: Strings
  router: Router
  route: AccountRoute
  onSignOut(): void
  onRefused(reason: FeedRefusal): void
}

/** A signed-in account: header, sidebar, the list and the open conversation. */
export function AccountShell(props: AccountShellProps) {
  const { accountId, strings, router, route } = props
  const displayId = route.name === 'conversation' ? route.displayId : null
  const workspace =
    route.name === 'contacts' ||
    route.name === 'settings' ||
    route.name === 'funnels' ||
    route.name === 'reports'
      ? route
      : null
  const t = strings.shell
  const bundle = useMemo(
    () =>
      createAccountServices({
        api: props.api,
        accountId,
        me: props.me,
        strings,
        navigate: (path) => router.navigate(path),
        onRefused: props.onRefused,
      }),
    [accountId],
  )
  useEffect(() => () => bundle.close(), [bundle])
  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200))
    idle(prepareTimeFormats)
  }, [])
  const { store, services } = bundle
  const cheatSheet = useSignal(false)
  const search = useRef<HTMLInputElement>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const conversationRegion = useRef<HTMLDivElement>(null)
  // A phone shows one screen at a time: what is unfolded over the list or the conversation.
  const sidebarOpen = useSignal(false)
  const actionsOpen = useSignal(false)
  const contactOpen = useSignal(false)
  useEffect(() => {
    actionsOpen.value = false
    contactOpen.value = false
  }, [displayId])

  useEffect(() => store.open(displayId), [store, displayId])

  // The tab's title counts the conversations with unread messages.
  useEffect(
    () =>
      effect(() => {
        document.title = titleWithCount(t.appName, store.unread.value)
      }),
    [store],
  )

  // After an in-app navigation focus goes to what changed: the conversation, or the list.
  const navigations = router.navigations.value
  useEffect(() => {
    if (navigations === 0) return
    if (workspace) document.getElementById('main')?.focus()
    else if (displayId !== null) conversationRegion.current?.focus()
    else listHeading.current?.focus()
  }, [navigations])
  const section = workspace ? workspace.name : 'conversations'

  useEffect(
    () =>
      installShortcuts(document, {
        enabled: () => services.preferences.value.shortcuts,
        commands: unfoldingCommands(
          services.commands,
          () => conversationRegion.current,
          actionsOpen,
        ),
        move(step) {
          const list = store.conversations.value
          if (list.length === 0) return
          const index = list.findIndex((c) => c.id === store.openDisplayId.value)
          const next = list[index === -1 ? 0 : Math.min(list.length - 1, Math.max(0, index + step))]
          if (next) router.navigate(conversationPath(accountId, next.id))
        },
        focusSearch: () => search.current?.focus(),
        openCheatSheet: () => {
          cheatSheet.value = true
        },
        leaveField(field) {
          // Into the open conversation (its region takes focus), else just out of the field.
          const region = conversationRegion.current
          if (region?.contains(field)) region.focus()
          else field.blur()
        },
      }),
    [services],
  )

  // The same elements on every render: opening a conversation re-renders the shell, and Preact
  // skips an element it is handed again, so the list and sidebar don't redraw with the route.
  const sidebar = useMemo(
    () => (
      <Sidebar
        api={props.api}
        accountId={accountId}
        store={store}
        strings={strings}
        teams={bundle.lists.teams.items}
        labels={bundle.lists.labels.items}
      />
    ),
    [bundle],
  )
  const listPane = useMemo(
    () => (
      <section class="list-pane" aria-labelledby="list-heading">
        <div class="list-heading-row">
          <h1 id="list-heading" class="list-heading" ref={listHeading} tabIndex={-1}>
            {t.conversations}
          </h1>
          <PaneToggle open={sidebarOpen} label={t.inboxFilters} class="sidebar-toggle" />
        </div>
        <InboxToolbar store={store} strings={strings} searchRef={search} />
        <ConversationList
          store={store}
          accountId={accountId}
          strings={strings}
          navigate={services.navigate}
          labels={bundle.lists.labels.items}
        />
      </section>
    ),
    [bundle],
  )
  const showing = displayId !== null
  return (
    <AccountContext.Provider value={services}>
      <a class="skip-link" href="#main">
        {t.skipToMain}
      </a>
      <div
        class={`shell${workspace ? ' shell-workspace' : showing ? ' shell-conversation' : ' shell-inbox'}${sidebarOpen.value ? ' shell-sidebar-open' : ''}`}
      >
        <Header
          bundle={bundle}
          section={section}
          onShowShortcuts={() => {
            cheatSheet.value = true
          }}
          onSignOut={props.onSignOut}
        />
        {workspace ? (
          <main id="main" class="workspace-main" tabIndex={-1}>
            <WorkspaceView route={workspace} />
          </main>
        ) : (
          <>
            {sidebar}
            <main id="main" class="main" tabIndex={-1}>
              {listPane}
              <div
                class={`conversation-pane${actionsOpen.value ? ' phone-actions-open' : ''}${contactOpen.value ? ' phone-contact-open' : ''}`}
                ref={conversationRegion}
                tabIndex={-1}
              >
                {displayId !== null ? (
                  <>
                    <div class="phone-bar">
                      {contactOpen.value ? (
                        <button
                          type="button"
                          class="back-link"
                          onClick={() => {
                            contactOpen.value = false
                          }}
                        >
                          {t.backToConversation}
                        </button>
                      ) : (
                        <a
                          class="back-link"
                          href={inboxPath(accountId)}
                          onClick={(e) => {
                            e.preventDefault()
                            router.navigate(inboxPath(accountId))
                          }}
                        >
                          {t.backToInbox}
                        </a>
                      )}
                      {!contactOpen.value && (
                        <PaneToggle
                          open={actionsOpen}
                          label={t.conversationActions}
                          class="actions-toggle"
                        />
                      )}
                      <PaneToggle open={contactOpen} label={t.showContact} class="contact-toggle" />
                    </div>
                    <ConversationPane key={displayId} displayId={displayId} />
                  </>
                ) : (
                  <p class="pane-empty">{t.noConversationOpen}</p>
                )}
              </div>
            </main>
          </>
        )}
      </div>
      <div class="visually-hidden" aria-live="polite">
        {bundle.announcement.value}
      </div>
      {cheatSheet.value && (
        <CheatSheet
          strings={strings}
          onClose={() => {
            cheatSheet.value = false
          }}
        >
          <PreferenceControls />
          <LanguagePicker />
        </CheatSheet>
      )}
    </AccountContext.Provider>
  )
}
