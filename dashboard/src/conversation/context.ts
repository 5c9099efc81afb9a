import { type Signal, signal } from '@preact/signals'
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { Directory } from './actions'
import type { ComposerMode } from './drafts'
import type { ConversationStore } from './store'

export type ActionMenu = 'snooze' | 'labels'

/** What the pane's parts share: the conversation's state and what the shortcuts ask of them. */
export interface PaneServices {
  store: ConversationStore
  directory: Directory
  /** Set by the r/n shortcuts: the composer switches to that mode and takes the focus. */
  composerRequest: Signal<{ mode: ComposerMode; at: number } | null>
  /** Set by the s/l shortcuts: that menu opens with its first item focused. */
  openMenu: Signal<ActionMenu | null>
  /** Set by the a shortcut: the assignee picker takes the focus. */
  assignRequest: Signal<number>
}

export function createPaneServices(store: ConversationStore, directory: Directory): PaneServices {
  return {
    store,
    directory,
    composerRequest: signal(null),
    openMenu: signal(null),
    assignRequest: signal(0),
  }
}

export const PaneContext = createContext<PaneServices | null>(null)

export function usePane(): PaneServices {
  const services = useContext(PaneContext)
  if (!services) throw new Error('usePane outside a ConversationPane')
  return services
}
