import type { ComponentChildren } from 'preact'
import { useEffect, useId, useRef } from 'preact/hooks'
import { type ActionMenu, usePane } from './context'

export interface PopoverProps {
  menu: ActionMenu
  label: string
  /** The button's text (its name is `label` when this is an icon or a value). */
  children: ComponentChildren
  panel: (close: () => void) => ComponentChildren
}

/**
 * A button that opens a small panel. The panel takes the focus; Escape, a click outside or
 * tabbing out closes it, and Escape gives the focus back to the button (no keyboard trap).
 * Which one is open is shared, so the s and l shortcuts can open them.
 */
export function Popover({ menu, label, children, panel }: PopoverProps) {
  const { openMenu } = usePane()
  const open = openMenu.value === menu
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLDivElement>(null)

  const close = (refocus: boolean) => {
    if (openMenu.value === menu) openMenu.value = null
    if (refocus) button.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    const first = box.current?.querySelector<HTMLElement>('button, input, select, textarea')
    // A panel with nothing to focus (no labels yet) takes the focus itself, so Escape works.
    ;(first ?? box.current)?.focus()
    const outside = (event: MouseEvent) => {
      const target = event.target as Node
      if (!box.current?.contains(target) && !button.current?.contains(target)) close(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  return (
    <div class="cv-popover">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => {
          openMenu.value = open ? null : menu
        }}
      >
        {children}
      </button>
      {open && (
        <div
          ref={box}
          id={id}
          class="cv-popover-panel"
          role="dialog"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return
            event.preventDefault()
            event.stopPropagation()
            close(true)
          }}
          onFocusOut={(event) => {
            const next = event.relatedTarget as Node | null
            if (next && !box.current?.contains(next) && next !== button.current) close(false)
          }}
        >
          {panel(() => close(true))}
        </div>
      )}
    </div>
  )
}
