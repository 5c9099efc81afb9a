import { useSignal } from '@preact/signals'
import { useEffect, useRef } from 'preact/hooks'

export interface ConfirmButtonProps {
  /** The action's name, e.g. "Delete label support". */
  label: string
  /** The question asked before it runs, e.g. "Delete it for everyone?". */
  question: string
  confirmLabel?: string
  cancelLabel?: string
  onConfirm(): void | Promise<void>
  disabled?: boolean
}

/**
 * A destructive action that asks first, in place (no modal): the button turns into the question
 * with Confirm and Cancel, focus moves to Cancel, Escape backs out.
 */
export function ConfirmButton(props: ConfirmButtonProps) {
  const asking = useSignal(false)
  const busy = useSignal(false)
  const cancel = useRef<HTMLButtonElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (asking.value) cancel.current?.focus()
  }, [asking.value])

  if (!asking.value) {
    return (
      <button
        ref={trigger}
        type="button"
        class="button button-danger"
        disabled={props.disabled}
        onClick={() => {
          asking.value = true
        }}
      >
        {props.label}
      </button>
    )
  }
  const back = () => {
    asking.value = false
    requestAnimationFrame(() => trigger.current?.focus())
  }
  return (
    <fieldset
      class="confirm"
      aria-label={props.label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') back()
      }}
    >
      <span>{props.question}</span>
      <button
        type="button"
        class="button button-danger"
        disabled={busy.value}
        onClick={async () => {
          busy.value = true
          try {
            await props.onConfirm()
          } finally {
            busy.value = false
            asking.value = false
          }
        }}
      >
        {props.confirmLabel ?? 'Confirm'}
      </button>
      <button ref={cancel} type="button" class="button" onClick={back}>
        {props.cancelLabel ?? 'Cancel'}
      </button>
    </fieldset>
  )
}
