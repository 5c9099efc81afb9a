import { useSignal } from '@preact/signals'
import { useEffect, useMemo } from 'preact/hooks'
import { useAccount } from '../app/context'
import { funnelsPath } from '../app/router'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { AppLink } from '../workspace/ui/AppLink'
import { PageHeader } from '../workspace/ui/PageHeader'
import { BoardFilters } from './BoardFilters'
import { createBoardStore } from './board-store'
import { FunnelEditorSlot } from './FunnelEditorSlot'
import { StageColumn } from './StageColumn'
import { useBoardOptions } from './useBoardOptions'

/** Frames after which the board may have changed: it refetches (coalesced), never polls. */
const CHANGES = new Set([
  'conversation.created',
  'conversation.updated',
  'conversation.status_changed',
])

/** The card (its display id) that holds focus, if focus is on one. */
function focusedCard(): number | null {
  const card = document.activeElement?.closest<HTMLElement>('[data-card-id]')
  return card ? Number(card.dataset.cardId) : null
}

/** One funnel as a board: a column per stage, cards moved by drag-and-drop or by keyboard. */
export function FunnelBoard({ funnelId }: { funnelId: number }) {
  const t = useStrings().funnels
  const { api, accountId, feed, isAdministrator } = useAccount()
  const store = useMemo(
    () => createBoardStore(api, accountId, funnelId, t, focusedCard),
    [api, accountId, funnelId],
  )
  const editing = useSignal(false)
  const options = useBoardOptions()

  useEffect(() => {
    void store.refresh()
    const stopFrames = feed.subscribe((frame) => {
      if (CHANGES.has(frame.event)) void store.refresh()
    })
    const stopResync = feed.onResync(() => void store.refresh())
    return () => {
      stopFrames()
      stopResync()
      store.dispose()
    }
  }, [store, feed])

  const board = store.board.value
  const name = board?.funnel.name ?? t.title
  const agentNames = new Map(options.agents.map((agent) => [agent.id, agent.name]))
  const actions = (
    <>
      <AppLink class="button" href={funnelsPath(accountId)}>
        {t.allFunnels}
      </AppLink>
      {isAdministrator && (
        <button
          type="button"
          class="button"
          aria-expanded={editing.value}
          onClick={() => {
            editing.value = !editing.value
          }}
        >
          {editing.value ? t.closeEditor : t.editFunnel}
        </button>
      )}
    </>
  )

  return (
    <div class="workspace-page funnel-board-page">
      <PageHeader
        title={name}
        description={board?.funnel.description ?? undefined}
        actions={actions}
      />
      {editing.value && <FunnelEditorSlot funnelId={funnelId} onChanged={store.refresh} />}
      <BoardFilters
        values={store.filters.value}
        agents={options.agents}
        inboxes={options.inboxes}
        labels={options.labels}
        onChange={store.setFilters}
      />
      <div class="board-messages">
        <p class="form-error" role="alert">
          {store.refusal.value || store.error.value || ''}
        </p>
        <p class="visually-hidden" role="status">
          {store.loading.value ? t.boardLoading : store.notice.value}
        </p>
      </div>
      {board && board.stages.length === 0 && (
        <div class="funnel-empty">
          <p>{t.noStages}</p>
          {isAdministrator && <p>{t.noStagesAdministrator}</p>}
        </div>
      )}
      {board && board.stages.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section class="board" aria-label={format(t.board, { funnel: name })} tabIndex={0}>
          {board.stages.map((stage) => (
            <StageColumn
              key={stage.id}
              stage={stage}
              stages={board.stages}
              store={store}
              agentNames={agentNames}
              money={options.money}
            />
          ))}
        </section>
      )}
    </div>
  )
}
