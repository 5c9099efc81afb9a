import { useSignal } from '@preact/signals'
import type { Funnel } from '../../api/schema'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { useSubmission } from '../../settings/shared/useSubmission'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { TextField } from '../../workspace/ui/TextField'
import type { EditorApi } from './editor-api'

export interface FunnelDetailsProps {
  /** The funnel being edited, or null for a new one. */
  funnel: Funnel | null
  calls: EditorApi
  onSaved(funnel: Funnel): void
}

/** A funnel's name and description: Create funnel for a new one, Save funnel for an existing one. */
export function FunnelDetails({ funnel, calls, onSaved }: FunnelDetailsProps) {
  const t = useStrings().funnelEditor
  const name = useSignal(funnel?.name ?? '')
  const description = useSignal(funnel?.description ?? '')
  const submission = useSubmission<'created' | 'saved'>()
  const announced = useSignal('')
  return (
    <form
      class="funnel-editor-details"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        const body = { name: name.value, description: description.value.trim() || null }
        let result: Funnel | undefined
        const ok = await submission.run(
          async () => {
            result = funnel ? await calls.update(funnel.id, body) : await calls.create(body)
          },
          funnel ? 'saved' : 'created',
        )
        if (ok && result) {
          announced.value = funnel ? t.saved : format(t.created, { name: result.name })
          onSaved(result)
        }
      }}
    >
      <TextField
        label={t.name}
        value={name.value}
        required
        onInput={(value) => {
          name.value = value
        }}
        error={submission.fieldError('name', t.name)}
      />
      <TextField
        label={t.description}
        value={description.value}
        multiline
        hint={t.descriptionHint}
        onInput={(value) => {
          description.value = value
        }}
        error={submission.fieldError('description', t.description)}
      />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={submission.busy.value}>
          {submission.busy.value ? t.saving : funnel ? t.saveFunnel : t.createFunnel}
        </button>
      </div>
      <FormStatus error={submission.error.value} success={announced.value} />
    </form>
  )
}
