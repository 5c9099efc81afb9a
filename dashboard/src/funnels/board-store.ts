import { signal } from '@preact/signals'
import { type ApiClient, unwrap } from '../api/client'
import type { FunnelBoard } from '../api/schema'
import { type FunnelsStrings, format } from '../i18n'
import { messageOf } from '../workspace/ui/useLoad'
import { findCard, withCardMoved, withPageAppended } from './board-state'

/** What the board is narrowed to (null / '' = no filter). */
export interface BoardFilterValues {
  assigneeId: number | null
  inboxId: number | null
  label: string
}

export const NO_FILTERS: BoardFilterValues = { assigneeId: null, inboxId: null, label: '' }

type EnvelopeBody = { message?: unknown; errors?: { message?: unknown; code?: unknown }[] }

/** `"Budget known" is required and unchecked` → `Budget known` (the whole message otherwise). */
function itemTitle(message: string): string {
  return /^"(.*)" is required and unchecked$/s.exec(message)?.[1] ?? message
}

/** Why a move was refused, in a sentence that names every required item the envelope lists. */
export function refusalMessage(
  contact: string,
  stage: string,
  body: unknown,
  t: FunnelsStrings,
): string {
  const envelope = (body ?? {}) as EnvelopeBody
  const items = (Array.isArray(envelope.errors) ? envelope.errors : [])
    .filter((entry) => entry?.code === 'required_item_open')
    .map((entry) => itemTitle(String(entry.message ?? '')))
  if (items.length > 0)
    return format(t.refusedRequired, { contact, stage, items: items.join(', ') })
  const reason = typeof envelope.message === 'string' ? envelope.message : t.refused
  return format(t.refused, { contact, stage, reason })
}

/**
 * One funnel's board: its data, the filters, moves (optimistic, rolled back when refused) and
 * refetches coalesced to one request in flight and at most one queued.
 */
export function createBoardStore(
  api: ApiClient,
  accountId: number,
  funnelId: number,
  /** The words it says its notices and refusals in (the chosen language's). */
  t: FunnelsStrings,
  /** The card holding focus, if any: a refetch that moves it elsewhere takes focus along. */
  focusedCard: () => number | null = () => null,
) {
  const board = signal<FunnelBoard | undefined>(undefined)
  const loading = signal(true)
  const error = signal<string | null>(null)
  const filters = signal<BoardFilterValues>(NO_FILTERS)
  /** A refused or failed move, said assertively. */
  const refusal = signal('')
  /** A move that went through, said politely. */
  const notice = signal('')
  /** The card whose "Move to…" button should take focus once it is drawn (after a move). */
  const focusRequest = signal<number | null>(null)
  const dragging = signal<{ cardId: number; fromStageId: number } | null>(null)
  const dropTarget = signal<number | null>(null)
  const loadingMore = signal<ReadonlySet<number>>(new Set())

  let inFlight = false
  let queued = false
  let pendingMoves = 0
  // Bumped by every move and filter change: an answer to a request sent before it is stale.
  let epoch = 0
  let disposed = false

  const query = () => {
    const { assigneeId, inboxId, label } = filters.value
    return {
      ...(assigneeId !== null ? { assignee_id: assigneeId } : {}),
      ...(inboxId !== null ? { inbox_id: inboxId } : {}),
      ...(label ? { 'labels[]': [label] } : {}),
    }
  }

  /** Someone else moved the card the user is on: it is drawn anew in its column, focus follows. */
  function keepFocus(next: FunnelBoard) {
    const focused = focusedCard()
    const shown = board.value
    if (focused === null || !shown) return
    const after = findCard(next, focused)?.stage.id
    if (after !== undefined && after !== findCard(shown, focused)?.stage.id) {
      focusRequest.value = focused
    }
  }

  async function fetchOnce() {
    const sentAt = epoch
    try {
      const next = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/funnels/{id}/board', {
          params: { path: { account_id: accountId, id: funnelId }, query: query() },
        }),
      )
      if (disposed) return
      // A move or filter change since sending: that change asks for its own refetch.
      if (sentAt !== epoch || pendingMoves > 0) return
      keepFocus(next)
      board.value = next
      error.value = null
    } catch (failure) {
      if (!disposed) error.value = messageOf(failure)
    }
  }

  /** Refetches the board; while a request is in flight, further calls make one more after it. */
  async function refresh() {
    if (inFlight) {
      queued = true
      return
    }
    inFlight = true
    try {
      do {
        queued = false
        await fetchOnce()
      } while (queued && !disposed)
    } finally {
      inFlight = false
      loading.value = false
    }
  }

  function setFilters(next: BoardFilterValues) {
    filters.value = next
    epoch++
    void refresh()
  }

  async function loadMore(stageId: number) {
    const stage = board.value?.stages.find((s) => s.id === stageId)
    if (!stage?.next_cursor || loadingMore.value.has(stageId)) return
    loadingMore.value = new Set([...loadingMore.value, stageId])
    try {
      const page = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages/{id}/conversations', {
          params: {
            path: { account_id: accountId, funnel_id: funnelId, id: stageId },
            query: { ...query(), cursor: stage.next_cursor },
          },
        }),
      )
      if (board.value && !disposed) board.value = withPageAppended(board.value, page)
    } catch (failure) {
      if (!disposed) error.value = messageOf(failure)
    } finally {
      loadingMore.value = new Set([...loadingMore.value].filter((id) => id !== stageId))
    }
  }

  /** Drag-and-drop and the "Move to…" menu both end here. */
  async function move(cardId: number, toStageId: number) {
    const current = board.value
    const place = current ? findCard(current, cardId) : null
    const target = current?.stages.find((s) => s.id === toStageId)
    if (!current || !place || !target || place.stage.id === toStageId) return
    const contact = place.card.contact.name ?? t.unknownContact
    epoch++
    pendingMoves++
    refusal.value = ''
    notice.value = ''
    focusRequest.value = cardId
    const arrived = { ...place.card, entered_at: Math.floor(Date.now() / 1000) }
    board.value = withCardMoved(current, cardId, toStageId, {
      ...arrived,
      time_in_stage_seconds: 0,
    })
    let refused: string | null = null
    try {
      const result = await api.POST(
        '/api/v1/accounts/{account_id}/conversations/{conversation_id}/funnel_stage',
        {
          params: { path: { account_id: accountId, conversation_id: cardId } },
          body: { funnel_id: funnelId, stage_id: toStageId },
        },
      )
      if (!result.response.ok) refused = refusalMessage(contact, target.name, result.error, t)
    } catch {
      refused = format(t.refused, { contact, stage: target.name, reason: t.noConnection })
    } finally {
      pendingMoves--
    }
    if (disposed) return
    if (refused !== null) {
      // Back where it was, at its old place in the list.
      const now = board.value
      if (now) board.value = withCardMoved(now, cardId, place.stage.id, place.card, place.index)
      refusal.value = refused
      focusRequest.value = cardId
    } else {
      notice.value = format(t.moved, { contact, stage: target.name })
    }
    void refresh()
  }

  return {
    board,
    loading,
    error,
    filters,
    refusal,
    notice,
    focusRequest,
    dragging,
    dropTarget,
    loadingMore,
    refresh,
    setFilters,
    loadMore,
    move,
    dispose() {
      disposed = true
    },
  }
}

export type BoardStore = ReturnType<typeof createBoardStore>
