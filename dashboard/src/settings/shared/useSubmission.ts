import { type Signal, useSignal } from '@preact/signals'
import { messageOf } from '../../workspace/ui/useLoad'
import { type FieldErrors, FormError } from './submit'

export interface Submission<Outcome extends string> {
  /** The last failure in words (the envelope's message), for FormStatus. */
  error: Signal<string | null>
  /** The last failure's messages by field. */
  fields: Signal<FieldErrors>
  /** What the last success was ("created", "saved" …), for the announcement. */
  done: Signal<Outcome | null>
  busy: Signal<boolean>
  /** Runs a write; true when it went through. */
  run(action: () => Promise<unknown>, outcome: Outcome): Promise<boolean>
  /** The field's error as shown by it: "Short code has already been taken", or null. */
  fieldError(field: string, label: string): string | null
  clear(): void
}

/** The state of a form's writes: busy, what failed (and at which field), what succeeded. */
export function useSubmission<Outcome extends string>(): Submission<Outcome> {
  const error = useSignal<string | null>(null)
  const fields = useSignal<FieldErrors>({})
  const done = useSignal<Outcome | null>(null)
  const busy = useSignal(false)
  const clear = () => {
    error.value = null
    fields.value = {}
    done.value = null
  }
  return {
    error,
    fields,
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
        error.value = messageOf(failure)
        if (failure instanceof FormError) fields.value = failure.fields
        return false
      } finally {
        busy.value = false
      }
    },
    fieldError(field, label) {
      const message = fields.value[field]
      return message ? `${label} ${message}` : null
    },
  }
}
