import type { Signal } from '@preact/signals'
import { useRef } from 'preact/hooks'
import { unwrap } from '../api/client'
import { useAccount } from '../app/context'
import { useStrings } from '../i18n/context'
import { PageHeader } from '../workspace/ui/PageHeader'
import { useLoad } from '../workspace/ui/useLoad'
import { ContactJobs } from './ContactJobs'
import { ContactSearch } from './ContactSearch'
import { ContactTable } from './ContactTable'
import { ContactViews } from './ContactViews'
import { loadContactPage } from './contacts-api'
import { ListStatus } from './ListStatus'
import { Pagination } from './Pagination'
import type { ContactQuery } from './types'

/** The list: search and label filter, one page of contacts, pages, and import and export. */
export function ContactList({ query }: { query: Signal<ContactQuery> }) {
  const t = useStrings().contacts
  const { api, accountId, isAdministrator } = useAccount()
  const current = query.value
  // Where each page the reader reached starts (the page before's next_cursor), for these filters
  // and sort: next and previous then read only their page, however deep.
  const cursors = useRef(new Map<number, string>())
  const list = useLoad(async () => {
    const page = await loadContactPage(api, accountId, current, cursors.current.get(current.page))
    if (page.nextCursor) cursors.current.set(page.page + 1, page.nextCursor)
    return page
  }, [current, accountId])
  const labels = useLoad(
    () =>
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/labels', {
          params: { path: { account_id: accountId } },
        }),
      ).then((body) => body.payload),
    [accountId],
  )
  // An import ends later, maybe after the search changed: reload whatever the list shows then.
  const reload = useRef(list.reload)
  reload.current = list.reload
  const change = (next: Partial<ContactQuery>) => {
    // Other filters or another sort: the cursors were where pages of the old list started.
    if (Object.keys(next).some((key) => key !== 'page')) cursors.current.clear()
    query.value = { ...current, page: 1, ...next }
  }
  const page = list.data.value

  return (
    <div class="workspace-page contacts">
      <PageHeader title={t.title} description={t.description} />
      <ContactViews view={current.view} onChange={(view) => change({ view })} />
      <ContactSearch query={current} labels={labels.data.value ?? []} onChange={change} />
      <ListStatus
        loading={list.loading.value}
        error={list.error.value}
        page={page}
        searching={current.q.trim() !== '' || current.label !== ''}
        view={current.view}
      />
      {page && page.contacts.length > 0 && (
        <ContactTable
          contacts={page.contacts}
          sort={current.sort}
          onSort={(sort) => change({ sort })}
        />
      )}
      {page && (
        <Pagination
          page={page.page}
          total={page.capped ? null : page.total}
          hasMore={page.hasMore}
          onPage={(next) => change({ page: next })}
        />
      )}
      {isAdministrator ? (
        <ContactJobs query={current} onImported={() => reload.current()} />
      ) : (
        <p class="contacts-note">{t.administratorsOnly}</p>
      )}
    </div>
  )
}
