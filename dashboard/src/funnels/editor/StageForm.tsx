import { useSignal } from '@preact/signals'
import type { ComponentChildren } from 'preact'
import { useId } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import { useSubmission } from '../../settings/shared/useSubmission'
import { FormStatus } from '../../workspace/ui/FormStatus'
import type { StageDraft } from './editor-api'
import { StageFields } from './StageFields'

export interface StageFormProps {
  /** Names the form ("Stage 1: Lead", "New stage"). */
  heading: string
  initial: StageDraft
  submitLabel: string
  /** Saves the draft; its refusal is shown by the fields it names. */
  save(draft: StageDraft): Promise<unknown>
  /** What to announce once saved, given the saved draft. */
  savedMessage(draft: StageDraft): string
  /** Starts again from an empty draft after a save (the "new stage" form). */
  resetTo?: () => StageDraft
  /** Reorder and delete controls, outside the form's submit. */
  children?: ComponentChildren
}

/** One stage's form: its fields, Save, and the outcome beside them. */
export function StageForm(props: StageFormProps) {
  const t = useStrings().funnelEditor
  const draft = useSignal(props.initial)
  const submission = useSubmission<'saved'>()
  const saved = useSignal('')
  const headingId = useId()
  return (
    <section class="funnel-editor-stage" aria-labelledby={headingId}>
      <h4 id={headingId}>{props.heading}</h4>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault()
          const sent = draft.value
          saved.value = ''
          if (await submission.run(() => props.save(sent), 'saved')) {
            saved.value = props.savedMessage(sent)
            if (props.resetTo) draft.value = props.resetTo()
          }
        }}
      >
        <StageFields draft={draft} errorFor={submission.fieldError} />
        <div class="form-actions">
          <button type="submit" class="button button-primary" disabled={submission.busy.value}>
            {submission.busy.value ? t.saving : props.submitLabel}
          </button>
        </div>
        <FormStatus error={submission.error.value} success={saved.value} />
      </form>
      {props.children}
    </section>
  )
}
