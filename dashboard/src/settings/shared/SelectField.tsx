import { useId } from 'preact/hooks'
import { FieldNotes, noteIds } from './FieldNotes'

export interface SelectFieldProps {
  label: string
  value: string
  options: { value: string; label: string }[]
  onChange(value: string): void
  hint?: string
  error?: string | null
}

/** A labelled select with its hint and error tied to it, styled as the other form fields. */
export function SelectField(props: SelectFieldProps) {
  const id = useId()
  return (
    <div class="form-field">
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-describedby={noteIds(id, props.hint, props.error).describedBy}
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => props.onChange((event.currentTarget as HTMLSelectElement).value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={props.hint} error={props.error} />
    </div>
  )
}
