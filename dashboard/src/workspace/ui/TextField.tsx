import { useId } from 'preact/hooks'

export interface TextFieldProps {
  label: string
  value: string
  onInput(value: string): void
  type?: 'text' | 'email' | 'url' | 'password' | 'number' | 'color' | 'time'
  /** A textarea instead of a one-line input. */
  multiline?: boolean
  required?: boolean
  hint?: string
  /** The field's own error: shown under it and announced with it. */
  error?: string | null
  autoComplete?: string
  placeholder?: string
  name?: string
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function TextField(props: TextFieldProps) {
  const id = useId()
  const hintId = props.hint ? `${id}-hint` : undefined
  const errorId = props.error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const shared = {
    id,
    name: props.name,
    value: props.value,
    required: props.required,
    placeholder: props.placeholder,
    autoComplete: props.autoComplete,
    'aria-describedby': describedBy,
    'aria-invalid': props.error ? true : undefined,
    onInput: (event: Event) => props.onInput((event.currentTarget as HTMLInputElement).value),
  }
  return (
    <div class="form-field">
      <label for={id}>{props.label}</label>
      {props.multiline ? (
        <textarea rows={4} {...shared} />
      ) : (
        <input {...shared} type={(props.type ?? 'text') as 'text'} />
      )}
      {props.hint && (
        <p class="form-hint" id={hintId}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="form-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  )
}
