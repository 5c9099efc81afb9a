import type { ComponentChildren } from 'preact'

export interface ComposerListboxProps<T extends { id: number }> {
  id: string
  label: string
  options: T[]
  active: number
  onPick(option: T): void
  children(option: T): ComponentChildren
}

export const composerOptionId = (listId: string, index: number) => `${listId}-${index}`

/**
 * The suggestions a composer's textbox offers as one types (canned responses after `/`, agents
 * after `@`): the textbox keeps the focus and drives the list with aria-activedescendant.
 */
export function ComposerListbox<T extends { id: number }>({
  id,
  label,
  options,
  active,
  onPick,
  children,
}: ComposerListboxProps<T>) {
  return (
    <div id={id} class="cv-canned" role="listbox" aria-label={label}>
      {options.map((option, index) => (
        // biome-ignore lint/a11y/useFocusableInteractive: the textbox keeps the focus and points here with aria-activedescendant
        <div
          key={option.id}
          id={composerOptionId(id, index)}
          role="option"
          aria-selected={index === active}
          class={index === active ? 'cv-canned-option cv-canned-active' : 'cv-canned-option'}
          // mousedown, not click: the textbox must not lose the focus.
          onMouseDown={(event) => {
            event.preventDefault()
            onPick(option)
          }}
        >
          {children(option)}
        </div>
      ))}
    </div>
  )
}
