import { useSignal } from '@preact/signals'

export interface CopyButtonProps {
  text: string
  /** The button's name, e.g. "Copy snippet"; it says "Copied" for a moment after a copy. */
  label: string
  copiedLabel?: string
}

/** Copies a text to the clipboard and says so in a polite status next to the button. */
export function CopyButton({ text, label, copiedLabel = 'Copied' }: CopyButtonProps) {
  const state = useSignal<'idle' | 'copied' | 'failed'>('idle')
  return (
    <span class="copy">
      <button
        type="button"
        class="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text)
            state.value = 'copied'
          } catch {
            state.value = 'failed'
          }
          setTimeout(() => {
            state.value = 'idle'
          }, 2000)
        }}
      >
        {label}
      </button>
      <span class="copy-status" role="status">
        {state.value === 'copied'
          ? copiedLabel
          : state.value === 'failed'
            ? 'Select and copy it by hand'
            : ''}
      </span>
    </span>
  )
}
