import { ApiError } from '../client/api'
import type { Conversation, Message, SubmittedValue } from '../client/types'
import { errorMessage, serially, type WidgetContext } from './context'
import { connectLive, disconnectLive, markSeen } from './live'
import { PAGE_SIZE, seenUpTo, upsertMessages } from './messages'
import { clearSession, ensureContact, persist } from './session'
import type { ConversationInfo } from './state'

function info(conversation: Conversation): ConversationInfo {
  return {
    id: conversation.id,
    status: conversation.status,
    agentLastSeenAt: conversation.agent_last_seen_at ?? 0,
  }
}

/**
 * Loads the visitor's conversation (the stored one, else their latest open one) with its newest
 * page of messages, then goes live. Without either, the first message starts a new one.
 */
export async function loadConversation(ctx: WidgetContext): Promise<void> {
  const { state, api, rt } = ctx
  const session = state.session.value
  if (!session) return
  const generation = rt.generation
  state.loadingConversation.value = true
  try {
    let conversation: Conversation | undefined
    const storedId = state.conversation.value?.id
    if (storedId) {
      conversation = await api.getConversation(session.sourceId, storedId).catch((error) => {
        if (error instanceof ApiError && error.status === 404) return undefined
        throw error
      })
    }
    if (!conversation) {
      const list = await api.listConversations(session.sourceId)
      conversation = list.filter((c) => c.status !== 'resolved').sort((a, b) => b.id - a.id)[0]
    }
    if (generation !== rt.generation) return
    // A conversation the first message started while this read is newer than what it found.
    const startedMeanwhile = () =>
      state.conversation.value && state.conversation.value.id !== storedId
    if (startedMeanwhile()) return
    if (!conversation) {
      state.conversation.value = null
      persist(ctx)
      return
    }
    const page = await api.listMessages(session.sourceId, conversation.id)
    if (generation !== rt.generation || startedMeanwhile()) return
    state.conversation.value = info(conversation)
    state.messages.value = upsertMessages(
      state.messages.value.map((m) =>
        m.id === undefined ? { ...m, conversation_id: conversation.id } : m,
      ),
      page,
    ).list
    state.hasOlder.value = page.length >= PAGE_SIZE
    const seen = seenUpTo(page, conversation.contact_last_seen_at)
    if (seen > state.seenUpToId.value) state.seenUpToId.value = seen
    persist(ctx)
    connectLive(ctx)
    // The panel may have opened while this loaded: what arrived is in front of the visitor.
    markSeen(ctx)
  } catch (error) {
    if (generation !== rt.generation) return
    // The contact is gone (deleted or merged away): start over as a new visitor.
    if (error instanceof ApiError && error.status === 404) clearSession(ctx, { keepUser: true })
    else state.notice.value = state.t.value.errors.load
  } finally {
    if (generation === rt.generation) state.loadingConversation.value = false
  }
}

/** The current conversation, created (with the page's conversation attributes) when first needed. */
export function ensureConversation(ctx: WidgetContext): Promise<ConversationInfo> {
  const { state, api, rt } = ctx
  const current = state.conversation.value
  if (current) return Promise.resolve(current)
  if (!rt.conversation) {
    const generation = rt.generation
    rt.conversation = (async () => {
      const session = await ensureContact(ctx)
      const attributes = rt.conversationAttributes
      const created = await api.createConversation(
        session.sourceId,
        Object.keys(attributes).length ? attributes : undefined,
        ctx.env.referrer(),
      )
      if (generation !== rt.generation) throw new Error('reset')
      const conversation = info(created)
      state.conversation.value = conversation
      state.messages.value = upsertMessages(
        state.messages.value.map((m) => ({ ...m, conversation_id: conversation.id })),
        created.messages ?? [],
      ).list
      persist(ctx)
      connectLive(ctx)
      for (const label of rt.pendingLabels.splice(0)) {
        api.addLabel(session.sourceId, label).catch(() => {})
      }
      return conversation
    })().finally(() => {
      rt.conversation = undefined
    })
  }
  return rt.conversation
}

export async function loadOlder(ctx: WidgetContext): Promise<void> {
  const { state, api } = ctx
  const session = state.session.value
  const conversation = state.conversation.value
  const oldest = state.messages.value.find((m) => m.id !== undefined)?.id
  if (!session || !conversation || !oldest || state.loadingOlder.value) return
  state.loadingOlder.value = true
  try {
    const page = await api.listMessages(session.sourceId, conversation.id, oldest)
    state.messages.value = upsertMessages(state.messages.value, page).list
    state.hasOlder.value = page.length >= PAGE_SIZE
  } catch (error) {
    state.notice.value = errorMessage(error)
  } finally {
    state.loadingOlder.value = false
  }
}

/** Resolves the conversation (Chatwoot's public toggle_status only ever resolves). */
export async function endConversation(ctx: WidgetContext): Promise<void> {
  const { state, api } = ctx
  const session = state.session.value
  const conversation = state.conversation.value
  if (!session || !conversation) return
  try {
    const updated = await api.resolveConversation(session.sourceId, conversation.id)
    state.conversation.value = { ...conversation, status: updated?.status ?? 'resolved' }
  } catch (error) {
    state.notice.value = errorMessage(error)
  }
}

/**
 * The server put the visitor's message in a new conversation: the one it was written to was
 * resolved, and the inbox lets no message reopen it. The widget follows it there (its history,
 * its live updates, and the next messages) and says why the earlier messages are gone.
 */
export function followConversation(ctx: WidgetContext, id: number): void {
  const { state } = ctx
  disconnectLive(ctx)
  state.conversation.value = { id, status: 'open', agentLastSeenAt: 0 }
  state.messages.value = state.messages.value.filter(
    (m) => m.id === undefined || m.conversation_id === id,
  )
  state.hasOlder.value = false
  state.notice.value = state.t.value.conversation.startedNew
  void loadConversation(ctx)
}

/** After an ended conversation: clear the screen; the next message opens a new conversation. */
export function startNewConversation(ctx: WidgetContext, save = true): void {
  const { state } = ctx
  disconnectLive(ctx)
  state.conversation.value = null
  state.messages.value = state.messages.value.filter((m) => m.id === undefined)
  state.hasOlder.value = false
  state.agentTyping.value = null
  if (save) persist(ctx)
}

/** Answers an input_select, form, input_email or CSAT message. */
export async function answerMessage(
  ctx: WidgetContext,
  message: Message,
  values: SubmittedValue[],
): Promise<boolean> {
  const { state, api } = ctx
  const session = state.session.value
  if (!session) return false
  try {
    const updated = await api.updateMessage(
      session.sourceId,
      message.conversation_id,
      message.id,
      values,
    )
    state.messages.value = upsertMessages(state.messages.value, [updated]).list
    return true
  } catch (error) {
    state.notice.value = errorMessage(error)
    return false
  }
}

/** Labels go on the conversation; before there is one they wait for it. */
export function changeLabel(ctx: WidgetContext, label: string, add: boolean) {
  const { state, api, rt } = ctx
  return serially(ctx, async () => {
    const session = state.session.value
    if (!session || !state.conversation.value) {
      rt.pendingLabels = rt.pendingLabels.filter((l) => l !== label)
      if (add) rt.pendingLabels.push(label)
      return
    }
    try {
      if (add) await api.addLabel(session.sourceId, label)
      else await api.removeLabel(session.sourceId, label)
    } catch (error) {
      ctx.emit('error', { message: errorMessage(error), command: add ? 'setLabel' : 'removeLabel' })
    }
  })
}
