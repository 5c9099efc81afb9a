import type { ServerFrame } from '../../../protocol/realtime'
import { MESSAGE_TYPE, type Message } from '../client/types'
import type { WidgetContext } from './context'
import { upsertMessages } from './messages'

/** Chatwoot's widget clears an agent's typing indicator after 30 s without news. */
export const AGENT_TYPING_TIMEOUT = 30_000
/** The visitor counts as stopped typing after this long without a keystroke. */
export const VISITOR_TYPING_IDLE = 5_000

export function disconnectLive(ctx: WidgetContext): void {
  ctx.rt.live?.close()
  ctx.rt.live = undefined
  ctx.state.connection.value = 'idle'
}

/** Opens (or re-opens) the current conversation's live connection. */
export function connectLive(ctx: WidgetContext): void {
  const { state, api, rt } = ctx
  const session = state.session.value
  const conversation = state.conversation.value
  disconnectLive(ctx)
  if (!session || !conversation) return
  const { id } = conversation
  state.connection.value = 'connecting'
  rt.live = ctx.env.openLive({
    name: `parley:${session.sourceId}:${id}`,
    url: () => api.liveUrl(session.sourceId, id, state.lastMessageId.value),
    token: session.pubsubToken,
    onFrame: (frame) => applyFrame(ctx, frame),
    onStatus: (status) => {
      state.connection.value = status
    },
    onSignal: (signal) => {
      const seen = (signal as { seen?: unknown }).seen
      if (typeof seen === 'number' && seen > state.seenUpToId.value) state.seenUpToId.value = seen
    },
  })
}

function setAgentTyping(ctx: WidgetContext, name: string | null): void {
  clearTimeout(ctx.rt.agentTypingTimer)
  ctx.state.agentTyping.value = name
  if (name !== null) {
    ctx.rt.agentTypingTimer = setTimeout(() => setAgentTyping(ctx, null), AGENT_TYPING_TIMEOUT)
  }
}

function receiveMessage(ctx: WidgetContext, message: Message, created: boolean): void {
  const { state, rt } = ctx
  const { list, added } = upsertMessages(state.messages.value, [message])
  state.messages.value = list
  if (message.echo_id && state.outbox.value.some((item) => item.echoId === message.echo_id)) {
    // The socket confirmed it before the POST answered: no retry needed any more.
    rt.settled.add(message.echo_id)
    state.outbox.value = state.outbox.value.filter((item) => item.echoId !== message.echo_id)
  }
  if (!added.length || !created) return
  if (message.message_type !== MESSAGE_TYPE.incoming) setAgentTyping(ctx, null)
  ctx.emit('on-message', message)
  markSeen(ctx)
}

/** Applies one server frame; safe to apply twice (replays after reconnect overlap). */
export function applyFrame(ctx: WidgetContext, frame: ServerFrame): void {
  const { state } = ctx
  const conversation = state.conversation.value
  const data = frame.data as Record<string, unknown>
  switch (frame.event) {
    case 'message.created':
    case 'message.updated': {
      const message = data as unknown as Message
      if (typeof message.id !== 'number') return
      if (conversation && message.conversation_id !== conversation.id) return
      receiveMessage(ctx, message, frame.event === 'message.created')
      return
    }
    case 'conversation.status_changed':
    case 'conversation.updated': {
      if (!conversation || (typeof data.id === 'number' && data.id !== conversation.id)) return
      const status = data.status as typeof conversation.status | undefined
      const agentSeen = data.agent_last_seen_at
      state.conversation.value = {
        ...conversation,
        status: status ?? conversation.status,
        agentLastSeenAt: typeof agentSeen === 'number' ? agentSeen : conversation.agentLastSeenAt,
      }
      return
    }
    case 'conversation.read': {
      if (conversation && typeof data.agent_last_seen_at === 'number') {
        state.conversation.value = { ...conversation, agentLastSeenAt: data.agent_last_seen_at }
      }
      return
    }
    case 'conversation.typing_on':
    case 'conversation.typing_off': {
      const user = data.user as
        | { name?: string; available_name?: string; type?: string }
        | undefined
      if (data.is_private || user?.type === 'contact') return
      const name = user?.available_name || user?.name || state.t.value.messages.someone
      setAgentTyping(ctx, frame.event === 'conversation.typing_on' ? name : null)
      return
    }
    case 'error':
      ctx.emit('error', data)
      return
    default:
  }
}

/**
 * Tells the server (and the site's other tabs) the visitor has seen everything, when the panel
 * is open and the page visible; once per opening even when there is nothing new.
 */
export function markSeen(ctx: WidgetContext): void {
  const { state, rt, env } = ctx
  const session = state.session.value
  const conversation = state.conversation.value
  if (!state.isOpen.value || !env.visible() || !session || !conversation) return
  const upTo = state.lastMessageId.value
  if (upTo <= state.seenUpToId.value && rt.seenSent) return
  rt.seenSent = true
  state.seenUpToId.value = Math.max(upTo, state.seenUpToId.value)
  rt.live?.signal({ seen: state.seenUpToId.value })
  if (!rt.live?.send({ type: 'seen' })) {
    ctx.api.updateLastSeen(session.sourceId, conversation.id).catch(() => {})
  }
}

/** The visitor's own typing: `on` at the first keystroke, `off` when idle, sent or closed. */
export function visitorTyping(ctx: WidgetContext, active: boolean): void {
  const { state, rt } = ctx
  const session = state.session.value
  const conversation = state.conversation.value
  clearTimeout(rt.typingTimer)
  if (!session || !conversation || conversation.status === 'resolved') return
  if (active) rt.typingTimer = setTimeout(() => visitorTyping(ctx, false), VISITOR_TYPING_IDLE)
  if (active === rt.typingSent) return
  rt.typingSent = active
  const status = active ? 'on' : 'off'
  if (!rt.live?.send({ type: 'typing', status })) {
    ctx.api.toggleTyping(session.sourceId, conversation.id, status).catch(() => {})
  }
}
