import { useId, useState } from 'preact/hooks'
import type { Message } from '../client/types'
import { RICH } from '../i18n/rich'
import { useWidget } from './context'
import { items, submittedValues } from './rich'

interface FormField {
  name: string
  label?: string
  type?: 'text' | 'email' | 'textarea' | 'select' | string
  placeholder?: string
  required?: boolean
  options?: { label: string; value: string }[]
}

/** A form an agent or bot sent: filled in place, answered with submitted_values. */
export function FormMessage({ message }: { message: Message }) {
  const widget = useWidget()
  const t = RICH[widget.state.lang.value]
  const id = useId()
  const fields = items<FormField>(message)
  const submitted = submittedValues(message)
  const [values, setValues] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  if (submitted.length) {
    return (
      <dl class="answer">
        {submitted.map((value) => (
          <div key={value.name ?? value.title}>
            <dt>{value.title ?? value.name}</dt>
            <dd>{String(value.value ?? '')}</dd>
          </div>
        ))}
      </dl>
    )
  }

  const onSubmit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    await widget.answer(
      message,
      fields.map((f) => ({ name: f.name, title: f.label ?? f.name, value: values[f.name] ?? '' })),
    )
    setBusy(false)
  }

  return (
    <form class="rich-form" onSubmit={(e) => void onSubmit(e)}>
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`
        const common = {
          id: fieldId,
          name: field.name,
          required: field.required,
          value: values[field.name] ?? '',
          onInput: (e: Event) => {
            const value = (e.currentTarget as HTMLInputElement).value
            setValues((v) => ({ ...v, [field.name]: value }))
          },
        }
        let control = <input {...common} type="text" placeholder={field.placeholder} />
        if (field.type === 'email') {
          control = <input {...common} type="email" placeholder={field.placeholder} />
        } else if (field.type === 'textarea') {
          control = <textarea {...common} placeholder={field.placeholder} rows={3} />
        } else if (field.type === 'select') {
          control = (
            <select {...common}>
              <option value="" />
              {field.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )
        }
        return (
          <div class="field" key={field.name}>
            <label for={fieldId}>{field.label ?? field.name}</label>
            {control}
          </div>
        )
      })}
      <button type="submit" class="primary" disabled={busy}>
        {t.submit}
      </button>
    </form>
  )
}
