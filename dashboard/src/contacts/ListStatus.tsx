import type { Strings } from '../i18n'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import type { ContactPage } from './types'

export interface ListStatusProps {
  loading: boolean
  error: string | null
  page: ContactPage | undefined
  /** A search or label is applied: an empty answer is "no matches", not "no contacts yet". */
  searching: boolean
}

function summary(page: ContactPage, searching: boolean, t: Strings['contacts']) {
  if (page.contacts.length === 0) return searching ? t.noMatches : t.noContacts
  if (page.total === null) return format(t.matchesOnPage, { count: page.contacts.length })
  return page.total === 1 ? t.countOne : format(t.count, { count: page.total })
}

/** How many contacts the list found, or why it found none: in live regions, so it is heard. */
export function ListStatus({ loading, error, page, searching }: ListStatusProps) {
  const t = useStrings().contacts
  return (
    <div class="contacts-status">
      <p class="contacts-count" role="status">
        {loading && !page ? t.loading : page ? summary(page, searching, t) : ''}
      </p>
      <p class="form-error" role="alert">
        {error ?? ''}
      </p>
    </div>
  )
}
