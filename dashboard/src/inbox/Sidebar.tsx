import { type Signal, useSignal } from '@preact/signals'
import { useEffect } from 'preact/hooks'
import { type ApiClient, unwrap } from '../api/client'
import type { Strings } from '../i18n'
import type { InboxFilters } from './filters'
import type { InboxStore } from './store'

export interface SidebarProps {
  api: ApiClient
  accountId: number
  store: InboxStore
  strings: Strings
  /** The account's teams and labels (kept current from the feed by the account's services). */
  teams: Signal<{ id: number; name: string }[]>
  labels: Signal<{ title: string }[]>
}

type Choice = { key: string; label: string; patch: Partial<InboxFilters>; active: boolean }

/** Inboxes, teams and labels of the account, each narrowing the list. */
export function Sidebar({ api, accountId, store, strings, teams, labels }: SidebarProps) {
  const t = strings.shell
  const inboxes = useSignal<{ id: number; name: string }[]>([])

  useEffect(() => {
    const path = { account_id: accountId }
    // Each list is optional to the inbox: one failing leaves the others.
    unwrap(api.GET('/api/v1/accounts/{account_id}/inboxes', { params: { path } }))
      .then((data) => {
        inboxes.value = data.payload
        store.inboxCount.value = data.payload.length
      })
      .catch(() => {})
  }, [api, accountId])

  const filters = store.filters.value
  const section = (id: string, title: string, choices: Choice[]) => (
    <section class="sidebar-section" aria-labelledby={id}>
      <h2 id={id} class="sidebar-title">
        {title}
      </h2>
      <ul class="sidebar-list">
        {choices.map((choice) => (
          <li key={choice.key}>
            <button
              type="button"
              class="sidebar-choice"
              aria-pressed={choice.active}
              onClick={() => store.setFilters(choice.patch)}
            >
              {choice.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )

  return (
    <nav class="sidebar" aria-label={t.mainNavigation}>
      {section('sidebar-inboxes', t.inboxes, [
        {
          key: 'all',
          label: t.allInboxes,
          patch: { inboxId: null },
          active: filters.inboxId === null,
        },
        ...inboxes.value.map((inbox) => ({
          key: String(inbox.id),
          label: inbox.name,
          patch: { inboxId: inbox.id },
          active: filters.inboxId === inbox.id,
        })),
      ])}
      {teams.value.length > 0 &&
        section('sidebar-teams', t.teams, [
          {
            key: 'all',
            label: t.anyTeam,
            patch: { teamId: null },
            active: filters.teamId === null,
          },
          ...teams.value.map((team) => ({
            key: String(team.id),
            label: team.name,
            patch: { teamId: team.id },
            active: filters.teamId === team.id,
          })),
        ])}
      {labels.value.length > 0 &&
        section('sidebar-labels', t.labels, [
          { key: 'all', label: t.anyLabel, patch: { label: null }, active: filters.label === null },
          ...labels.value.map((label) => ({
            key: label.title,
            label: label.title,
            patch: { label: label.title },
            active: filters.label === label.title,
          })),
        ])}
    </nav>
  )
}
