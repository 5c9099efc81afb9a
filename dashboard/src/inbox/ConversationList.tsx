import type { Signal } from '@preact/signals'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { Strings } from '../i18n'
import { ConversationRow } from './ConversationRow'
import { CONVERSATION_PANEL_ID } from './InboxToolbar'
import type { InboxStore } from './store'

export interface ConversationListProps {
  store: InboxStore
  accountId: number
  strings: Strings
  navigate(path: string): void
  /** The account's labels, loaded once: the rows' chips take their colours by title. */
  labels?: Signal<{ title: string; color: string }[]>
}

/** The rows, and the next page when the end of the list scrolls into view. */
export function ConversationList({
  store,
  accountId,
  strings,
  navigate,
  labels,
}: ConversationListProps) {
  const t = strings.shell
  const sentinel = useRef<HTMLDivElement>(null)
  const [nowMs, setNowMs] = useState(Date.now())

  // Relative times age without a request: a repaint a minute.
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    const target = sentinel.current
    if (!target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void store.loadMore()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [store])

  const labelList = labels?.value
  const labelColors = useMemo(
    () => new Map((labelList ?? []).map((l) => [l.title, l.color])),
    [labelList],
  )
  const list = store.conversations.value
  const status = store.status.value
  return (
    <div
      class="list-scroll"
      id={CONVERSATION_PANEL_ID}
      role="tabpanel"
      aria-labelledby={`inbox-tab-${store.filters.value.assignee}`}
    >
      {status === 'failed' && (
        <p class="list-note" role="alert">
          {t.loadFailed}{' '}
          <button type="button" class="button" onClick={() => void store.reload()}>
            {t.retry}
          </button>
        </p>
      )}
      {status === 'loading' && list.length === 0 && <p class="list-note">{t.loading}</p>}
      {status === 'loaded' && list.length === 0 && (
        <p class="list-note">
          {store.inboxCount.value !== 0
            ? t.empty
            : store.administrator
              ? t.noInboxAdmin
              : t.noInbox}
        </p>
      )}
      <ul class="rows" aria-label={t.conversations} aria-busy={status === 'loading'}>
        {list.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            accountId={accountId}
            selected={store.openDisplayId.value === conversation.id}
            nowMs={nowMs}
            strings={strings}
            navigate={navigate}
            labelColors={labelColors}
          />
        ))}
      </ul>
      <div ref={sentinel} class="list-end">
        {store.hasMore.value && (
          <button
            type="button"
            class="button"
            disabled={store.loadingMore.value}
            onClick={() => void store.loadMore()}
          >
            {store.loadingMore.value ? t.loadingMore : t.loadMore}
          </button>
        )}
      </div>
    </div>
  )
}
