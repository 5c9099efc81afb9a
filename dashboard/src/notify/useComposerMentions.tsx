import type { RefObject } from 'preact'
import { useAccount } from '../app/context'
import { ComposerListbox, composerOptionId } from '../conversation/ComposerListbox'
import { insertMention } from './mention-query'
import { useMentions } from './useMentions'

/**
 * The composer's @-picker: in a private note, `@name` offers the inbox's agents (Chatwoot's
 * mention notifies them). Gives the composer its keys (arrows, Escape, Enter/Tab pick), the
 * listbox to show, and the textarea's ARIA wiring while it is open.
 */
export function useComposerMentions(options: {
  text: string
  inNote: boolean
  inboxId: number | undefined
  listId: string
  setText: (value: string) => void
  box: RefObject<HTMLTextAreaElement | null>
}) {
  const { text, listId, setText, box } = options
  const mentions = useMentions(text, options.inNote, options.inboxId)
  const t = useAccount().strings.notify

  /** Handles the key when the picker is open; true when it did (the composer stops there). */
  const onKeyDown = (event: KeyboardEvent) => {
    if (!mentions.open) return false
    const agent = mentions.options[mentions.active]
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      mentions.move(event.key === 'ArrowDown' ? 1 : -1)
      return true
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      mentions.close()
      return true
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && agent && !event.isComposing) {
      event.preventDefault()
      setText(insertMention(text, agent))
      return true
    }
    return false
  }

  const listbox = mentions.open ? (
    <ComposerListbox
      id={listId}
      label={t.mentionAgents}
      options={mentions.options}
      active={mentions.active}
      onPick={(agent) => {
        setText(insertMention(text, agent))
        box.current?.focus()
      }}
    >
      {(agent) => <span class="cv-canned-text">@{agent.name}</span>}
    </ComposerListbox>
  ) : null

  return {
    open: mentions.open,
    onKeyDown,
    listbox,
    activeDescendant: mentions.open ? composerOptionId(listId, mentions.active) : undefined,
  }
}
