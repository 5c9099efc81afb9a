import { useAccount } from '../app/context'
import type { CannedResponse } from './canned'

export interface CannedListboxProps {
  id: string
  options: CannedResponse[]
  active: number
  onPick(option: CannedResponse): void
}

export const cannedOptionId = (listId: string, index: number) => `${listId}-${index}`

/** The canned responses matching `/query`; the composer's textbox keeps the focus and drives it. */
export function CannedListbox({ id, options, active, onPick }: CannedListboxProps) {
  const t = useAccount().strings.conversation
  return (
    <div id={id} class="cv-canned" role="listbox" aria-label={t.cannedResponses}>
      {options.map((option, index) => (
        // biome-ignore lint/a11y/useFocusableInteractive: the textbox keeps the focus and points here with aria-activedescendant
        <div
          key={option.id}
          id={cannedOptionId(id, index)}
          role="option"
          aria-selected={index === active}
          class={index === active ? 'cv-canned-option cv-canned-active' : 'cv-canned-option'}
          // mousedown, not click: the textbox must not lose the focus.
          onMouseDown={(event) => {
            event.preventDefault()
            onPick(option)
          }}
        >
          <span class="cv-canned-code">/{option.short_code}</span>
          <span class="cv-canned-text">{option.content}</span>
        </div>
      ))}
    </div>
  )
}
