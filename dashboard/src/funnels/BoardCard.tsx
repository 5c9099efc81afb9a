import { useEffect, useRef } from 'preact/hooks'
import type { BoardStage } from '../api/schema'
import { useAccount } from '../app/context'
import { conversationPath } from '../app/router'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { AppLink } from '../workspace/ui/AppLink'
import type { BoardCard as Card } from './board-state'
import type { BoardStore } from './board-store'
import { humanDuration } from './duration'
import { MoveMenu } from './MoveMenu'
import type { MoneyFormat } from './money'

export interface BoardCardProps {
  card: Card
  stage: BoardStage
  stages: BoardStage[]
  store: BoardStore
  /** The assignee's name; null when unassigned or not among the listed agents. */
  assignee: string | null
  /** The account's money format (the stage's). */
  money: MoneyFormat
}

/** A conversation on the board: who, with whom, how long in the stage, its total; movable. */
export function BoardCard({ card, stage, stages, store, assignee, money }: BoardCardProps) {
  const t = useStrings().funnels
  const { accountId } = useAccount()
  const moveButton = useRef<HTMLButtonElement>(null)
  const contact = card.contact.name ?? t.unknownContact
  const nameId = `card-${card.id}-name`
  const assigneeName =
    card.assignee_id === null
      ? t.unassigned
      : (assignee ?? format(t.unknownAgent, { id: card.assignee_id }))

  // After a move (or its refusal) the card is drawn anew, maybe in another column: focus follows.
  const focusWanted = store.focusRequest.value === card.id
  useEffect(() => {
    if (!focusWanted) return
    store.focusRequest.value = null
    moveButton.current?.focus()
  }, [focusWanted, store])

  return (
    <li
      class={`board-card${store.dragging.value?.cardId === card.id ? ' is-dragging' : ''}`}
      draggable
      data-card-id={card.id}
      onDragStart={(event) => {
        event.dataTransfer?.setData('text/plain', String(card.id))
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move'
        store.dragging.value = { cardId: card.id, fromStageId: stage.id }
      }}
      onDragEnd={() => {
        store.dragging.value = null
        store.dropTarget.value = null
      }}
    >
      <h3 class="card-title" id={nameId}>
        <AppLink href={conversationPath(accountId, card.id)}>{contact}</AppLink>
      </h3>
      <dl class="card-facts">
        <div>
          <dt>{t.assignee}</dt>
          <dd>{assigneeName}</dd>
        </div>
        <div>
          <dt>{t.timeInStage}</dt>
          <dd>{humanDuration(card.time_in_stage_seconds, t)}</dd>
        </div>
        <div>
          <dt>{t.total}</dt>
          <dd>{money(card.products_total)}</dd>
        </div>
      </dl>
      <MoveMenu
        buttonRef={moveButton}
        contact={contact}
        describedBy={nameId}
        stages={stages.filter((s) => s.id !== stage.id)}
        onChoose={(stageId) => void store.move(card.id, stageId)}
      />
    </li>
  )
}
