import { type ReadonlySignal, type Signal, useComputed, useSignal } from '@preact/signals'
import { useRef } from 'preact/hooks'
import { ApiError } from '../../api/client'
import { useStrings } from '../../i18n/context'
import { messageOf } from '../../workspace/ui/useLoad'
import { fieldErrorWords } from './field-error-words'
import type { FieldErrors } from './submit'

export interface Submission<Outcome extends string> {
  /**
   * The last failure in words, for FormStatus: the envelope's message, or for a refusal by field
   * the words of each field the form does not show itself (see `fieldError`), else a pointer to
   * the messages under the fields.
   */
  error: ReadonlySignal<string | null>
  /** The last failure's messages by field. */
  fields: Signal<FieldErrors>
  /** The last failure's field error codes by field. */
  codes: Signal<FieldErrors>
  /** What the last success was ("created", "saved" …), for the announcement. */
  done: Signal<Outcome | null>
  busy: Signal<boolean>
  /** Runs a write; true when it went through. */
  run(action: () => Promise<unknown>, outcome: Outcome): Promise<boolean>
  /** The field's error in words, as shown by it: "Name is required.", or null. */
  fieldError(field: string, label: string): string | null
  clear(): void
}

/** `phone_number` → "Phone number", `channel.webhook_url` → "Webhook url". */
const fieldName = (field: string) => {
  const words = (field.split('.').at(-1) ?? field).replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The state of a form's writes: busy, what failed (and at which field), what succeeded. */
export function useSubmission<Outcome extends string>(): Submission<Outcome> {
  const failed = useSignal<string | null>(null)
  // The fields this form shows its own errors under: every render asks fieldError for them.
  const shown = useRef(new Set<string>()).current
  const fields = useSignal<FieldErrors>({})
  const codes = useSignal<FieldErrors>({})
  const t = useStrings().fieldErrors
  const done = useSignal<Outcome | null>(null)
  const busy = useSignal(false)
  const error = useComputed(() => {
    const refused = Object.entries(fields.value)
    if (refused.length === 0) return failed.value
    const elsewhere = refused.filter(([field]) => !shown.has(field))
    if (elsewhere.length === 0) return t.checkFields
    return elsewhere
      .map(([field, message]) =>
        fieldErrorWords(field, codes.value[field] ?? 'invalid', message, fieldName(field), t),
      )
      .join(' ')
  })
  const clear = () => {
    failed.value = null
    fields.value = {}
    codes.value = {}
    done.value = null
  }
  return {
    error,
    fields,
    codes,
    done,
    busy,
    clear,
    async run(action, outcome) {
      clear()
      busy.value = true
      try {
        await action()
        done.value = outcome
        return true
      } catch (failure) {
        const byField = failure instanceof ApiError && Object.keys(failure.fields).length > 0
        failed.value = messageOf(failure)
        if (byField) {
          fields.value = failure.fields
          codes.value = failure.fieldCodes
        }
        return false
      } finally {
        busy.value = false
      }
    },
    fieldError(field, label) {
      shown.add(field)
      const message = fields.value[field]
      if (message === undefined) return null
      return fieldErrorWords(field, codes.value[field] ?? 'invalid', message, label, t)
    },
  }
}
