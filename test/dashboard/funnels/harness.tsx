import type { BoardStage } from '../../../dashboard/src/api/schema'
import type { AccountServices } from '../../../dashboard/src/app/context'
import type { BoardCard } from '../../../dashboard/src/funnels/board-state'
import FunnelsPage from '../../../dashboard/src/funnels/FunnelsPage'
import { FakeFeed } from '../fake-api'
import { ACCOUNT, accountServices, type Call, recordingApi, renderWith } from '../workspace-harness'

export { ACCOUNT, settle } from '../workspace-harness'

export const FUNNEL = 7

/** A card as the board lists it, with what the tests vary. */
export function card(id: number, fields: Partial<BoardCard> = {}): BoardCard {
  return {
    id,
    status: 'open',
    assignee_id: 5,
    inbox_id: 1,
    labels: [],
    last_activity_at: 1_763_000_000,
    entered_at: 1_763_000_000,
    time_in_stage_seconds: 3 * 3600 + 120,
    contact: { id: 100 + id, name: `Contact ${id}` },
    products_total: '0.00',
    ...fields,
  }
}

/** A stage as the board lists it; count and total follow its cards unless given. */
export function stage(
  id: number,
  name: string,
  cards: BoardCard[],
  fields: Partial<BoardStage> = {},
): BoardStage {
  return {
    id,
    name,
    color: '#1f93ff',
    position: id,
    time_limit_minutes: null,
    count: cards.length,
    products_total: '0.00',
    conversations: cards,
    next_cursor: null,
    ...fields,
  }
}

export interface BoardServerOptions {
  stages: BoardStage[]
  /** Answers a move instead of the server (a refusal, say); undefined lets it through. */
  refuse?: (call: Call) => Response | undefined
  /** The account's settings.currency; absent: the account never chose one. */
  currency?: string
}

/**
 * A fake API holding one funnel's board: moves change what the next board request returns,
 * so a refetch after a move draws the server's state.
 */
export function boardServer(options: BoardServerOptions) {
  let stages = options.stages
  const handler = (call: Call): Response | undefined => {
    const base = `/api/v1/accounts/${ACCOUNT}`
    if (call.method === 'GET' && call.path === `${base}/funnels/${FUNNEL}/board`) {
      return Response.json({
        funnel: { id: FUNNEL, name: 'Sales', description: 'New business' },
        stages,
      })
    }
    if (call.path === `${base}/agents`) {
      return Response.json([
        { id: 5, name: 'Ada', email: 'ada@example.com', role: 'administrator' },
        { id: 6, name: 'Bo', email: 'bo@example.com', role: 'agent' },
      ])
    }
    if (call.method === 'GET' && call.path === base) {
      const settings = options.currency ? { currency: options.currency } : {}
      return Response.json({ id: ACCOUNT, name: 'Acme', locale: 'en', settings })
    }
    if (call.path === `${base}/inboxes`) {
      return Response.json({ payload: [{ id: 1, name: 'Website' }] })
    }
    if (call.path === `${base}/labels`) {
      return Response.json({ payload: [{ id: 1, title: 'vip', color: '#ff0000' }] })
    }
    const move = call.path.match(/\/conversations\/(\d+)\/funnel_stage$/)
    if (call.method === 'POST' && move) {
      const refused = options.refuse?.(call)
      if (refused) return refused
      const id = Number(move[1])
      const moving = stages.flatMap((s) => s.conversations).find((c) => c.id === id)
      if (!moving) return undefined
      stages = stages.map((s) => {
        const rest = s.conversations.filter((c) => c.id !== id)
        const conversations = s.id === call.body.stage_id ? [moving, ...rest] : rest
        return { ...s, conversations, count: conversations.length }
      })
      return Response.json({ conversation_id: id, funnel_id: FUNNEL, stage_id: call.body.stage_id })
    }
    return undefined
  }
  const { api, calls } = recordingApi(handler)
  return {
    api,
    calls,
    boardRequests: () => calls.filter((c) => c.path.endsWith(`/funnels/${FUNNEL}/board`)),
    moves: () => calls.filter((c) => c.path.endsWith('/funnel_stage')),
    setStages(next: BoardStage[]) {
      stages = next
    },
  }
}

/** A 422 as the API refuses a move forward past unchecked required items. */
export function requiredItemsRefusal(...titles: string[]) {
  return Response.json(
    {
      error: 'validation_failed',
      message: 'The request failed validation',
      description: 'checklist',
      errors: titles.map((title, index) => ({
        field: `checklist.${index + 1}`,
        message: `"${title}" is required and unchecked`,
        code: 'required_item_open',
      })),
      request_id: 'test',
    },
    { status: 422 },
  )
}

/** The funnels page (the list, or the board of `funnelId`) over `api`, with its feed. */
export async function renderFunnels(
  api: AccountServices['api'],
  funnelId: number | null = FUNNEL,
  overrides: Partial<AccountServices> = {},
) {
  const feed = new FakeFeed()
  const services = accountServices(api, { feed, ...overrides })
  const view = await renderWith(
    services,
    <FunnelsPage route={{ name: 'funnels', accountId: ACCOUNT, funnelId }} />,
  )
  return { view, feed, services }
}
