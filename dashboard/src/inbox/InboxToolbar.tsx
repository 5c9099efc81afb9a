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

  function search(value: string) {
    clearTimeout(searchTimer.current)
    searchTimer.current = setTimeout(() => {
      if (value.trim() !== store.filters.value.q.trim()) store.setFilters({ q: value })
    }, 300)
  }

  return (
    <div class="toolbar">
      <fieldset class="tabs">
        <legend class="visually-hidden">{t.tabs}</legend>
        {ASSIGNEE_TABS.map((tab: AssigneeTab) => (
          <button
            key={tab}
            type="button"
            class="tab"
            aria-pressed={filters.assignee === tab}
            onClick={() => store.setFilters({ assignee: tab })}
          >
            {t[TAB_LABEL[tab]]}
            {counts && <span class="tab-count"> {counts[COUNT_OF[tab]]}</span>}
          </button>
        ))}
      </fieldset>
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
