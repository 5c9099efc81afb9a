import { useSignal } from '@preact/signals'
import type { FunnelStage } from '../../api/schema'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { SelectField } from '../../settings/shared/SelectField'
import { ConfirmButton } from '../../workspace/ui/ConfirmButton'

export interface StageActionsProps {
  stage: FunnelStage
  stages: FunnelStage[]
  busy: boolean
  onMove(stage: FunnelStage, offset: -1 | 1): void
  onDelete(stage: FunnelStage, moveTo: number | null): Promise<void>
}

/**
 * Reorder (Move up / Move down: buttons, so the keyboard does what a drag would) and delete. A
 * stage that holds conversations can only go if they have somewhere to go, so the stage they
 * move to is chosen beside Delete (the nearest one before it, by default).
 */
export function StageActions({ stage, stages, busy, onMove, onDelete }: StageActionsProps) {
  const t = useStrings().funnelEditor
  // Move up/down stay enabled while a change is under way (disabling the focused button would
  // drop focus); the list ignores a second change until the first is done.
  const index = stages.findIndex((s) => s.id === stage.id)
  const others = stages.filter((s) => s.id !== stage.id)
  const nearest = stages[index - 1] ?? stages[index + 1]
  const moveTo = useSignal(nearest ? String(nearest.id) : '')
  const chosen = others.some((s) => String(s.id) === moveTo.value)
    ? moveTo.value
    : String(nearest?.id ?? '')
  return (
    <div class="funnel-editor-actions">
      <button
        type="button"
        class="button"
        data-move={`${stage.id}-up`}
        disabled={index === 0}
        onClick={() => onMove(stage, -1)}
      >
        {format(t.moveUp, { name: stage.name })}
      </button>
      <button
        type="button"
        class="button"
        data-move={`${stage.id}-down`}
        disabled={index === stages.length - 1}
        onClick={() => onMove(stage, 1)}
      >
        {format(t.moveDown, { name: stage.name })}
      </button>
      {others.length > 0 && (
        <SelectField
          label={t.moveTo}
          hint={t.moveToHint}
          value={chosen}
          options={others.map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(value) => {
            moveTo.value = value
          }}
        />
      )}
      <ConfirmButton
        label={format(t.deleteStage, { name: stage.name })}
        question={t.deleteStageQuestion}
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        disabled={busy}
        onConfirm={() => onDelete(stage, chosen ? Number(chosen) : null)}
      />
    </div>
  )
}
