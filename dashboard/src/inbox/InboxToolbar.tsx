import { useEffect, useRef } from 'preact/hooks'
import type { Strings } from '../i18n'
import {
  ASSIGNEE_TABS,
  type AssigneeTab,
  SORT_ORDERS,
  type SortOrder,
  STATUS_FILTERS,
  type StatusFilter,
} from './filters'
import type { InboxStore } from './store'

export interface InboxToolbarProps {
  store: InboxStore
  strings: Strings
  /** Receives the search box, so the `/` shortcut can focus it. */
  searchRef: { current: HTMLInputElement | null }
}

/** The list the tabs control (ConversationList's tab panel). */
export const CONVERSATION_PANEL_ID = 'inbox-conversations'

const TAB_LABEL = { me: 'tabMine', unassigned: 'tabUnassigned', all: 'tabAll' } as const
const COUNT_OF = { me: 'mine_count', unassigned: 'unassigned_count', all: 'all_count' } as const
const STATUS_LABEL = {
  open: 'statusOpen',
  pending: 'statusPending',
  snoozed: 'statusSnoozed',
  resolved: 'statusResolved',
  all: 'statusAll',
} as const
const SORT_LABEL = {
  last_activity_at_desc: 'sortLastActivity',
  created_at_asc: 'sortCreated',
  priority_desc: 'sortPriority',
  waiting_since_asc: 'sortWaiting',
} as const

/** Mine / Unassigned / All with their counts, the status and sort choices, and the search. */
export function InboxToolbar({ store, strings, searchRef }: InboxToolbarProps) {
  const t = strings.shell
  const filters = store.filters.value
  const counts = store.counts.value
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(searchTimer.current), [])

  function moveBetweenTabs(event: KeyboardEvent) {
    const index = ASSIGNEE_TABS.indexOf(store.filters.value.assignee)
    const last = ASSIGNEE_TABS.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % ASSIGNEE_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % ASSIGNEE_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    const tab = next === null ? undefined : ASSIGNEE_TABS[next]
    if (!tab) return
    event.preventDefault()
    store.setFilters({ assignee: tab })
    document.getElementById(`inbox-tab-${tab}`)?.focus()
  }

  function search(value: string) {
    clearTimeout(searchTimer.current)
    searchTimer.current = setTimeout(() => {
      if (value.trim() !== store.filters.value.q.trim()) store.setFilters({ q: value })
    }, 300)
  }

  return (
    <div class="toolbar">
      <div class="tabs" role="tablist" aria-label={t.tabs}>
        {ASSIGNEE_TABS.map((tab: AssigneeTab) => (
          <button
            key={tab}
            id={`inbox-tab-${tab}`}
            type="button"
            role="tab"
            class="tab"
            aria-selected={filters.assignee === tab}
            aria-controls={CONVERSATION_PANEL_ID}
            // One tab stop for the group; the arrow keys move between tabs (ARIA tabs pattern).
            tabIndex={filters.assignee === tab ? 0 : -1}
            onClick={() => store.setFilters({ assignee: tab })}
            onKeyDown={moveBetweenTabs}
          >
            {t[TAB_LABEL[tab]]}
            {counts && <span class="tab-count"> {counts[COUNT_OF[tab]]}</span>}
          </button>
        ))}
      </div>
      <div class="toolbar-row">
        <label class="field">
          <span>{t.status}</span>
          <select
            value={filters.status}
            onChange={(e) => store.setFilters({ status: e.currentTarget.value as StatusFilter })}
          >
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t[STATUS_LABEL[s]]}
              </option>
            ))}
          </select>
        </label>
        <label class="field">
          <span>{t.sort}</span>
          <select
            value={filters.sort}
            onChange={(e) => store.setFilters({ sort: e.currentTarget.value as SortOrder })}
          >
            {SORT_ORDERS.map((s) => (
              <option key={s} value={s}>
                {t[SORT_LABEL[s]]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <search class="search">
        <label for="inbox-search" class="visually-hidden">
          {t.search}
        </label>
        <input
          id="inbox-search"
          ref={searchRef}
          type="search"
          placeholder={t.search}
          aria-describedby="inbox-search-hint"
          defaultValue={filters.q}
          onInput={(e) => search(e.currentTarget.value)}
        />
        <span id="inbox-search-hint" class="visually-hidden">
          {t.searchHint}
        </span>
      </search>
    </div>
  )
}
