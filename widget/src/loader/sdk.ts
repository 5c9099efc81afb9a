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

const VIEW_KEYS =
  'hasLoaded isOpen websiteToken baseUrl position locale darkMode launcherTitle hideMessageBubble identifier user'.split(
    ' ',
  ) as (keyof SdkView)[]

export interface SdkHooks {
  call(command: Command): void
  reset(): void
  run(options: RunOptions): void
  bubble(visible: boolean): void
  view: SdkView
}

type Attributes = Record<string, unknown>

/** The Chatwoot-compatible API the page calls. */
export interface ParleyMethods {
  toggle(state?: 'open' | 'close'): void
  open(): void
  close(): void
  popoutChatWindow(): void
  toggleBubbleVisibility(visibility: 'show' | 'hide'): void
  setUser(identifier: string | number, user: UserAttributes): void
  setCustomAttributes(attributes: Attributes): void
  deleteCustomAttribute(key: string): void
  setConversationCustomAttributes(attributes: Attributes): void
  deleteConversationCustomAttribute(key: string): void
  setLabel(label: string): void
  removeLabel(label: string): void
  setLocale(locale?: string): void
  setColorScheme(scheme?: ColorScheme): void
  reset(): void
  init(options: { inbox: string; baseUrl?: string }): void
}

export type ParleySdk = ParleyMethods & Readonly<SdkView>

function fail(message: string): never {
  throw new TypeError(`Parley: ${message}`)
}

function record(value: unknown, name: string): Attributes {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(`${name} must be an object`)
  return value as Attributes
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') fail(`${name} must be a non-empty string`)
  return value
}

/**
 * Methods that pass one checked argument on as a command: [method, the command's field, check].
 * A table rather than one body each, because every byte here is on every page view.
 */
const PASS_ON = [
  ['setCustomAttributes', 'attributes', record],
  ['deleteCustomAttribute', 'key', text],
  ['setConversationCustomAttributes', 'attributes', record],
  ['deleteConversationCustomAttribute', 'key', text],
  ['setLabel', 'label', text],
  ['removeLabel', 'label', text],
] as const

/**
 * The Chatwoot-compatible API object. Arguments are checked here, synchronously, as Chatwoot's
 * SDK does, so a mistake throws at the call site instead of failing later in the app.
 */
export function createSdk(hooks: SdkHooks): ParleySdk {
  const { call, view } = hooks
  const toggle = (state?: 'open' | 'close') => call({ type: 'toggle', state })
  const sdk = {
    toggle: (state?: string) => toggle(state === 'open' || state === 'close' ? state : undefined),
    open: () => toggle('open'),
    close: () => toggle('close'),
    popoutChatWindow: () => toggle('open'),
    toggleBubbleVisibility: (visibility: string) => hooks.bubble(visibility !== 'hide'),
    setUser(identifier: string | number, user: UserAttributes) {
      if (typeof identifier !== 'string' && typeof identifier !== 'number') {
        fail('setUser needs an identifier (string or number)')
      }
      const attributes = record(user, 'user') as UserAttributes
      if (!attributes.name && !attributes.email && !attributes.avatar_url) {
        fail('setUser needs a user with name, email or avatar_url')
      }
      view.identifier = `${identifier}`
      view.user = attributes
      call({ type: 'setUser', identifier: view.identifier, user: attributes })
    },
    setLocale(locale = 'en') {
      view.locale = text(locale, 'locale')
      call({ type: 'setLocale', locale: view.locale })
    },
    setColorScheme(scheme: ColorScheme = 'light') {
      if (!/^(light|dark|auto)$/.test(scheme))
        fail("setColorScheme takes 'light', 'dark' or 'auto'")
      view.darkMode = scheme
      call({ type: 'setColorScheme', scheme })
    },
    reset() {
      view.identifier = view.user = undefined
      hooks.reset()
    },
    init(options: { inbox: string; baseUrl?: string }) {
      hooks.run({
        websiteToken: record(options, 'options').inbox as string,
        baseUrl: options.baseUrl,
      })
    },
  } as Record<string, unknown>
  for (const [name, field, check] of PASS_ON) {
    sdk[name] = (value: unknown) => call({ type: name, [field]: check(value, field) } as Command)
  }
  // Chatwoot exposes its state as plain properties; getters keep them current.
  for (const key of VIEW_KEYS) {
    Object.defineProperty(sdk, key, { enumerable: true, get: () => view[key] })
  }
  return sdk as unknown as ParleySdk
}
