import { credentialRefusal } from '../live/access'
import { CLOSE, errorFrame, frame } from '../live/frames'
import { type Authentication, type ClientFrame, LiveObject } from '../live/live-object'
import { markSeen, replayFrames } from '../live/replay'
import { RoomAccess } from '../live/room-access'
import {
  type RoomBroadcast,
  type RoomSocket,
  RoomSocketSchema,
  SOCKET_STATE_HEADER,
} from '../live/sockets'
import { logRefused, RoomIdentity } from './room-identity'
import { RoomSchedule } from './room-schedule'
import {
  actorData,
  actorOf,
  presenceFrame,
  type RoomFrame,
  roomDelivery,
  rosterFrame,
  typingFrame,
} from './room-sockets'

/**
 * Live state of one conversation: the visitor's and agents' hibernatable sockets, typing with
 * expiry, presence, read state, and replay from D1 on (re)connect. D1 stays the source of truth:
 * nothing here is needed to rebuild a client's view. Who may stay connected is `RoomAccess`'s:
 * rights taken away reach the room through `revalidate()`, never through a read per broadcast.
 * It serves one account's conversation (`RoomIdentity`) and refuses sockets and broadcasts of
 * any other. A room for conversation 0 stands for a guessed id that names nothing: it answers a
 * stranger as a real room would, and an authenticated caller with 4410. The upgrade, the auth
 * deadline, ping and the frame budget are `LiveObject`'s.
 */
export class ConversationRoom extends LiveObject<RoomSocket> {
  protected readonly handOffHeader = SOCKET_STATE_HEADER
  protected readonly attachmentSchema = RoomSocketSchema
  private readonly access = new RoomAccess(this.ctx, this.env, () => this.openSockets())
  private readonly identity = new RoomIdentity(this.ctx.storage)
  private readonly schedule = new RoomSchedule(this.ctx.storage, this.env, () =>
    this.nextAuthDeadline(),
  )

  protected async handOffRefusal(state: RoomSocket) {
    if (await this.identity.admit(state)) return null
    logRefused('socket', await this.identity.current(), state)
    return 'this room serves another conversation'
  }

  protected override tagsOf(state: RoomSocket) {
    return [state.role]
  }

  protected async admit(ws: WebSocket, state: RoomSocket, accept: () => void) {
    if (state.conversationId === 0) accept()
    else if (state.role === 'agent') {
      const refusal = await this.access.admitAgent(state, accept)
      if (refusal) {
        await this.access.refuse(ws, refusal)
        return false
      }
    } else {
      accept()
      await this.access.admitVisitor(state)
    }
    return true
  }

  protected async authenticate(
    state: RoomSocket,
    token: string,
  ): Promise<Authentication<RoomSocket>> {
    const authed = await this.access.authenticate(state, token)
    if (!authed.ok) return { refusal: credentialRefusal(authed) }
    if (state.conversationId === 0) {
      // Only now, to a caller the account knows, may the room say the id names nothing.
      return { refusal: { code: 'gone', closeCode: CLOSE.gone, message: 'Conversation not found' } }
    }
    return { attachment: authed.state }
  }

  protected async onFrame(ws: WebSocket, state: RoomSocket, parsed: ClientFrame | null) {
    if (!parsed) {
      ws.send(errorFrame('invalid_frame', 'Frames are {"type":"typing"|"seen"|"ping", …}'))
      return
    }
    switch (parsed.type) {
      case 'auth':
        ws.send(errorFrame('invalid_frame', 'Already authenticated'))
        return
      case 'typing':
        await this.typing(
          actorOf(state),
          parsed.status,
          state.role === 'agent' && parsed.is_private === true,
          actorData(state),
        )
        return
      case 'seen':
        await this.seen(ws, state)
        return
    }
  }

  protected override async onClose(ws: WebSocket, state: RoomSocket | null) {
    if (state?.authed) {
      await this.typing(actorOf(state), 'off', false, actorData(state))
      this.sendPresence(state, 'offline', ws)
      if (state.role === 'agent') this.sendRoster(ws)
    }
    await this.access.left()
  }

  /**
   * Sends an event of this room's conversation to every authenticated socket allowed to see it;
   * one naming another account or conversation is refused (0 sent).
   */
  async broadcast(message: RoomBroadcast): Promise<number> {
    if (await this.identity.serves(message)) return this.send(message)
    const served = await this.identity.current()
    // A room that never had a socket serves nobody yet: nothing to send, nothing wrong.
    if (served) logRefused('broadcast', served, message)
    return 0
  }

