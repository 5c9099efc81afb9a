import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type ContactFilter, listContactPage } from '../../db/queries/contact-search'
import {
  type ContactAfter,
  type ContactSortKey,
  contactSortValue,
} from '../../db/queries/contact-sort'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor'
import { restrictedAgentId } from '../../middleware/access'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, jsonResponse } from '../../schemas/common'
import { ContactListSchema, ContactSearchResultSchema } from '../../schemas/contacts'
import {
  CONTACTS_PER_PAGE,
  ContactListQuerySchema,
  ContactSearchQuerySchema,
} from '../../schemas/contacts-input'
import { pageAnchors } from '../page-anchors'
import { createRouter } from '../router'
import { base, contactJson, labelsOf, tags } from './shared'

const listContacts = createRoute({
  operationId: 'listContacts',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'List contacts with an email, phone number or identifier, 15 a page',
  description:
    'A full page carries `meta.next_cursor`; passing it as `cursor` gives the next page without ' +
    'walking the contacts before it. A `page` asked for without it, by the same caller within a ' +
    'minute of the page before, starts where that page ended, as its cursor would.',
  request: { params: AccountIdParamsSchema, query: ContactListQuerySchema },
  responses: {
    200: jsonResponse(ContactListSchema, 'One page of contacts and the total'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const searchContacts = createRoute({
  operationId: 'searchContacts',
  method: 'get',
  path: `${base}/search`,
  tags,
  security: accountSecurity,
  summary: 'Search contacts by name, email, phone number (any case) or identifier (exact case)',
  request: { params: AccountIdParamsSchema, query: ContactSearchQuerySchema },
  responses: {
    200: jsonResponse(ContactSearchResultSchema, 'One page of matches'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

function sortOf(sort: string | undefined): ContactFilter['sort'] {
  if (!sort) return { key: 'last_activity_at', descending: true }
  const descending = sort.startsWith('-')
  return { key: (descending ? sort.slice(1) : sort) as ContactSortKey, descending }
}

/** The name a cursor gives its sort: the list's `sort` parameter as it orders. */
const cursorSortName = (sort: ContactFilter['sort']) => `${sort.descending ? '-' : ''}${sort.key}`

/** Where the cursor `text` says the page starts, when it is one of this sort's cursors. */
function cursorAfter(text: string, sort: ContactFilter['sort']): ContactAfter | null {
  const decoded = decodePageCursor(text)
  const [value, id] = decoded?.values ?? []
  if (
    !decoded ||
    decoded.sort !== cursorSortName(sort) ||
    decoded.values.length !== 2 ||
    value === undefined ||
    !Number.isSafeInteger(id)
  ) {
    return null
  }
  return { value, id: id as number }
}

/**
 * Where the page starts: after the sent `cursor` (refused unless it is one of this sort's), else
 * after the anchor a page number found (page-anchors.ts), else at its offset.
 */
function afterOf(
  cursor: string | undefined,
  sort: ContactFilter['sort'],
  anchor?: string,
): ContactAfter | undefined {
  if (cursor === undefined) return (anchor && cursorAfter(anchor, sort)) || undefined
  const after = cursorAfter(cursor, sort)
  if (!after) {
    throw validationError([
      {
        field: 'cursor',
        message: `is not a cursor of this list sorted by ${cursorSortName(sort)}`,
        code: 'invalid',
      },
    ])
  }
  return after
}

async function contactPage(
  c: Context<AppEnv>,
  filter: ContactFilter,
  page: number,
  options: { limit: number; withTotal: boolean; withInboxes: boolean; after?: ContactAfter },
) {
  const result = await listContactPage(c.var.db, filter, {
    limit: options.limit,
    withTotal: options.withTotal,
    offset: (page - 1) * CONTACTS_PER_PAGE,
    after: options.after,
  })
  const last = result.rows.length === CONTACTS_PER_PAGE ? result.rows.at(-1) : undefined
  const payload = result.rows
    .slice(0, CONTACTS_PER_PAGE)
    .map(({ contact, contactInboxes }) =>
      contactJson(c, contact, options.withInboxes ? contactInboxes : undefined),
    )
  return {
    payload,
    total: result.total,
    capped: result.capped,
    search: result.search,
    partial: result.partial,
    hasMore: result.rows.length > CONTACTS_PER_PAGE,
    // A full page's last contact, for the list's next_cursor.
    nextCursor: last
      ? encodePageCursor({
          sort: cursorSortName(filter.sort),
          values: [contactSortValue(filter.sort.key, last.contact), last.contact.id],
        })
      : undefined,
  }
}

export const contactListRoutes = createRouter()
  .openapi(listContacts, async (c) => {
    const query = c.req.valid('query')
    const filter: ContactFilter = {
      accountId: c.var.accountId,
      agentId: restrictedAgentId(c),
      labels: labelsOf(query['labels[]'], query.labels),
      everyone: query.view === 'all',
      sort: sortOf(query.sort),
    }
    // A client paging by number: the page before may have left where this one starts.
    const anchors = await pageAnchors(c, query.page, query.cursor)
    const { payload, total, capped, nextCursor } = await contactPage(c, filter, query.page, {
      limit: CONTACTS_PER_PAGE,
      withTotal: true,
      withInboxes: query.include_contact_inboxes,
      after: afterOf(query.cursor, filter.sort, anchors.start),
    })
    anchors.keep(nextCursor)
    return c.json(
      // Chatwoot's shape unless the count stopped at its cap.
      {
        meta: {
          count: total ?? 0,
          ...(capped ? { count_capped: true } : {}),
          current_page: query.page,
          ...(nextCursor ? { next_cursor: nextCursor } : {}),
        },
        payload,
      },
      200,
    )
  })
  .openapi(searchContacts, async (c) => {
    const query = c.req.valid('query')
    const q = query.q?.trim()
    if (!q) {
      throw apiError('validation_failed', 'Specify search string with parameter q', [
        fieldError('q', 'is required', 'required'),
      ])
    }
    const filter: ContactFilter = {
      accountId: c.var.accountId,
      agentId: restrictedAgentId(c),
      query: q,
      everyone: query.view === 'all',
      sort: sortOf(query.sort),
    }
    // One row past the page tells whether another page exists, without counting them all.
    const { payload, hasMore, search, partial } = await contactPage(c, filter, query.page, {
      limit: CONTACTS_PER_PAGE + 1,
      withTotal: false,
      withInboxes: query.include_contact_inboxes,
    })
    return c.json(
      {
        meta: {
          count: payload.length,
          current_page: query.page,
          has_more: hasMore,
          // Chatwoot's shape for a full substring answer; said only when it is not one.
          ...(search === 'prefix' ? { search } : {}),
          ...(partial ? { partial } : {}),
        },
        payload,
      },
      200,
    )
  })
