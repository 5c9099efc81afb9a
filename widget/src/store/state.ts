import { computed, signal } from '@preact/signals'
import type { SocketStatus } from '../../../protocol/client/socket'
import {
  type ConversationStatus,
  type InboxConfig,
  MESSAGE_TYPE,
  type Message,
  type PreChatField,
} from '../client/types'
import { en, type Locale, matchLocale, type Strings } from '../i18n'
import type { ColorScheme, LoaderSettings } from '../shared/protocol'

/** A message as the list shows it: the server's, or the visitor's own not yet confirmed. */
export interface ChatMessage extends Omit<Message, 'id'> {
  id?: number
  /** Only on the visitor's own messages the server has not confirmed. */
  delivery?: 'sending' | 'queued' | 'failed'
  error?: string
  /** Files picked for an unconfirmed message (memory only). */
  files?: File[]
}

export interface OutboxItem {
  echoId: string
  content: string
  createdAt: number
  files?: File[]
}

export interface Session {
  sourceId: string
  pubsubToken: string
  /** Hash of the setUser identifier: another one signing in starts a new session. */
  identityKey?: string
  /** Hash of the last setUser details sent, so a page calling it on every view sends them once. */
  userKey?: string
}

export interface ConversationInfo {
  id: number
  status: ConversationStatus
  agentLastSeenAt: number
}

/** What the page told us about the visitor (setUser, custom attributes) or the pre-chat form. */
export interface VisitorInfo {
  identifier?: string
  identifier_hash?: string
  name?: string
  email?: string
  phone_number?: string
  avatar_url?: string
  custom_attributes?: Record<string, unknown>
}

export interface WidgetStateInit {
  settings?: LoaderSettings
  browserLanguage?: string
}

const NAME_FIELDS = ['name', 'fullName', 'full_name']
const EMAIL_FIELDS = ['email', 'emailAddress', 'email_address']
const PHONE_FIELDS = ['phone_number', 'phoneNumber', 'phone']

/** Which visitor property a pre-chat field fills, if any (else it is a custom attribute). */
export function prechatTarget(field: PreChatField): 'name' | 'email' | 'phone_number' | undefined {
  if (NAME_FIELDS.includes(field.name)) return 'name'
  if (EMAIL_FIELDS.includes(field.name) || field.type === 'email') return 'email'
  if (PHONE_FIELDS.includes(field.name)) return 'phone_number'
  return undefined
}

/**
 * All of one widget's state, as signals. A factory, not a module singleton: every mount (and
 * every test) gets its own.
 */
export function createWidgetState(init: WidgetStateInit = {}) {
  const settings = init.settings ?? {}
  const inbox = signal<InboxConfig | null>(null)
  const user = signal<VisitorInfo>({})
  const messages = signal<ChatMessage[]>([])
  const seenUpToId = signal(0)
  const session = signal<Session | null>(null)
  const conversation = signal<ConversationInfo | null>(null)
  const locale = signal<string | undefined>(settings.locale)
  const prechatDone = signal(false)

  /** The language the settings ask for; its strings may still be on their way. */
  const wantedLang = computed<Locale>(
    () =>
      matchLocale(locale.value) ??
      (settings.useBrowserLanguage ? matchLocale(init.browserLanguage) : undefined) ??
      matchLocale(inbox.value?.locale) ??
      'en',
  )
  /** Every language's strings loaded so far (English ships with the app). */
  const strings = signal<Partial<Record<Locale, Strings>>>({ en })
  /** The language shown: the wanted one once loaded, English until then (text and dir agree). */
  const lang = computed<Locale>(() => (strings.value[wantedLang.value] ? wantedLang.value : 'en'))

  /** The enabled pre-chat fields the page has not already answered through setUser. */
  const prechatFields = computed(() => {
    const options = inbox.value?.pre_chat_form_enabled ? inbox.value.pre_chat_form_options : null
    const known = user.value
    return (options?.pre_chat_fields ?? []).filter((field) => {
      const target = prechatTarget(field)
      return field.enabled !== false && !(target && known[target])
    })
  })

  return {
    settings,
    inbox,
    inboxError: signal<string | null>(null),
    isOpen: signal(false),
    /** False until the visitor opens the widget or the page calls setUser: no storage before. */
    storageAllowed: signal(false),
    session,
    user,
    conversation,
    messages,
    hasOlder: signal(false),
    loadingOlder: signal(false),
    loadingConversation: signal(false),
    outbox: signal<OutboxItem[]>([]),
    seenUpToId,
    agentTyping: signal<string | null>(null),
    connection: signal<SocketStatus | 'idle'>('idle'),
    online: signal(true),
    locale,
    colorScheme: signal<ColorScheme>(settings.darkMode ?? 'auto'),
    notice: signal<string | null>(null),
    prechatDone,
    wantedLang,
    strings,
    lang,
    t: computed(() => strings.value[lang.value] ?? en),
    prechatFields,
    needsPrechat: computed(
      () => !session.value && !prechatDone.value && prechatFields.value.length > 0,
    ),
    lastMessageId: computed(() =>
      messages.value.reduce((max, m) => (m.id !== undefined && m.id > max ? m.id : max), 0),
    ),
    unreadCount: computed(
      () =>
        messages.value.filter(
          (m) =>
            m.id !== undefined &&
            m.id > seenUpToId.value &&
            m.message_type !== MESSAGE_TYPE.incoming,
        ).length,
    ),
    ended: computed(() => conversation.value?.status === 'resolved'),
  }
}

export type WidgetState = ReturnType<typeof createWidgetState>
