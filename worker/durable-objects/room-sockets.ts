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

/**
 * Who of a room's (authenticated) sockets gets a frame, and its text for each: agents and the
 * visitor each their own shape (none when it is null), never the actor who caused it, and a
 * message.created never to a socket already sent that message (by its replay).
 */
export function roomDelivery(message: RoomFrame) {
  const dataFor = (s: RoomSocket) => (s.role === 'visitor' ? message.visitor : message.agent)
  // Each shape is serialised once, however many sockets share it.
  const texts = new Map<unknown, string>()
  const messageId = message.event === 'message.created' ? message.messageId : undefined
  return {
    /** The message id each socket it reaches has now been sent, if it is a new message. */
    messageId,
    accepts: (s: RoomSocket) => {
      if (message.exceptActor && actorOf(s) === message.exceptActor) return false
      if (!dataFor(s)) return false
      return messageId === undefined || messageId > s.lastMessageId
    },
    text: (s: RoomSocket) => {
      const data = dataFor(s) ?? {}
      let text = texts.get(data)
      if (text === undefined) {
        text = frame(message.event, data)
        texts.set(data, text)
      }
      return text
    },
  }
}

/** Someone starts or stops typing: for agents, and for the visitor unless it is a private note. */
export function typingFrame(
  displayId: number | null,
  actor: string,
  status: 'on' | 'off',
  isPrivate: boolean,
  user: Record<string, unknown>,
): RoomFrame {
  const data = { conversation: { id: displayId }, user, is_private: isPrivate }
  return {
    event: status === 'on' ? 'conversation.typing_on' : 'conversation.typing_off',
    agent: data,
    visitor: isPrivate ? null : data,
    exceptActor: actor,
  }
}

/** The frame telling the other side's sockets that this one came or went. */
export function presenceFrame(state: RoomSocket, status: 'online' | 'offline') {
  return frame(
    'presence.update',
    state.role === 'visitor'
      ? { account_id: state.accountId, users: {}, contacts: { [String(state.contactId)]: status } }
      : { account_id: state.accountId, users: { [String(state.userId)]: status }, contacts: {} },
  )
}

/** At most this many agents are named in a roster frame; `total` still counts them all. */
export const ROSTER_LIMIT = 20

/**
 * The agents viewing the conversation (one entry per agent, however many tabs), for agents'
 * sockets only: the visitor never learns who is looking. Bounded by `ROSTER_LIMIT`.
 */
export function rosterFrame(sockets: RoomSocket[]): string {
  const agents = new Map<number, { id: number; name: string }>()
  for (const s of sockets) {
    if (s.role !== 'agent' || !s.authed || s.userId === undefined) continue
    if (!agents.has(s.userId)) agents.set(s.userId, { id: s.userId, name: s.userName ?? '' })
  }
  const all = [...agents.values()].sort((a, b) => a.id - b.id)
  return frame('room.roster', { agents: all.slice(0, ROSTER_LIMIT), total: all.length })
}
