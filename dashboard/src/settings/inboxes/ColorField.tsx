import { useSignal } from '@preact/signals'
import { useEffect, useId } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import { TextField } from '../../workspace/ui/TextField'
import { HEX_COLOR } from './widget-draft'

export interface ColorFieldProps {
  value: string
  onChange(value: string): void
}

/**
 * The widget colour as a picker and as hex text, kept in step. Half-typed hex stays in the text
 * field only: the draft (and so the preview and the save) only ever gets a whole colour.
 */
export function ColorField({ value, onChange }: ColorFieldProps) {
  const t = useStrings().inboxes
  const id = useId()
  const text = useSignal(value)
  useEffect(() => {
    if (text.value.toLowerCase() !== value.toLowerCase()) text.value = value
  }, [value])
  const invalid = text.value !== '' && !HEX_COLOR.test(text.value)
  return (
    <div class="color-field">
      <div class="form-field">
        <label for={id}>{t.widgetColor}</label>
        <input
          id={id}
          type="color"
          value={HEX_COLOR.test(value) ? value.toLowerCase() : '#1f93ff'}
          onInput={(event) => {
            const picked = (event.currentTarget as HTMLInputElement).value
            text.value = picked
            onChange(picked)
          }}
        />
      </div>
      <TextField
        label={t.widgetColorHex}
        value={text.value}
        hint={t.widgetColorHexHint}
        error={invalid ? t.widgetColorHexHint : null}
        onInput={(typed) => {
          text.value = typed
          if (HEX_COLOR.test(typed)) onChange(typed)
        }}
      />
    </div>
  )
}
