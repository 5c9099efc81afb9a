/**
 * The contract between the loader (widget.js, no dependencies) and the app (widget-app.js).
 * Types only, plus two tiny helpers: whatever is here lands in the loader
 * (widget.js, on every page view; budget in widget/build/sizes.ts).
 */
import type { ColorScheme } from '../../../protocol/shared/color'

export type { ColorScheme }
export type Position = 'left' | 'right'

/** What a page may set before start: `window.chatwootSettings` (read once) and data-* attributes. */
export interface LoaderSettings {
  position?: Position
  locale?: string
  useBrowserLanguage?: boolean
  darkMode?: ColorScheme
  launcherTitle?: string
  hideMessageBubble?: boolean
  welcomeTitle?: string
  welcomeDescription?: string
  enableFileUpload?: boolean
  enableEndConversation?: boolean
}

/** setUser's second argument, as Chatwoot's SDK takes it. */
export interface UserAttributes {
  name?: string
  email?: string
  avatar_url?: string
  phone_number?: string
  identifier_hash?: string
  custom_attributes?: Record<string, unknown>
  [key: string]: unknown
}

export type Command =
  | { type: 'toggle'; state?: 'open' | 'close' }
  | { type: 'setUser'; identifier: string; user: UserAttributes }
  | { type: 'setCustomAttributes'; attributes: Record<string, unknown> }
  | { type: 'deleteCustomAttribute'; key: string }
  | { type: 'setConversationCustomAttributes'; attributes: Record<string, unknown> }
  | { type: 'deleteConversationCustomAttribute'; key: string }
  | { type: 'setLabel'; label: string }
  | { type: 'removeLabel'; label: string }
  | { type: 'setLocale'; locale: string }
  | { type: 'setColorScheme'; scheme: ColorScheme }
  | { type: 'reset' }

/**
 * The launcher button the loader drew: named in the page's language, aria-expanded=false, with
 * the chat icon. The app drives what only happens once it is loaded: the open state, the unread
 * count (badge: data-unread) and the names that go with them (app/mount.tsx); it adds the close
 * icon, and the CSS for both icons, the badge and hovering comes with its own (styles/app.css).
 */
export interface LauncherHandle {
  readonly host: HTMLElement
  readonly root: ShadowRoot
  readonly button: HTMLButtonElement
  /**
   * Takes #rgb/#rrggbb only, and picks a readable icon colour for it; says whether it was one
   * (and so applied).
   */
  setColor(color: string): boolean
}

export type WidgetEvent = 'ready' | 'on-message' | 'opened' | 'closed' | 'error' | 'postback'

export interface MountOptions {
  inbox: string
  baseUrl: string
  /** Where widget-app.js lives: its chunks, and widget-app.css for where no <style> is allowed. */
  assetBase: string
  nonce?: string
  settings: LoaderSettings
  launcher: LauncherHandle
  /** The inbox settings the loader already asked for, so the app does not ask twice. */
  inbox$?: Promise<unknown>
  emit(event: WidgetEvent, detail?: unknown): void
}

export interface AppController {
  run(command: Command): Promise<void>
  destroy(): void
}

export type MountApp = (options: MountOptions) => AppController

/** The app announces its mount function with this window event when its script runs. */
export const APP_EVENT = 'parley:app'

/** The only storage key the widget uses: one per inbox. */
export const storageKey = (inbox: string) => `parley:${inbox}`

export const inboxPath = (baseUrl: string, inbox: string) =>
  `${baseUrl}/public/api/v1/inboxes/${encodeURIComponent(inbox)}`
