import type { ComponentChildren } from 'preact'
import { useRef } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import { useFocusWhileOpen } from './useFocusWhileOpen'

export interface CrudFormProps {
  heading: string
  busy: boolean
  onSubmit(): void
  onCancel(): void
  children: ComponentChildren
}

/**
 * The add/edit form: it takes focus when it opens (its heading, so its name is read) and gives
 * it back to whatever opened it when it closes; Escape cancels.
 */
export function CrudForm({ heading, busy, onSubmit, onCancel, children }: CrudFormProps) {
  const crudText = useStrings().crud
  const title = useRef<HTMLHeadingElement>(null)
  useFocusWhileOpen(title)
  return (
    <section class="crud-form" aria-labelledby="crud-form-heading">
      <h2 id="crud-form-heading" tabIndex={-1} ref={title}>
        {heading}
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel()
        }}
      >
        {children}
        <div class="form-actions">
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? crudText.saving : crudText.save}
          </button>
          <button type="button" class="button" onClick={onCancel}>
            {crudText.cancel}
          </button>
        </div>
      </form>
    </section>
  )
}
