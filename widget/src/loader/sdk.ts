import type { ColorScheme } from '../../../protocol/shared/color'
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
 * Methods that pass one checked argument on as a command, as "method field" pairs: the field is
 * the command's, and an object for `attributes`, a non-empty string otherwise. One string rather
 * than one body each, because every byte here is on every page view.
 */
const PASS_ON =
  'setCustomAttributes attributes setConversationCustomAttributes attributes deleteCustomAttribute key deleteConversationCustomAttribute key setLabel label removeLabel label'

/**
 * The Chatwoot-compatible API object. Arguments are checked here, synchronously, as Chatwoot's
 * SDK does, so a mistake throws at the call site instead of failing later in the app. What it
 * does with them is the loader's (start.ts): positional, so the minifier can shorten the names.
 */
export function createSdk(
  view: SdkView,
  call: (command: Command) => void,
  run: (options: RunOptions) => void,
  reset: () => void,
  bubble: (visible: boolean) => void,
): ParleySdk {
  const toggle = (state?: 'open' | 'close') => call({ type: 'toggle', state })
  const sdk = {
    toggle: (state?: string) => toggle(state === 'open' || state === 'close' ? state : undefined),
    open: () => toggle('open'),
    close: () => toggle('close'),
    popoutChatWindow: () => toggle('open'),
    toggleBubbleVisibility: (visibility: string) => bubble(visibility !== 'hide'),
    setUser(identifier: string | number, user: UserAttributes) {
      if (typeof identifier !== 'string' && typeof identifier !== 'number') {
        fail('identifier must be a string or number')
      }
      const attributes = record(user, 'user') as UserAttributes
      if (!attributes.name && !attributes.email && !attributes.avatar_url) {
        fail('user must have a name, email or avatar_url')
      }
      view.identifier = `${identifier}`
      view.user = attributes
      call({ type: 'setUser', identifier: view.identifier, user: attributes })
    },
    setLocale(locale: unknown = 'en') {
      view.locale = text(locale, 'locale')
      call({ type: 'setLocale', locale: view.locale })
    },
    setColorScheme(scheme: ColorScheme = 'light') {
      if (!/^(light|dark|auto)$/.test(scheme)) fail('scheme must be light, dark or auto')
      view.darkMode = scheme
      call({ type: 'setColorScheme', scheme })
    },
    reset() {
      view.identifier = view.user = undefined
      reset()
    },
    init(options: { inbox: string; baseUrl?: string }) {
      run({ websiteToken: record(options, 'options').inbox as string, baseUrl: options.baseUrl })
    },
  } as Record<string, unknown>
  for (const [, name, field] of PASS_ON.matchAll(/(\w+) (\w+)/g)) {
    sdk[name as string] = (value: unknown) =>
      call({
        type: name,
        [field as string]: (field === 'attributes' ? record : text)(value, field as string),
      } as Command)
  }
  // The state object itself, as Chatwoot's are: plain properties the loader keeps current.
  return Object.assign(view, sdk) as unknown as ParleySdk
}
