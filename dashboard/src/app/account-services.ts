import { effect, signal } from '@preact/signals'
import type { ApiClient } from '../api/client'
import { unwrap } from '../api/client'
import type { Conversation, Label, Profile, Team } from '../api/schema'
import { format, type Strings } from '../i18n'
import { filtersFrom } from '../inbox/filters'
import { createInboxStore, type InboxNews } from '../inbox/store'
import { createAccountList } from '../live/cache-keys'
import { type FeedRefusal, feedUrl } from '../live/feed'
import { createSharedFeed } from '../live/shared-feed'
import { createAlerts } from '../notify/alerts'
import { createCommandBus } from './commands'
import type { AccountServices } from './context'
import { preferencesFrom } from './preferences'
import { conversationPath } from './router'

export interface AccountSetup {
  api: ApiClient
  accountId: number
  me: Profile
  strings: Strings
  navigate(path: string): void
  /** The feed was refused for good (signed out elsewhere, removed from the account). */
  onRefused(reason: FeedRefusal): void
  origin?: string
  doc?: Document
}

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null')
  } catch {
    return null
  }
}

const senderName = (conversation: Conversation) =>
  conversation.meta.sender.name || `#${conversation.id}`

/**
 * Everything one signed-in account's views share: the feed socket, the list, the command bus,
 * the alerts and the polite announcements. Built once per account and closed with it.
 */
export function createAccountServices(setup: AccountSetup) {
  const { api, accountId, me, strings, navigate } = setup
  const doc = setup.doc ?? document
  const t = strings.shell
  const announcement = signal('')
  // One socket for all of this agent's tabs on the account (each tab's own without Web Locks).
  const feed = createSharedFeed({
    name: `parley-feed:${me.id}:${accountId}`,
    url: (after) => feedUrl(setup.origin ?? location.origin, accountId, after),
    onRefused: setup.onRefused,
    locks: globalThis.navigator?.locks,
    BroadcastChannel: globalThis.BroadcastChannel,
  })
  const preferences = signal(preferencesFrom(me.ui_settings))
  const alerts = createAlerts({
    doc,
    sound: () => preferences.value.sound,
    open: (displayId) => navigate(conversationPath(accountId, displayId)),
    describe(news) {
      if (news.kind === 'conversation') {
        const c = news.conversation
        return {
          title: format(t.newConversation, { name: senderName(c) }),
          body: c.last_non_activity_message?.content ?? '',
          displayId: c.id,
        }
      }
      const name = (news.message.sender as { name?: string } | undefined)?.name ?? ''
      return {
        title: format(t.newMessageFrom, { name }),
        body: news.message.content ?? '',
        displayId: news.message.conversation_id,
      }
    },
  })
  const onNews = (news: InboxNews) => {
    if (news.kind === 'conversation') {
      // A polite live region: screen readers hear of new conversations between other speech.
      const text = format(t.newConversation, { name: senderName(news.conversation) })
      announcement.value = announcement.value === text ? `${text}\u00a0` : text
    }
    alerts.alert(news)
  }
  const filtersKey = `parley:inbox-filters:${me.id}:${accountId}`
  const store = createInboxStore({
    api,
    accountId,
    meId: me.id,
    feed,
    onNews,
    initialFilters: filtersFrom(readJson(filtersKey)),
    administrator: me.accounts.some((a) => a.id === accountId && a.role === 'administrator'),
  })
  // The list opens next time as the agent left it (tab, status, sort, sidebar choice).
  const stopSavingFilters = effect(() => {
    const { q: _search, ...kept } = store.filters.value
    try {
      localStorage.setItem(filtersKey, JSON.stringify(kept))
    } catch {}
  })
  const services: AccountServices = {
    api,
    feed,
    accountId,
    me,
    isAdministrator: me.accounts.some((a) => a.id === accountId && a.role === 'administrator'),
    preferences,
    commands: createCommandBus(),
    strings,
    navigate,
  }

  // The account's labels and teams, for the sidebar and the rows' chip colours: loaded once,
  // again when Settings changes them.
  const path = { params: { path: { account_id: accountId } } }
  const lists = {
    labels: createAccountList<Label>(feed, 'label', () =>
      unwrap(api.GET('/api/v1/accounts/{account_id}/labels', path)).then((found) => found.payload),
    ),
    teams: createAccountList<Team>(feed, 'team', () =>
      unwrap(api.GET('/api/v1/accounts/{account_id}/teams', path)),
    ),
  }

  const wake = () => {
    if (doc.visibilityState === 'visible') feed.reconnectNow()
  }
  const stopStore = store.start()
  doc.addEventListener('visibilitychange', wake)
  globalThis.addEventListener?.('online', wake)

  return {
    services,
    store,
    alerts,
    announcement,
    lists,
    close() {
      lists.labels.stop()
      lists.teams.stop()
      stopStore()
      stopSavingFilters()
      doc.removeEventListener('visibilitychange', wake)
      globalThis.removeEventListener?.('online', wake)
      feed.close()
    },
  }
}

export type AccountBundle = ReturnType<typeof createAccountServices>
