import type { Signal } from '@preact/signals'
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { ApiClient } from '../api/client'
import type { Profile } from '../api/schema'
import type { Strings } from '../i18n'
import type { LiveFeed } from '../live/types'

/** What the single-key shortcuts ask of the open conversation (app/shortcuts owns the keys). */
export type ConversationCommand = 'reply' | 'note' | 'resolve' | 'assign' | 'snooze' | 'label'

export interface CommandBus {
  /** The open conversation listens; the returned function stops listening. */
  on(command: ConversationCommand, handler: () => void): () => void
  emit(command: ConversationCommand): void
}

/** The agent's own settings (kept in the profile's ui_settings). */
export interface AgentPreferences {
  /** Which key sends in the composer: Enter (Shift+Enter for a new line) or Mod+Enter only. */
  sendWith: 'enter' | 'mod_enter'
  /** Single-key shortcuts outside text fields (j/k, r, n, e, a, s, /, ?). */
  shortcuts: boolean
  /** When new conversations and messages in the agent's conversations ring (notify/alerts.ts). */
  sound: 'on' | 'off' | 'hidden'
}

/** What every view of a signed-in account reaches through context (no global singletons). */
export interface AccountServices {
  api: ApiClient
  feed: LiveFeed
  accountId: number
  /** The signed-in user (GET /api/v1/profile). */
  me: Profile
  /**
   * The user administers this account: settings are offered. The API decides every call; this
   * only keeps the app from offering what would be refused.
   */
  isAdministrator: boolean
  preferences: Signal<AgentPreferences>
  commands: CommandBus
  strings: Strings
  /** Goes to an app path (`/app/accounts/1/conversations/7`) without a reload. */
  navigate(path: string): void
}

export const AccountContext = createContext<AccountServices | null>(null)

export function useAccount(): AccountServices {
  const services = useContext(AccountContext)
  if (!services) throw new Error('useAccount outside an AccountContext provider')
  return services
}
