import type { SocketStatus } from '../../../protocol/client/socket'
import type { SharedLive } from '../../../protocol/client/tabs'
import type { ServerFrame } from '../../../protocol/realtime'
import type { ApiClient } from '../client/api'
import type { Locale, Strings } from '../i18n'
import type { WidgetEvent } from '../shared/protocol'
import type { PartName, Parts } from './parts'
import type { SessionStore } from './persist'
import type { ConversationInfo, Session, WidgetState } from './state'

export interface LiveOptions {
  /** Names the cross-tab lock and channel: one per conversation. */
  name: string
  url: () => string
  token: string
  onFrame: (frame: ServerFrame) => void
  onStatus: (status: SocketStatus) => void
  onSignal: (signal: unknown) => void
}

/** The browser, as the store needs it: replaced by fakes in tests. */
export interface WidgetEnv {
  now(): number
  uuid(): string
  online(): boolean
  visible(): boolean
  referrer(): string
  browserInfo(): Record<string, unknown>
  openLive(options: LiveOptions): SharedLive
  /** A language other than English (a chunk the browser fetches when first needed). */
  loadStrings(lang: Locale): Promise<Strings>
  /** A rarely used part of the widget (a chunk fetched when first needed). */
  loadPart<K extends PartName>(name: K): Promise<Parts[K]>
}

/** In-flight work and timers of one widget; not state the UI renders. */
export interface Runtime {
  /** Bumped by reset(): async work started before it drops its results. */
  generation: number
  contact?: Promise<Session>
  conversation?: Promise<ConversationInfo>
  live?: SharedLive
  flushing: boolean
  flushAgain: boolean
  retryTimer?: ReturnType<typeof setTimeout>
  retryAttempt: number
  typingSent: boolean
  typingTimer?: ReturnType<typeof setTimeout>
  agentTypingTimer?: ReturnType<typeof setTimeout>
  /** echo_ids this tab has delivered or given up on: dropped from the stored outbox. */
  settled: Set<string>
  triggered: boolean
  seenSent: boolean
  /** Contact-changing calls run one after another, in the order the page made them. */
  identity: Promise<unknown>
  pendingLabels: string[]
  conversationAttributes: Record<string, unknown>
  inboxReady: Promise<void>
}

export interface WidgetContext {
  state: WidgetState
  api: ApiClient
  store: SessionStore
  env: WidgetEnv
  emit: (event: WidgetEvent, detail?: unknown) => void
  rt: Runtime
}

export function createRuntime(): Runtime {
  return {
    generation: 0,
    flushing: false,
    flushAgain: false,
    retryAttempt: 0,
    typingSent: false,
    settled: new Set(),
    triggered: false,
    seenSent: false,
    identity: Promise.resolve(),
    pendingLabels: [],
    conversationAttributes: {},
    inboxReady: Promise.resolve(),
  }
}

/** Runs `task` after the contact-changing calls queued before it; a failure does not block later ones. */
export function serially<T>(ctx: WidgetContext, task: () => Promise<T>): Promise<T> {
  const run = ctx.rt.identity.then(task, task)
  ctx.rt.identity = run.catch(() => {})
  return run
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
