import type { BoardStage } from '../api/schema'
import { type FunnelsStrings, format } from '../i18n'
import { useStrings } from '../i18n/context'
import { BoardCard } from './BoardCard'
import type { BoardStore } from './board-store'
import type { MoneyFormat } from './money'

export interface StageColumnProps {
  stage: BoardStage
  stages: BoardStage[]
  store: BoardStore
  agentNames: Map<number, string>
  /** The account's money format, for the stage's total and the cards'. */
  money: MoneyFormat
}

const countOf = (count: number, t: FunnelsStrings) =>
  count === 1 ? t.conversationCountOne : format(t.conversationCount, { count })

/** A stage: its name and colour, count, exact products total and cards; a drop target. */
export function StageColumn({ stage, stages, store, agentNames, money }: StageColumnProps) {
  const t = useStrings().funnels
  const headingId = `stage-${stage.id}-heading`
  const dragging = store.dragging.value
  const accepts = dragging !== null && dragging.fromStageId !== stage.id
  const targeted = accepts && store.dropTarget.value === stage.id
  const more = store.loadingMore.value.has(stage.id)

  return (
    <section
      class={`stage-column${targeted ? ' is-drop-target' : ''}`}
      aria-labelledby={headingId}
      data-stage-id={stage.id}
      onDragOver={(event) => {
        // Read now, not from the last render: dragstart may not have been drawn yet.
        const from = store.dragging.value
        if (!from || from.fromStageId === stage.id) return
        event.preventDefault()
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move'
        store.dropTarget.value = stage.id
      }}
      onDragLeave={(event) => {
        const into = event.relatedTarget as Node | null
        if (into && event.currentTarget.contains(into)) return
        if (store.dropTarget.value === stage.id) store.dropTarget.value = null
      }}
      onDrop={(event) => {
        event.preventDefault()
        const from = store.dragging.value
        store.dragging.value = null
        store.dropTarget.value = null
        if (from && from.fromStageId !== stage.id) void store.move(from.cardId, stage.id)
      }}
    >
      <header class="stage-header">
        <h2 id={headingId} class="stage-name">
          <span class="stage-swatch" aria-hidden="true" style={{ backgroundColor: stage.color }} />
          {stage.name}
        </h2>
        <p class="stage-figures">
          <span class="stage-count">{countOf(stage.count, t)}</span>
          <span class="stage-total">
            <span class="visually-hidden">{t.productsTotal}: </span>
            {money(stage.products_total)}
          </span>
        </p>
      </header>
      {stage.conversations.length === 0 ? (
        <p class="stage-empty">{t.noConversations}</p>
      ) : (
        <ul class="stage-cards" aria-label={format(t.stageConversations, { stage: stage.name })}>
          {stage.conversations.map((card) => (
            <BoardCard
              key={card.id}
              card={card}
              stage={stage}
              stages={stages}
              store={store}
              money={money}
              assignee={
                card.assignee_id === null ? null : (agentNames.get(card.assignee_id) ?? null)
              }
            />
          ))}
        </ul>
      )}
      {stage.next_cursor && (
        <button
          type="button"
          class="button stage-more"
          aria-describedby={headingId}
          disabled={more}
          onClick={() => void store.loadMore(stage.id)}
        >
          {more ? t.loadingMore : t.loadMore}
        </button>
      )}
    </section>
  )
}
