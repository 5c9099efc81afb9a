import type { BoardStage, FunnelBoard } from '../api/schema'
import { addDecimal } from './decimal'

/** A conversation's card on the board. */
export type BoardCard = BoardStage['conversations'][number]

/** Where a card is: its stage and its place in that stage's list. */
export interface CardPlace {
  stage: BoardStage
  card: BoardCard
  index: number
}

export function findCard(board: FunnelBoard, cardId: number): CardPlace | null {
  for (const stage of board.stages) {
    const index = stage.conversations.findIndex((card) => card.id === cardId)
    const card = stage.conversations[index]
    if (card) return { stage, card, index }
  }
  return null
}

/**
 * The board with the card taken out of its stage and put into `toStageId` at `index` (first by
 * default: the API lists the newest arrival first), counts and exact totals carried with it.
 */
export function withCardMoved(
  board: FunnelBoard,
  cardId: number,
  toStageId: number,
  card: BoardCard,
  index = 0,
): FunnelBoard {
  const stages = board.stages.map((stage) => {
    const had = stage.conversations.some((c) => c.id === cardId)
    let next = stage
    if (had) {
      next = {
        ...stage,
        count: Math.max(0, stage.count - 1),
        products_total: addDecimal(stage.products_total, card.products_total, -1),
        conversations: stage.conversations.filter((c) => c.id !== cardId),
      }
    }
    if (stage.id === toStageId) {
      const conversations = [...next.conversations]
      conversations.splice(Math.min(index, conversations.length), 0, card)
      next = {
        ...next,
        count: next.count + 1,
        products_total: addDecimal(next.products_total, card.products_total),
        conversations,
      }
    }
    return next
  })
  return { ...board, stages }
}

/** The board with a further page of one stage's cards appended (cards already shown skipped). */
export function withPageAppended(board: FunnelBoard, page: BoardStage): FunnelBoard {
  return {
    ...board,
    stages: board.stages.map((stage) => {
      if (stage.id !== page.id) return stage
      const shown = new Set(stage.conversations.map((c) => c.id))
      return {
        ...page,
        conversations: [
          ...stage.conversations,
          ...page.conversations.filter((c) => !shown.has(c.id)),
        ],
      }
    }),
  }
}
