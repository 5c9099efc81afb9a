import type { ColorScheme } from '../shared/color'
import type { Command, UserAttributes } from '../shared/protocol'

export interface RunOptions {
  websiteToken?: string
  baseUrl?: string
}

/** What the page reads back on window.$chatwoot / window.Parley. */
export interface SdkView {
  hasLoaded: boolean
  isOpen: boolean
  websiteToken?: string
  baseUrl?: string
  position: string
  locale?: string
  darkMode: ColorScheme
  launcherTitle?: string
  hideMessageBubble: boolean
  identifier?: string
  user?: UserAttributes
}

const VIEW_KEYS = [
  'hasLoaded',
  'isOpen',
  'websiteToken',
  'baseUrl',
  'position',
  'locale',
  'darkMode',
  'launcherTitle',
  'hideMessageBubble',
  'identifier',
  'user',
] as const satisfies readonly (keyof SdkView)[]

export interface SdkHooks {
  call(command: Command): void
  reset(): void
  run(options: RunOptions): void
  bubble(visible: boolean): void
  view: SdkView
}

function fail(message: string): never {
  throw new TypeError(`Parley: ${message}`)
}

function record(value: unknown, name: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(`${name} must be an object`)
  return value as Record<string, unknown>
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') fail(`${name} must be a non-empty string`)
  return value
}

/**
 * The Chatwoot-compatible API object. Arguments are checked here, synchronously, as Chatwoot's
 * SDK does, so a mistake throws at the call site instead of failing later in the app.
 */
export function createSdk(hooks: SdkHooks) {
  const { call, view } = hooks
  const sdk = {
    toggle(state?: 'open' | 'close') {
      call({ type: 'toggle', state: state === 'open' || state === 'close' ? state : undefined })
    },
    open: () => call({ type: 'toggle', state: 'open' }),
    close: () => call({ type: 'toggle', state: 'close' }),
    popoutChatWindow: () => call({ type: 'toggle', state: 'open' }),
    toggleBubbleVisibility(visibility: 'show' | 'hide') {
      hooks.bubble(visibility !== 'hide')
    },
    setUser(identifier: string | number, user: UserAttributes) {
      if (typeof identifier !== 'string' && typeof identifier !== 'number') {
        fail('setUser needs an identifier (string or number)')
      }
      const attributes = record(user, 'user') as UserAttributes
      if (!attributes.name && !attributes.email && !attributes.avatar_url) {
        fail('setUser needs a user with name, email or avatar_url')
      }
      view.identifier = String(identifier)
      view.user = attributes
      call({ type: 'setUser', identifier: String(identifier), user: attributes })
    },
    setCustomAttributes(attributes: Record<string, unknown>) {
      call({ type: 'setCustomAttributes', attributes: record(attributes, 'attributes') })
    },
    deleteCustomAttribute(key: string) {
      call({ type: 'deleteCustomAttribute', key: text(key, 'key') })
    },
    setConversationCustomAttributes(attributes: Record<string, unknown>) {
      const checked = record(attributes, 'attributes')
      call({ type: 'setConversationCustomAttributes', attributes: checked })
    },
    deleteConversationCustomAttribute(key: string) {
      call({ type: 'deleteConversationCustomAttribute', key: text(key, 'key') })
    },
    setLabel(label: string) {
      call({ type: 'setLabel', label: text(label, 'label') })
    },
    removeLabel(label: string) {
      call({ type: 'removeLabel', label: text(label, 'label') })
    },
    setLocale(locale = 'en') {
      view.locale = text(locale, 'locale')
      call({ type: 'setLocale', locale: view.locale })
    },
    setColorScheme(scheme: ColorScheme = 'light') {
      if (scheme !== 'light' && scheme !== 'dark' && scheme !== 'auto') {
        fail("setColorScheme takes 'light', 'dark' or 'auto'")
      }
      view.darkMode = scheme
      call({ type: 'setColorScheme', scheme })
    },
    reset() {
      view.identifier = undefined
      view.user = undefined
      hooks.reset()
    },
    init(options: { inbox: string; baseUrl?: string }) {
      hooks.run({
        websiteToken: record(options, 'options').inbox as string,
        baseUrl: options.baseUrl,
      })
    },
  }
  // Chatwoot exposes its state as plain properties; getters keep them current.
  for (const key of VIEW_KEYS) {
    Object.defineProperty(sdk, key, { enumerable: true, get: () => view[key] })
  }
  return sdk as typeof sdk & Readonly<SdkView>
}

export type ParleySdk = ReturnType<typeof createSdk>
