import type { InboxConfig } from '../client/types'
import { errorMessage, type WidgetContext } from './context'
import { loadConversation, startNewConversation } from './conversation'
import { markSeen } from './live'
import { clearSession, ensureContact, restore } from './session'

/** The inbox settings: the loader's request if it made one, else a fresh one. */
export function loadInbox(ctx: WidgetContext, inbox$?: Promise<unknown>): Promise<void> {
  const { state, api } = ctx
  const fetched = inbox$?.catch(() => api.getInbox()) ?? api.getInbox()
  return (fetched as Promise<InboxConfig>).then(
    (inbox) => {
      state.inbox.value = inbox
      state.inboxError.value = null
    },
    (error) => {
      state.inboxError.value = errorMessage(error)
    },
  )
}

function triggerInfo(ctx: WidgetContext): Record<string, unknown> {
  return {
    widget_language: ctx.state.lang.value,
    browser_language: globalThis.navigator?.language,
    referer_url: ctx.env.referrer(),
    browser: ctx.env.browserInfo(),
  }
}

/** Everything that follows an opening: the contact, its conversation, webwidget.triggered. */
export async function begin(ctx: WidgetContext): Promise<void> {
  const { state, rt } = ctx
  await rt.inboxReady
  // Without the inbox settings we cannot tell whether the pre-chat form is required.
  if (!state.inbox.value && !state.session.value) return
  if (!state.isOpen.value || state.needsPrechat.value) return
  const generation = rt.generation
  try {
    const hadSession = state.session.value !== null
    const session = await ensureContact(ctx)
    if (generation !== rt.generation) return
    const stale = state.conversation.value && !rt.live && !state.loadingConversation.value
    if (!hadSession || stale) await loadConversation(ctx)
    if (!rt.triggered && state.isOpen.value) {
      rt.triggered = true
      ctx.api.triggerEvent(session.sourceId, triggerInfo(ctx)).catch(() => {})
    }
    markSeen(ctx)
  } catch (error) {
    if (generation === rt.generation) state.notice.value = errorMessage(error)
  }
}

/** Follows what another tab wrote to this inbox's storage key (a new session, a reset). */
export function followStorage(ctx: WidgetContext, newValue: string | null, reset: () => void) {
  const { state } = ctx
  if (newValue === null) {
    if (state.session.value) reset()
    return
  }
  const stored = ctx.store.load()
  if (!stored) return
  const current = state.session.value
  const ours = state.conversation.value
  if (current?.sourceId === stored.sourceId) {
    // Same visitor: follow a conversation another tab started, unless ours is still going.
    const newer = stored.conversationId && stored.conversationId !== ours?.id
    if (!newer || (ours && ours.status !== 'resolved')) return
    startNewConversation(ctx, false)
  } else if (current) clearSession(ctx, { keepUser: true })
  restore(ctx, { ...stored, outbox: [] })
  void loadConversation(ctx)
}
