import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  type ConversationFilters,
  DETAILS_MESSAGE_LIMIT,
  listContactConversations,
  listConversations,
} from '../../db/queries/conversations'
import { sortKeyCount } from '../../db/queries/conversations/sort-keys'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, validationError } from '../../errors'
import { decodePageCursor, encodePageCursor, wholeNumbers } from '../../lib/page-cursor'
import { restrictedAgentId, visibleContact } from '../../middleware/access'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, IdSchema, jsonResponse } from '../../schemas/common'
import {
  ConversationCountsSchema,
  ConversationListMetaSchema,
  type ConversationListQuery,
  ConversationListQuerySchema,
  ConversationSchema,
  PER_PAGE,
  sortOf,
  toConversation,
} from '../../schemas/conversations'
import { pageAnchors } from '../page-anchors'
import { createRouter } from '../router'
import {
  base,
  ConversationParamsSchema,
  one,
  tags,
  visibleConversationWithMessages,
} from './shared'

const listRoute = createRoute({
  operationId: 'listConversations',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'List conversations',
  description:
    '25 a page. The counts are taken after the status, inbox, team and label filters but before ' +
    '`assignee_type`. With `q` (message content search) the status filter is skipped. Agents see ' +
    'only conversations of their inboxes. A full page carries `meta.next_cursor`; passing it as ' +
    '`cursor` gives the next page without walking the rows before it (`page` keeps working). ' +
    'A `page` asked for without it, by the same caller within a minute of the page before, ' +
    'starts where that page ended, as its cursor would.',
  request: { params: AccountIdParamsSchema, query: ConversationListQuerySchema },
  responses: {
    200: jsonResponse(
      z.object({
        data: z.object({
          meta: ConversationListMetaSchema,
          payload: z.array(ConversationSchema),
        }),
      }),
      'A page of conversations with counts',
    ),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const metaRoute = createRoute({
  operationId: 'getConversationCounts',
  method: 'get',
  path: `${base}/meta`,
  tags,
  security: accountSecurity,
  summary: 'Conversation counts for the same filters as the list',
  request: { params: AccountIdParamsSchema, query: ConversationListQuerySchema },
  responses: {
    200: jsonResponse(z.object({ meta: ConversationCountsSchema }), 'Counts'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const showRoute = createRoute({
  operationId: 'getConversation',
  method: 'get',
  path: one,
  tags,
  security: accountSecurity,
  summary: 'Show a conversation with all its messages',
  description:
    '`messages` holds every message of the conversation, oldest first, private notes and ' +
    `activity lines included: up to its newest ${DETAILS_MESSAGE_LIMIT}, after which the ` +
    'messages endpoint (`before`) pages through the older ones. The list shows only the last.',
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(
      ConversationSchema,
      `The conversation; \`messages\` holds every message (the newest ${DETAILS_MESSAGE_LIMIT} at most)`,
    ),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const contactConversationsRoute = createRoute({
  operationId: 'listContactConversations',
  method: 'get',
  path: '/api/v1/accounts/{account_id}/contacts/{contact_id}/conversations',
  tags,
  security: accountSecurity,
  summary: "A contact's latest 20 conversations the caller may see",
  description: 'An agent gets 404 for a contact it may not see, as from the contact itself.',
  request: {
    params: AccountIdParamsSchema.extend({
      contact_id: IdSchema.openapi({ param: { name: 'contact_id', in: 'path' } }),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ payload: z.array(ConversationSchema) }), 'Conversations'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

function asList(value: string | string[] | undefined) {
  if (value === undefined) return []
  return (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean)
}

/** The sort values `text` carries when it is one of this sort's cursors, else null. */
function cursorValues(text: string, sort: ReturnType<typeof sortOf>): number[] | null {
  const cursor = decodePageCursor(text)
  const values = cursor && wholeNumbers(cursor.values)
  const fits = cursor && values && cursor.sort === sort && values.length === sortKeyCount(sort)
  return fits ? values : null
}

/**
 * Where the page starts: after the sent `cursor` (refused unless it is one of this sort's), else
 * after the anchor a page number found (page-anchors.ts), else at its offset.
 */
function afterOf(query: ConversationListQuery, anchor?: string): number[] | undefined {
  const sort = sortOf(query.sort_by)
  if (query.cursor === undefined) return (anchor && cursorValues(anchor, sort)) || undefined
  const values = cursorValues(query.cursor, sort)
  if (!values) {
    throw validationError([
      {
        field: 'cursor',
        message: `is not a cursor of this list sorted by ${sort}`,
        code: 'invalid',
      },
    ])
  }
  return values
}

function filtersOf(
  c: Context<AppEnv>,
  query: ConversationListQuery,
  anchor?: string,
): ConversationFilters {
  const principal = c.var.principal
  const q = query.q?.trim()
  return {
    accountId: c.var.accountId,
    agentId: restrictedAgentId(c),
    userId: principal.type === 'user' ? principal.id : null,
    status: query.status ?? 'open',
    assigneeType: query.assignee_type ?? 'all',
    inboxId: query.inbox_id,
    teamId: query.team_id,
    labels: [...asList(query.labels), ...asList(query['labels[]'])],
    q: q ? q : undefined,
    sourceId: query.source_id,
    sort: sortOf(query.sort_by),
    page: query.page ?? 1,
    perPage: PER_PAGE,
    after: afterOf(query, anchor),
  }
}

async function listFor(
  c: Context<AppEnv>,
  query: ConversationListQuery,
  withPage: boolean,
  anchor?: string,
) {
  const result = await listConversations(c.var.db, filtersOf(c, query, anchor), withPage)
  if (!result.teamExists) throw apiError('not_found', `Team ${query.team_id} not found`)
  return result
}

export const conversationReadRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query')
    // A client paging by number: the page before may have left where this one starts.
    const anchors = await pageAnchors(c, query.page ?? 1, query.cursor)
    const { counts, capped, views, nextAfter } = await listFor(c, query, true, anchors.start)
    const payload = views.map((v) => toConversation(v, c.req.url))
    const nextCursor = nextAfter
      ? encodePageCursor({ sort: sortOf(query.sort_by), values: nextAfter })
      : undefined
    anchors.keep(nextCursor)
    const meta = {
      ...counts,
      ...(capped ? { counts_capped: true as const } : {}),
      ...(nextCursor ? { next_cursor: nextCursor } : {}),
    }
    return c.json({ data: { meta, payload } }, 200)
  })
  .openapi(metaRoute, async (c) => {
    const { counts, capped } = await listFor(c, c.req.valid('query'), false)
    return c.json({ meta: { ...counts, ...(capped ? { counts_capped: true as const } : {}) } }, 200)
  })
  .openapi(showRoute, async (c) => {
    const { conversation_id } = c.req.valid('param')
    const { view, messages } = await visibleConversationWithMessages(c, conversation_id, 'details')
    return c.json(toConversation(view, c.req.url, messages), 200)
  })
  .openapi(contactConversationsRoute, async (c) => {
    const { contact_id } = c.req.valid('param')
    const { contact } = await visibleContact(c, contact_id)
    const views = await listContactConversations(
      c.var.db,
      c.var.accountId,
      contact.id,
      restrictedAgentId(c),
    )
    return c.json({ payload: views.map((v) => toConversation(v, c.req.url)) }, 200)
  })
