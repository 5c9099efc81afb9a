import type { Signal } from '@preact/signals'
import type { Conversation, Profile } from '../api/schema'
import type { FeedFrame, RoomFrame } from '../live/types'
import { type ChatMessage, MESSAGE_TYPE } from './messages'
import type { RoomStatus } from './room'

interface FrameTarget {
  state: {
    deps: { displayId: number; me: Profile }
    conversation: Signal<Conversation | null>
    announcement: Signal<{ name: string; text: string } | null>
    viewers: Signal<{ id: number; name: string }[]>
    roomStatus: Signal<RoomStatus>
  }
  catchUp(): void
  merge(incoming: ChatMessage[]): ChatMessage[]
  setTypist(typist: { key: string; name: string; contact: boolean }, on: boolean): void
  markSeen(): void
}

/** Who wrote a message, for the live region. */
function authorOf(message: ChatMessage): string {
  return message.sender && 'name' in message.sender ? message.sender.name : ''
}

/**
 * A frame of the room socket (or a message frame of the account feed) applied to the state.
 * Conversation frames replace the record, so every agent looking sees assignments, labels,
 * priority and status change as they happen.
 */
export function applyRoomFrame(
  target: FrameTarget,
  frame: RoomFrame | FeedFrame,
  source: 'room' | 'feed' = 'room',
) {
  const { state } = target
  switch (frame.event) {
    case 'message.created':
    case 'message.updated': {
      const message = frame.data as unknown as ChatMessage
      const added = target.merge([message])
      const fresh = added[0]
      if (!fresh || frame.event !== 'message.created' || fresh.private) return
      const fromOther =
        fresh.message_type === MESSAGE_TYPE.incoming ||
        (fresh.message_type === MESSAGE_TYPE.outgoing && fresh.sender?.id !== state.deps.me.id)
      if (!fromOther) return
      state.announcement.value = { name: authorOf(fresh), text: fresh.content ?? '' }
      if (fresh.message_type === MESSAGE_TYPE.incoming) {
        const sender = fresh.sender
        if (sender)
          target.setTypist({ key: `contact:${sender.id}`, name: '', contact: true }, false)
        if (source === 'room' && document.visibilityState !== 'hidden') target.markSeen()
      }
      return
    }
    case 'conversation.updated':
    case 'conversation.status_changed': {
      const next = frame.data as Conversation
      if (next.id !== state.deps.displayId) return
      state.conversation.value = next
      // The change's activity lines come with no frame: fetch what is newer. The room's copy
      // does it while the room is live; the feed's copy (status changes) while it is away.
      if (source === 'room' || state.roomStatus.value !== 'live') target.catchUp()
      return
    }
    case 'room.roster': {
      const me = state.deps.me.id
      state.viewers.value = frame.data.agents.filter((agent) => agent.id !== me)
      return
    }
    case 'conversation.read': {
      const current = state.conversation.value
      if (current && 'contact_last_seen_at' in frame.data) {
        state.conversation.value = {
          ...current,
          contact_last_seen_at: frame.data.contact_last_seen_at,
        }
      }
      return
    }
    case 'conversation.typing_on':
    case 'conversation.typing_off': {
      const { user } = frame.data
      const contact = user.type === 'contact'
      if (!contact && user.id === state.deps.me.id) return
      const key = `${user.type}:${user.id}`
      target.setTypist({ key, name: user.name ?? '', contact }, frame.event.endsWith('_on'))
      return
    }
    default:
      return
  }
}
