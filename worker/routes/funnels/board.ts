import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  type BoardCardRow,
  type BoardFilters,
  type Cursor,
  exactSum,
  loadBoard,
  loadStagePage,
} from '../../db/queries/funnel-board'
import type { StageRow } from '../../db/queries/funnels'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import { formatMoney } from '../../lib/money'
import { nowSeconds } from '../../lib/time'
import { restrictedAgentId } from '../../middleware/access'
import { accountSecurity } from '../../schemas/auth'
import { jsonResponse } from '../../schemas/common'
import { BoardSchema, BoardStageSchema, toBoardCard } from '../../schemas/funnel-views'
import {
  BoardQuerySchema,
  FunnelParamsSchema,
  labelList,
  StagePageQuerySchema,
  StageParamsSchema,
  toStageSummary,
} from '../../schemas/funnels'
import { createRouter } from '../router'
import { funnelsBase, funnelTags as tags } from './shared'

const DEFAULT_PAGE = 20

const boardRoute = createRoute({
  operationId: 'getFunnelBoard',
  method: 'get',
  path: `${funnelsBase}/{id}/board`,
  tags,
  security: accountSecurity,
  summary: 'The funnel as a board: stages in order with counts, exact product totals and cards',
  description:
    'Each stage carries its conversation count, the exact total of their products, and its first ' +
    '`per_stage` (default 20) conversations, newest arrival first; `next_cursor` pages on through ' +
    '`/funnels/{funnel_id}/stages/{id}/conversations`. Filters apply to counts, totals and cards ' +
    '(labels: any of them). Agents see only conversations of their inboxes.',
  request: { params: FunnelParamsSchema, query: BoardQuerySchema },
  responses: {
    200: jsonResponse(BoardSchema, 'The board'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const stagePageRoute = createRoute({
  operationId: 'listFunnelStageConversations',
  method: 'get',
  path: `${funnelsBase}/{funnel_id}/stages/{id}/conversations`,
  tags,
  security: accountSecurity,
  summary: "One page of a board stage's conversations",
  request: { params: StageParamsSchema, query: StagePageQuerySchema },
  responses: {
    200: jsonResponse(BoardStageSchema, 'The stage with one page of its conversations'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

type FilterQuery = {
  assignee_id?: number
  inbox_id?: number
  labels?: string | string[]
  'labels[]'?: string | string[]
}

function filtersOf(c: Context<AppEnv>, q: FilterQuery): BoardFilters {
  return {
    accountId: c.var.accountId,
    agentId: restrictedAgentId(c),
    assigneeId: q.assignee_id,
    inboxId: q.inbox_id,
    labels: labelList(q.labels, q['labels[]']),
  }
}

function parseCursor(cursor: string | undefined): Cursor | null {
  if (cursor === undefined) return null
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(cursor)
  if (!match) throw validationError([fieldError('cursor', 'is not a cursor this API returned')])
  return { enteredAt: Number(match[1]), id: Number(match[2]) }
}

type Aggregates = {
  counts: { stage_id: number; n: number }[]
  totals: { stage_id: number; total: string }[]
  cards: BoardCardRow[]
}

/** Assembles stages from the grouped rows; `pageSize + 1` cards per stage tell of a next page. */
function boardStages(stages: StageRow[], data: Aggregates, pageSize: number, now: number) {
  const count = new Map(data.counts.map((r) => [r.stage_id, Number(r.n)]))
  const total = new Map(data.totals.map((r) => [r.stage_id, exactSum(r.total)]))
  const cards = new Map<number, BoardCardRow[]>()
  for (const row of data.cards) cards.set(row.stage_id, [...(cards.get(row.stage_id) ?? []), row])
  return stages.map((stage) => {
    const rows = cards.get(stage.id) ?? []
    const shown = rows.slice(0, pageSize)
    const last = shown.at(-1)
    return {
      ...toStageSummary(stage),
      count: count.get(stage.id) ?? 0,
      products_total: formatMoney(total.get(stage.id) ?? 0n),
      conversations: shown.map((r) => toBoardCard(r, formatMoney(exactSum(r.products)), now)),
      next_cursor:
        rows.length > pageSize && last ? `${last.entered_at}.${last.placement_id}` : null,
    }
  })
}

export const funnelBoardRoutes = createRouter()
  .openapi(boardRoute, async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    const pageSize = query.per_stage ?? DEFAULT_PAGE
    const board = await loadBoard(c.var.db, filtersOf(c, query), id, pageSize + 1)
    if (!board.funnel) throw apiError('not_found', `Funnel ${id} not found`)
    const { funnel } = board
    return c.json(
      {
        funnel: { id: funnel.id, name: funnel.name, description: funnel.description },
        stages: boardStages(board.stages, board, pageSize, nowSeconds()),
      },
      200,
    )
  })
  .openapi(stagePageRoute, async (c) => {
    const { funnel_id, id } = c.req.valid('param')
    const query = c.req.valid('query')
    const cursor = parseCursor(query.cursor)
    const pageSize = query.per_page ?? DEFAULT_PAGE
    const page = await loadStagePage(
      c.var.db,
      filtersOf(c, query),
      funnel_id,
      id,
      pageSize + 1,
      cursor,
    )
    if (!page.funnel) throw apiError('not_found', `Funnel ${funnel_id} not found`)
    if (!page.stage) throw apiError('not_found', `Stage ${id} not found`)
    const [stage] = boardStages([page.stage], page, pageSize, nowSeconds())
    return c.json(stage, 200)
  })
