import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { CONTACTS_PER_PAGE } from './contacts-api'

export interface PaginationProps {
  page: number
  /** All matching contacts, or null when unknown (a search). */
  total: number | null
  hasMore: boolean
  onPage(page: number): void
}

/** Previous and next, and where the reader is. Nothing when everything fits one page. */
export function Pagination({ page, total, hasMore, onPage }: PaginationProps) {
  const t = useStrings().contacts
  if (page <= 1 && !hasMore) return null
  const pages = total === null ? null : Math.max(1, Math.ceil(total / CONTACTS_PER_PAGE))
  return (
    <nav class="contacts-pages" aria-label={t.pagination}>
      <button type="button" class="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </button>
      <span aria-current="page">
        {pages === null ? format(t.page, { page }) : format(t.pageOf, { page, pages })}
      </span>
      <button type="button" class="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t.next}
      </button>
    </nav>
  )
}
