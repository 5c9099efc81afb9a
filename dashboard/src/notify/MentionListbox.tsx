import { useAccount } from '../app/context'
import type { MentionOption } from './mention-query'

export interface MentionListboxProps {
  id: string
  options: MentionOption[]
  active: number
  onPick(option: MentionOption): void
}

export const mentionOptionId = (listId: string, index: number) => `${listId}-${index}`

/** The agents matching `@query`; the composer's textbox keeps the focus and drives it. */
export function MentionListbox({ id, options, active, onPick }: MentionListboxProps) {
  const t = useAccount().strings.notify
  return (
    <div id={id} class="cv-canned" role="listbox" aria-label={t.mentionAgents}>
      {options.map((option, index) => (
        // biome-ignore lint/a11y/useFocusableInteractive: the textbox keeps the focus and points here with aria-activedescendant
        <div
          key={option.id}
          id={mentionOptionId(id, index)}
          role="option"
          aria-selected={index === active}
          class={index === active ? 'cv-canned-option cv-canned-active' : 'cv-canned-option'}
          onMouseDown={(event) => {
            event.preventDefault()
            onPick(option)
          }}
        >
          <span class="cv-canned-text">@{option.name}</span>
        </div>
      ))}
    </div>
  )
}
