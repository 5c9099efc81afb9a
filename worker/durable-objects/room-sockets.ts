import { frame } from '../live/frames'
import type { RoomBroadcast, RoomSocket } from '../live/sockets'

/** What a room sends its own sockets: a broadcast without the names it is checked by. */
export type RoomFrame = Omit<RoomBroadcast, 'accountId' | 'conversationId'>

export const actorOf = (s: RoomSocket) =>
  s.role === 'visitor' ? `contact:${s.contactId}` : `user:${s.userId}`

export function actorData(state: RoomSocket): Record<string, unknown> {
  return state.role === 'visitor'
    ? { id: state.contactId, type: 'contact' }
    : { id: state.userId, name: state.userName, type: 'user' }
}

/** Sends a frame to every authenticated socket of the room allowed to see it; how many. */
export function sendToSockets(ctx: DurableObjectState, message: RoomFrame): number {
  let sent = 0
  // Each shape is serialised once, however many sockets share it.
  const frames = new Map<unknown, string>()
  for (const ws of ctx.getWebSockets()) {
    const state = ws.deserializeAttachment() as RoomSocket
    if (!state.authed) continue
    if (message.exceptActor && actorOf(state) === message.exceptActor) continue
    const data = state.role === 'visitor' ? message.visitor : message.agent
    if (!data) continue
    if (message.event === 'message.created' && message.messageId !== undefined) {
      if (message.messageId <= state.lastMessageId) continue
      ws.serializeAttachment({ ...state, lastMessageId: message.messageId })
    }
    let text = frames.get(data)
    if (text === undefined) {
      text = frame(message.event, data)
      frames.set(data, text)
    }
    ws.send(text)
    sent++
  }
  return sent
}

/** Someone starts or stops typing: for agents, and for the visitor unless it is a private note. */
export function typingFrame(
  ctx: DurableObjectState,
  actor: string,
  status: 'on' | 'off',
  isPrivate: boolean,
  user: Record<string, unknown>,
): RoomFrame {
  const [any] = ctx.getWebSockets()
  const sample = any ? (any.deserializeAttachment() as RoomSocket) : null
  const data = { conversation: { id: sample?.displayId ?? null }, user, is_private: isPrivate }
  return {
    event: status === 'on' ? 'conversation.typing_on' : 'conversation.typing_off',
    agent: data,
    visitor: isPrivate ? null : data,
    exceptActor: actor,
  }
}

/** Tells the other side's sockets that this one came or went. */
export function sendPresence(
  ctx: DurableObjectState,
  state: RoomSocket,
  status: 'online' | 'offline',
  self: WebSocket,
) {
  const data =
    state.role === 'visitor'
      ? { account_id: state.accountId, users: {}, contacts: { [String(state.contactId)]: status } }
      : { account_id: state.accountId, users: { [String(state.userId)]: status }, contacts: {} }
  for (const ws of ctx.getWebSockets()) {
    if (ws === self) continue
    const other = ws.deserializeAttachment() as RoomSocket
    if (!other.authed || other.role === state.role) continue
    ws.send(frame('presence.update', data))
  }
}
