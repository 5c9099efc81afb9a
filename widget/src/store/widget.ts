import { effect } from '@preact/signals'
import type { ApiClient } from '../client/api'
import type { Message, SubmittedValue } from '../client/types'
import type { Command, WidgetEvent } from '../shared/protocol'
import { createRuntime, serially, type WidgetContext, type WidgetEnv } from './context'
import {
  answerMessage,
  changeLabel,
  endConversation,
  loadConversation,
  loadOlder,
  startNewConversation,
} from './conversation'
import { loadLanguages } from './languages'
import { markSeen, visitorTyping } from './live'
import { begin, followStorage, loadInbox } from './opening'
import { flushOutbox, retryMessage, sendMessage } from './outbox'
import { createParts } from './parts'
import type { SessionStore } from './persist'
import { clearSession, persist, restore, setUser, updateCustomAttributes } from './session'
import type { WidgetState } from './state'

export interface WidgetDeps {
  state: WidgetState
  api: ApiClient
  store: SessionStore
  env: WidgetEnv
  emit: (event: WidgetEvent, detail?: unknown) => void
  /** The inbox settings if someone (the loader) already asked for them. */
  inbox$?: Promise<unknown>
}

/**
 * The widget's behaviour: every action the UI and the page's API can trigger, over one state.
 * Returns plain functions; components call them, tests call them directly.
 */
export function createWidget(deps: WidgetDeps) {
  const ctx: WidgetContext = { ...deps, rt: createRuntime() }
  const { state, api, rt } = ctx
  const disposers: (() => void)[] = []

  function open(): void {
    if (state.isOpen.value) return
    state.isOpen.value = true
    state.storageAllowed.value = true
    rt.triggered = false
    rt.seenSent = false
    persist(ctx)
    deps.emit('opened')
    void begin(ctx)
  }

  function close(): void {
    if (!state.isOpen.value) return
    visitorTyping(ctx, false)
    state.isOpen.value = false
    deps.emit('closed')
  }

  function reset(): void {
    close()
    clearSession(ctx)
  }

  async function run(command: Command): Promise<void> {
    switch (command.type) {
      case 'toggle': {
        const next = command.state ? command.state === 'open' : !state.isOpen.value
        if (next) open()
        else close()
        return
      }
      case 'setUser':
        await setUser(ctx, command.identifier, command.user)
        if (state.isOpen.value && !state.session.value) await begin(ctx)
        return
      case 'setCustomAttributes':
        return updateCustomAttributes(ctx, command.attributes)
      case 'deleteCustomAttribute':
        return updateCustomAttributes(ctx, { [command.key]: null })
      case 'setConversationCustomAttributes':
        Object.assign(rt.conversationAttributes, command.attributes)
        return
      case 'deleteConversationCustomAttribute':
        delete rt.conversationAttributes[command.key]
        return
      case 'setLabel':
      case 'removeLabel':
        return changeLabel(ctx, command.label, command.type === 'setLabel')
      case 'setLocale':
        state.locale.value = command.locale
        return
      case 'setColorScheme':
        state.colorScheme.value = command.scheme
        return
      case 'reset':
        await serially(ctx, async () => reset())
        return
    }
  }

  function start(): void {
    rt.inboxReady = loadInbox(ctx, deps.inbox$)
    const stored = deps.store.load()
    if (stored) {
      restore(ctx, stored)
      void loadConversation(ctx).then(() => flushOutbox(ctx))
    }
    disposers.push(loadLanguages(ctx))
    // Whenever the socket is back, or the browser is, send what waited.
    disposers.push(
      effect(() => {
        if (state.connection.value === 'online' && state.online.value) void flushOutbox(ctx)
      }),
    )
  }

  start()

  return {
    state,
    // For the part chunks' own reads (the past conversations' list).
    api,
    parts: createParts(deps.env, deps.emit),
    open,
    close,
    toggle: () => (state.isOpen.value ? close() : open()),
    run,
    reset,
    onStorage: (newValue: string | null) => followStorage(ctx, newValue, reset),
    send: (text: string, files?: File[]) => sendMessage(ctx, text, files),
    retry: (echoId: string) => retryMessage(ctx, echoId),
    loadOlder: () => loadOlder(ctx),
    typing: (active: boolean) => visitorTyping(ctx, active),
    markSeen: () => markSeen(ctx),
    endConversation: () => endConversation(ctx),
    startNewConversation: () => startNewConversation(ctx),
    answer: (message: Message, values: SubmittedValue[]) => answerMessage(ctx, message, values),
    /** A card's postback button: tell the page (chatwoot:postback) and send its text. */
    postback(action: { text: string; payload?: unknown }) {
      deps.emit('postback', { title: action.text, payload: action.payload })
      sendMessage(ctx, action.text)
    },
    async submitEmail(message: Message, email: string): Promise<boolean> {
      const ok = await answerMessage(ctx, message, [
        { name: 'email', title: 'Email', value: email },
      ])
      const session = state.session.value
      if (ok && session) api.updateContact(session.sourceId, { email }).catch(() => {})
      return ok
    },
    /** Pre-chat answers: contact fields go on the contact, the rest become custom attributes. */
    submitPrechat(values: { name?: string; email?: string; phone_number?: string }, custom = {}) {
      const user = { ...state.user.value }
      for (const [key, value] of Object.entries(values)) {
        if (value) user[key as 'name' | 'email' | 'phone_number'] = value
      }
      if (Object.keys(custom).length) {
        user.custom_attributes = { ...user.custom_attributes, ...custom }
      }
      state.user.value = user
      state.prechatDone.value = true
      return begin(ctx)
    },
    online(isOnline: boolean) {
      const cameBack = isOnline && !state.online.value
      state.online.value = isOnline
      if (cameBack) {
        rt.live?.reconnectNow()
        void flushOutbox(ctx)
      }
    },
    visibility() {
      if (!ctx.env.visible()) return
      rt.live?.reconnectNow()
      markSeen(ctx)
    },
    /** Asks for the inbox settings again (who is online changes while the panel is open). */
    async refreshInbox(): Promise<void> {
      // A failed refresh keeps what the panel shows; the next one tries again.
      const inbox = await ctx.api.getInbox().catch(() => null)
      if (inbox) state.inbox.value = inbox as typeof state.inbox.value
    },
    async retryLoad(): Promise<void> {
      state.notice.value = null
      if (!state.inbox.value) rt.inboxReady = loadInbox(ctx, deps.inbox$)
      await rt.inboxReady
      if (state.session.value) await loadConversation(ctx)
      else await begin(ctx)
    },
    destroy() {
      for (const dispose of disposers.splice(0)) dispose()
      rt.generation++
      rt.live?.close()
      rt.live = undefined
      clearTimeout(rt.retryTimer)
      clearTimeout(rt.typingTimer)
      clearTimeout(rt.agentTypingTimer)
    },
  }
}

export type Widget = ReturnType<typeof createWidget>
