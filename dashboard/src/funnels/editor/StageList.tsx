import { useEffect, useRef } from 'preact/hooks'
import type { Funnel, FunnelStage } from '../../api/schema'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { useAction } from '../../workspace/ui/useAction'
import { draftOf, type EditorApi, emptyStage } from './editor-api'
import { StageActions } from './StageActions'
import { StageForm } from './StageForm'

export interface StageListProps {
  funnel: Funnel
  calls: EditorApi
  /** The funnel's stages changed on the server (in this order). */
  onStages(stages: FunnelStage[]): void
}

/** The funnel's stages in order, each editable, movable and deletable, and the new-stage form. */
export function StageList({ funnel, calls, onStages }: StageListProps) {
  const t = useStrings().funnelEditor
  const stages = funnel.stages
  const { busy, error, status, act } = useAction()
  const list = useRef<HTMLOListElement>(null)
  const refocus = useRef<{ id: number; up: boolean } | null>(null)

  // A moved stage's row is re-inserted, which drops focus: once the buttons are enabled again,
  // give it back to the button pressed (or the other one, once the stage reached an end).
  const drawnBusy = busy.value
  useEffect(() => {
    const wanted = refocus.current
    if (drawnBusy || !wanted) return
    refocus.current = null
    const button = (up: boolean) =>
      list.current?.querySelector<HTMLButtonElement>(
        `[data-move="${wanted.id}-${up ? 'up' : 'down'}"]`,
      )
    const same = button(wanted.up)
    ;(same && !same.disabled ? same : button(!wanted.up))?.focus()
  })

  const move = (stage: FunnelStage, offset: -1 | 1) =>
    act(async () => {
      const ids = stages.map((s) => s.id)
      const from = ids.indexOf(stage.id)
      ids.splice(from, 1)
      ids.splice(from + offset, 0, stage.id)
      onStages(await calls.reorder(funnel.id, ids))
      refocus.current = { id: stage.id, up: offset < 0 }
      return format(t.moved, { name: stage.name, position: ids.indexOf(stage.id) + 1 })
    })

  const remove = (stage: FunnelStage, moveTo: number | null) =>
    act(async () => {
      await calls.removeStage(funnel.id, stage.id, moveTo)
      onStages(stages.filter((s) => s.id !== stage.id))
      return format(t.stageDeleted, { name: stage.name })
    })

  return (
    <section class="funnel-editor-stages" aria-labelledby="funnel-editor-stages">
      <h3 id="funnel-editor-stages">{t.stages}</h3>
      {stages.length === 0 ? (
        <p>{t.noStages}</p>
      ) : (
        <ol ref={list} class="funnel-editor-stage-list">
          {stages.map((stage, index) => (
            <li key={stage.id}>
              <StageForm
                heading={format(t.stageHeading, { position: index + 1, name: stage.name })}
                initial={draftOf(stage)}
                submitLabel={t.saveStage}
                save={async (draft) => {
                  const saved = await calls.saveStage(funnel.id, stage.id, draft)
                  onStages(stages.map((s) => (s.id === saved.id ? saved : s)))
                }}
                savedMessage={(draft) => format(t.stageSaved, { name: draft.name })}
              >
                <StageActions
                  stage={stage}
                  stages={stages}
                  busy={busy.value}
                  onMove={move}
                  onDelete={remove}
                />
              </StageForm>
            </li>
          ))}
        </ol>
      )}
      <FormStatus error={error.value} success={status.value} />
      <StageForm
        heading={t.newStage}
        initial={emptyStage()}
        submitLabel={t.addStage}
        save={async (draft) => {
          const added = await calls.addStage(funnel.id, draft)
          onStages([...stages, added])
        }}
        savedMessage={(draft) => format(t.stageAdded, { name: draft.name })}
        resetTo={emptyStage}
      />
    </section>
  )
}