  /** Typing from a socket or from the REST endpoints; it expires unless refreshed. */
  async typing(
    actor: string,
    status: 'on' | 'off',
    isPrivate: boolean,
    user: Record<string, unknown>,
  ) {
    if (await this.schedule.setTyping(actor, status, isPrivate, user)) {
      this.send(typingFrame(this.displayId(), actor, status, isPrivate, user))
    }
  }

  /**
   * Rights were taken away in the account (called through its feed): closes the sockets that
   * may no longer see this conversation — 4401, 4403, or 4410 for all when it is gone.
   */
  async revalidate(): Promise<number> {
    return this.access.revalidate()
  }

  /**
   * Whether the visitor has a socket open here (authenticated): continuity mail waits while
   * they are on the page, where the widget shows the replies.
   */
  async visitorConnected(): Promise<boolean> {
    return this.openSockets().some(
      ({ attachment }) => attachment?.authed === true && attachment.role === 'visitor',
    )
  }

  /** Arms a per-conversation timer (funnel stage time limits); see `RoomSchedule`. */
  async scheduleTimer(key: string, dueAt: number): Promise<void> {
    await this.schedule.scheduleTimer(key, dueAt)
  }

  protected override async rearm() {
    await this.schedule.rearm()
  }

  protected override async onAlarm() {
    await this.schedule.runDue(this, async (entry) => {
      this.send(typingFrame(this.displayId(), entry.actor, 'off', entry.isPrivate, entry.user))
    })
  }

  /** After authentication: `ready`, then every message after the cursor, then live frames. */
  protected async onReady(ws: WebSocket, state: RoomSocket) {
    ws.send(frame('ready', { conversation_id: state.displayId, role: state.role }))
    // No broadcast interleaves with the replay, so nothing is sent twice or skipped.
    await this.ctx.blockConcurrencyWhile(async () => {
      const replay = await replayFrames(this.env, state)
      let last = state.lastMessageId
      for (const item of replay) {
        if (item.id <= last) continue
        ws.send(frame('message.created', item.data))
        last = item.id
      }
      this.setAttachment(ws, { ...state, lastMessageId: last })
    })
    this.sendPresence(state, 'online', ws)
    if (state.role === 'agent') this.sendRoster()
  }

  /** A `seen` with nothing sent to the socket since its last one changes nothing: no write. */
  private async seen(ws: WebSocket, state: RoomSocket) {
    if (state.seenThrough !== undefined && state.seenThrough >= state.lastMessageId) return
    this.setAttachment(ws, { ...state, seenThrough: state.lastMessageId })
    const data = await markSeen(this.env, state)
    if (!data) return
    this.send({
      event: 'conversation.read',
      agent: data,
      // The visitor learns when an agent has read the conversation (read receipts).
      visitor: state.role === 'agent' ? data : null,
      exceptActor: actorOf(state),
    })
  }

  /** Sends a frame to every authenticated socket of the room allowed to see it; how many. */
  private send(message: RoomFrame): number {
    const delivery = roomDelivery(message)
    const sent = this.broadcastTo(delivery.accepts, delivery.text)
    const { messageId } = delivery
    if (messageId !== undefined) {
      for (const { ws, attachment } of sent) {
        this.setAttachment(ws, { ...attachment, lastMessageId: messageId })
      }
    }
    return sent.length
  }

  /** Tells the other side's sockets that this one came or went. */
  private sendPresence(state: RoomSocket, status: 'online' | 'offline', self: WebSocket) {
    const text = presenceFrame(state, status)
    this.broadcastTo((other, ws) => ws !== self && other.role !== state.role, text)
  }

  /** Tells every agent socket who of the agents is here now (`gone`: a socket that is leaving). */
  private sendRoster(gone?: WebSocket) {
    const here = this.openSockets().filter(({ ws }) => ws !== gone)
    const text = rosterFrame(here.flatMap(({ attachment }) => (attachment ? [attachment] : [])))
    this.broadcastTo((other, ws) => ws !== gone && other.role === 'agent', text)
  }

  /** The conversation's display id, as any of its sockets knows it (null with none open). */
  private displayId(): number | null {
    return this.openSockets().find((s) => s.attachment)?.attachment?.displayId ?? null
  }
}
