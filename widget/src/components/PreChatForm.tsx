import { useId, useRef, useState } from 'preact/hooks'
import type { PreChatField } from '../client/types'
import { format } from '../i18n'
import { prechatTarget } from '../store/state'
import { useWidget } from './context'
import { useTakeFocus } from './take-focus'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function inputType(field: PreChatField): 'email' | 'tel' | 'url' | 'text' {
  const target = prechatTarget(field)
  if (target === 'email') return 'email'
  if (target === 'phone_number') return 'tel'
  return field.type === 'url' ? 'url' : 'text'
}

const AUTOCOMPLETE = { name: 'name', email: 'email', phone_number: 'tel' } as const

/** The inbox's pre-chat questions, minus what the page already told us through setUser. */
export function PreChatForm() {
  const widget = useWidget()
  const { state } = widget
  const t = state.t.value
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const firstInput = useRef<HTMLInputElement>(null)
  useTakeFocus(firstInput)
  const fields = state.prechatFields.value
  const message = state.inbox.value?.pre_chat_form_options?.pre_chat_message
  const [values, setValues] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})

  const validate = () => {
    const found: Record<string, string> = {}
    for (const field of fields) {
      const value = values[field.name]?.trim() ?? ''
      if (field.required && !value)
        found[field.name] = format(t.prechat.missing, { field: field.label ?? field.name })
      else if (value && inputType(field) === 'email' && !EMAIL.test(value)) {
        found[field.name] = t.prechat.invalidEmail
      }
    }
    return found
  }

  const onSubmit = (event: Event) => {
    event.preventDefault()
    const found = validate()
    setErrors(found)
    const first = fields.find((f) => found[f.name])
    if (first) {
      const root = form.current?.getRootNode() as Document | ShadowRoot | undefined
      root?.getElementById(`${id}-${first.name}`)?.focus()
      return
    }
    const contact: Record<string, string> = {}
    const custom: Record<string, string> = {}
    for (const field of fields) {
      const value = values[field.name]?.trim()
      if (!value) continue
      const target = prechatTarget(field)
      if (target) contact[target] = value
      else custom[field.name] = value
    }
    void widget.submitPrechat(contact, custom)
  }

  return (
    <form ref={form} class="prechat" noValidate onSubmit={onSubmit}>
      <p class="intro">{message || t.prechat.intro}</p>
      {fields.map((field, index) => {
        const fieldId = `${id}-${field.name}`
        const error = errors[field.name]
        const target = prechatTarget(field)
        return (
          <div class="field" key={field.name}>
            <label for={fieldId}>
              {field.label ?? field.name}
              {field.required && <span class="required"> ({t.prechat.required})</span>}
            </label>
            <input
              id={fieldId}
              name={field.name}
              // Preact types <input> props per literal `type`; these four share one shape.
              type={inputType(field) as 'text'}
              autoComplete={target ? AUTOCOMPLETE[target] : 'off'}
              placeholder={field.placeholder}
              required={field.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              ref={index === 0 ? firstInput : undefined}
              data-autofocus={index === 0 ? true : undefined}
              value={values[field.name] ?? ''}
              onInput={(event) => {
                const value = event.currentTarget.value
                setValues((v) => ({ ...v, [field.name]: value }))
              }}
            />
            {error && (
              <p id={`${fieldId}-error`} class="error">
                {error}
              </p>
            )}
          </div>
        )
      })}
      <button type="submit" class="primary">
        {t.prechat.submit}
      </button>
    </form>
  )
}
