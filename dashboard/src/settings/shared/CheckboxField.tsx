import { useId } from 'preact/hooks'
import { FieldNotes, noteIds } from './FieldNotes'

export interface CheckboxFieldProps {
  label: string
  checked: boolean
  onChange(checked: boolean): void
  hint?: string
}

/** A checkbox with its label beside it and its hint tied to it. */
export function CheckboxField(props: CheckboxFieldProps) {
  const id = useId()
  return (
    <div class="form-field checkbox-field">
      <span class="checkbox-line">
        <input
          id={id}
          type="checkbox"
          checked={props.checked}
          aria-describedby={noteIds(id, props.hint).describedBy}
          onChange={(event) => props.onChange((event.currentTarget as HTMLInputElement).checked)}
        />
        <label for={id}>{props.label}</label>
      </span>
      <FieldNotes id={id} hint={props.hint} />
    </div>
  )
}
