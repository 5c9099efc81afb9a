import type { Strings } from '../i18n'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import type { ContactPage, ContactView } from './types'

export interface ListStatusProps {
  loading: boolean
  error: string | null
  page: ContactPage | undefined
  /** A search or label is applied: an empty answer is "no matches", not "no contacts yet". */
  searching: boolean
  /** Which contacts the list holds, so an empty one says what it would have listed. */
  view: ContactView
}

function summary(page: ContactPage, searching: boolean, view: ContactView, t: Strings['contacts']) {
  if (page.contacts.length === 0) {
    if (searching) return view === 'all' ? t.noMatchesAll : t.noMatches
    return view === 'all' ? t.noVisitors : t.noIdentified
  }
  if (page.total === null) return format(t.matchesOnPage, { count: page.contacts.length })
  if (page.capped) return format(t.countAtLeast, { count: page.total })
  return page.total === 1 ? t.countOne : format(t.count, { count: page.total })
}

/** How many contacts the list found, or why it found none: in live regions, so it is heard. */
export function ListStatus({ loading, error, page, searching, view }: ListStatusProps) {
  const t = useStrings().contacts
  return (
    <div class="contacts-status">
      <p class="contacts-count" role="status">
        {loading && !page ? t.loading : page ? summary(page, searching, view, t) : ''}
      </p>
      <p class="form-error" role="alert">
        {error ?? ''}
      </p>
    </div>
  )
}
