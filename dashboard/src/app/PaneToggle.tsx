import type { Signal } from '@preact/signals'

export interface PaneToggleProps {
  /** Whether what the button shows is open; the button reads it, so only it redraws. */
  open: Signal<boolean>
  label: string
  class: string
  controls?: string
}

/**
 * A phone's button that shows or hides a part of the screen folded away at narrow widths (the
 * sections, the inbox filters, the conversation's actions). Hidden by CSS on wider screens,
 * where that part is always shown.
 */
export function PaneToggle({ open, label, controls, class: className }: PaneToggleProps) {
  return (
    <button
      type="button"
      class={`pane-toggle ${className}`}
      aria-expanded={open.value ? 'true' : 'false'}
      aria-controls={controls}
      onClick={() => {
        open.value = !open.value
      }}
    >
      {label}
    </button>
  )
}
