import { useEffect, useRef } from 'preact/hooks'
import type { Strings } from '../i18n'

export interface CheatSheetProps {
  strings: Strings
  onClose(): void
  /** The preferences' controls, shown under the list (shortcuts on/off, send key). */
  children?: preact.ComponentChildren
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea'

/**
 * The shortcut list in a modal dialog: focus moves in and stays inside while it is open (Tab
 * wraps), Escape closes it, and focus returns to where it was.
 */
export function CheatSheet({ strings, onClose, children }: CheatSheetProps) {
  const t = strings.shell
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    const before = document.activeElement as HTMLElement | null
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
    }
    element?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    return () => before?.focus?.()
  }, [])

  function keydown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !dialog.current) return
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items.at(-1)
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const rows: [string, string][] = [
    ['j', t.keyNext],
    ['k', t.keyPrevious],
    ['r', t.keyReply],
    ['n', t.keyNote],
    ['e', t.keyResolve],
    ['a', t.keyAssign],
    ['s', t.keySnooze],
    ['/', t.keySearch],
    ['?', t.keyHelp],
  ]
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="cheat-sheet-title"
      onKeyDown={keydown}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
    >
      <div class="dialog-head">
        <h2 id="cheat-sheet-title">{t.shortcutsTitle}</h2>
        <button type="button" class="button" onClick={onClose}>
          {t.close}
        </button>
      </div>
      <p>{t.shortcutsOffNote}</p>
      <dl class="keys">
        {rows.map(([key, label]) => (
          <div key={key} class="keys-row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
        <div class="keys-row">
          <dt>
            <kbd>Ctrl</kbd>/<kbd>⌘</kbd>+<kbd>Enter</kbd>
          </dt>
          <dd>{t.keySend}</dd>
        </div>
      </dl>
      {children}
    </dialog>
  )
}
