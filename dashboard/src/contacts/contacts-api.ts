import { type ApiClient, unwrap } from '../api/client'
import type { ContactPage, ContactQuery } from './types'

/** The API's page size for contacts (CONTACTS_PER_PAGE in the worker). */
export const CONTACTS_PER_PAGE = 15

/**
 * One page of the list (filtered by label) or of a search. The search endpoint takes no label,
 * so a search text wins over the label filter. `cursor` (the previous page's next_cursor) starts
 * a list page after that contact, so a deep page does not walk the ones before it.
 */
export async function loadContactPage(
  api: ApiClient,
  accountId: number,
  query: ContactQuery,
  cursor?: string,
): Promise<ContactPage> {
  const q = query.q.trim()
  if (q) {
    const body = await unwrap(
      api.GET('/api/v1/accounts/{account_id}/contacts/search', {
        params: {
          path: { account_id: accountId },
          query: {
            q,
            view: query.view,
            page: query.page,
            sort: query.sort,
            include_contact_inboxes: 'false',
          },
        },
      }),
    )
    return {
      contacts: body.payload,
      page: body.meta.current_page,
      total: null,
      capped: false,
      hasMore: body.meta.has_more,
    }
  }
  const body = await unwrap(
    api.GET('/api/v1/accounts/{account_id}/contacts', {
      params: {
        path: { account_id: accountId },
        query: {
          view: query.view,
          page: query.page,
          sort: query.sort,
          include_contact_inboxes: 'false',
          ...(query.label ? { 'labels[]': [query.label] } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
    }),
  )
  return {
    contacts: body.payload,
    page: body.meta.current_page,
    total: body.meta.count,
    capped: body.meta.count_capped === true,
    // Past the cap the count says nothing about later pages: a full page may have a next one.
    hasMore: body.meta.count_capped
      ? body.payload.length === CONTACTS_PER_PAGE
      : body.meta.current_page * CONTACTS_PER_PAGE < body.meta.count,
    nextCursor: body.meta.next_cursor,
  }
}
