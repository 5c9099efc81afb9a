import type { CommandBus, ConversationCommand } from './context'

/** The single keys (FreeScout's and Gmail's): never Alt+letter, which types letters on Polish and German layouts. */
export const SHORTCUT_KEYS = ['j', 'k', 'r', 'n', 'e', 'a', 's', '/', '?'] as const

const COMMANDS: Record<string, ConversationCommand> = {
  r: 'reply',
  n: 'note',
  e: 'resolve',
  a: 'assign',
  s: 'snooze',
}

export interface ShortcutActions {
  /** Off when the agent turned shortcuts off (preferences.shortcuts). */
  enabled(): boolean
  commands: CommandBus
  /** Opens the next (j) or previous (k) conversation of the list. */
  move(step: 1 | -1): void
  focusSearch(): void
  openCheatSheet(): void
  /** Escape in a multi-line field (the reply box): give focus back to the page, draft kept. */
  leaveField(field: HTMLElement): void
}

const TYPING_INPUTS = new Set(['text', 'search', 'email', 'password', 'url', 'tel', 'number'])

/** Whether keys typed here are text (so a letter is a letter, not a command). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) return TYPING_INPUTS.has(target.type || 'text')
  return target.closest('[contenteditable=""], [contenteditable="true"]') !== null
}

/** A field where Escape means nothing of its own (unlike a search box, which it clears). */
function isMultilineField(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false
  return target instanceof HTMLTextAreaElement || target.isContentEditable
}

/**
 * Escape leaves the reply box, so the next single key is a shortcut rather than a letter; the
 * field's own Escape (closing the canned-response list) prevents the default and comes first.
 */
function leaveOnEscape(event: KeyboardEvent, actions: ShortcutActions): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return false
  const field = event.target
  if (!isMultilineField(field) || field.closest('dialog[open]')) return false
  actions.leaveField(field)
  event.preventDefault()
  return true
}

/** Handles one keydown; true when it was a shortcut (and its default is prevented). */
export function handleShortcut(event: KeyboardEvent, actions: ShortcutActions): boolean {
  if (leaveOnEscape(event, actions)) return true
  if (!actions.enabled() || event.defaultPrevented || event.isComposing) return false
  // Ctrl, Meta and Alt combinations belong to the browser, the system and the keyboard layout.
  if (event.ctrlKey || event.metaKey || event.altKey) return false
  if (isTextField(event.target)) return false
  // Inside an open dialog only the dialog's own keys count (the cheat sheet handles Escape).
  if (event.target instanceof Element && event.target.closest('dialog[open]')) return false
  const key = event.key
  const command = COMMANDS[key]
  if (command) actions.commands.emit(command)
  else if (key === 'j') actions.move(1)
  else if (key === 'k') actions.move(-1)
  else if (key === '/') actions.focusSearch()
  else if (key === '?') actions.openCheatSheet()
  else return false
  event.preventDefault()
  return true
}

/** Listens on the document; returns the function that stops listening. */
export function installShortcuts(target: Document, actions: ShortcutActions): () => void {
  const listener = (event: KeyboardEvent) => void handleShortcut(event, actions)
  target.addEventListener('keydown', listener)
  return () => target.removeEventListener('keydown', listener)
}
