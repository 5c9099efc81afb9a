import { useSignal } from '@preact/signals'
import type { RefObject } from 'preact'
import { useLayoutEffect, useRef } from 'preact/hooks'
import type { BoardStage } from '../api/schema'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'

export interface MoveMenuProps {
  buttonRef: RefObject<HTMLButtonElement | null>
  contact: string
  /** The id of the card's name, so the button reads "Move to…, <contact>". */
  describedBy: string
  /** The stages the card can go to (all but its own), in order. */
  stages: BoardStage[]
  onChoose(stageId: number): void
}

/**
 * "Move to…": a menu button (arrow keys, Home/End, Enter or Space to choose, Esc or Tab to
 * close); focus goes back to the button when it closes.
 */
export function MoveMenu({ buttonRef, contact, describedBy, stages, onChoose }: MoveMenuProps) {
  const t = useStrings().funnels
  const open = useSignal(false)
  const active = useSignal(0)
  const items = useRef<(HTMLButtonElement | null)[]>([])
  const menuId = `${describedBy}-moves`

  // Before the browser paints: a key pressed the moment the menu shows already lands in it.
  useLayoutEffect(() => {
    if (open.value) items.current[active.value]?.focus()
  }, [open.value, active.value])

  const close = (refocus = true) => {
    open.value = false
    if (refocus) buttonRef.current?.focus()
  }
  const choose = (stageId: number) => {
    close()
    onChoose(stageId)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const last = stages.length - 1
    const keys: Record<string, () => void> = {
      ArrowDown: () => {
        active.value = active.value >= last ? 0 : active.value + 1
      },
      ArrowUp: () => {
        active.value = active.value <= 0 ? last : active.value - 1
      },
      Home: () => {
        active.value = 0
      },
      End: () => {
        active.value = last
      },
      Escape: () => close(),
      Enter: () => {
        const stage = stages[active.value]
        if (stage) choose(stage.id)
      },
    }
    keys[' '] = keys.Enter as () => void
    if (event.key === 'Tab') return close(false)
    const action = keys[event.key]
    if (!action) return
    event.preventDefault()
    event.stopPropagation()
    action()
  }

  return (
    <div class="move-menu">
      <button
        type="button"
        class="button move-button"
        ref={buttonRef}
        aria-haspopup="menu"
        aria-expanded={open.value}
        aria-controls={open.value ? menuId : undefined}
        aria-describedby={describedBy}
        onClick={() => {
          active.value = 0
          open.value = !open.value
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
          event.preventDefault()
          active.value = event.key === 'ArrowUp' ? Math.max(0, stages.length - 1) : 0
          open.value = true
        }}
      >
        {t.moveTo}
      </button>
      {open.value && stages.length === 0 && <p class="move-none">{t.noOtherStage}</p>}
      {open.value && stages.length > 0 && (
        <div
          id={menuId}
          class="move-list"
          role="menu"
          tabIndex={-1}
          aria-label={format(t.moveMenu, { contact })}
          onKeyDown={onKeyDown}
          onFocusOut={(event) => {
            const into = event.relatedTarget as Node | null
            if (!into || !event.currentTarget.contains(into)) {
              if (into !== buttonRef.current) open.value = false
            }
          }}
        >
          {stages.map((stage, index) => (
            <button
              type="button"
              key={stage.id}
              ref={(element) => {
                items.current[index] = element
              }}
              role="menuitem"
              tabIndex={index === active.value ? 0 : -1}
              onClick={() => choose(stage.id)}
            >
              <span
                class="stage-swatch"
                aria-hidden="true"
                style={{ backgroundColor: stage.color }}
              />
              {stage.name}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
