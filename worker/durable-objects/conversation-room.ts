import { DurableObject } from 'cloudflare:workers'
import { CLOSE, errorFrame, frame, parseClientFrame } from '../live/frames'
import { markSeen, replayFrames } from '../live/replay'
import { RoomAccess } from '../live/room-access'
import { type RoomBroadcast, type RoomSocket, SOCKET_STATE_HEADER } from '../live/sockets'
import { RoomSchedule } from './room-schedule'

const actorOf = (s: RoomSocket) =>
  s.role === 'visitor' ? `contact:${s.contactId}` : `user:${s.userId}`

/**
 * Live state of one conversation: the visitor's and agents' hibernatable sockets, typing with
 * expiry, presence, read state, and replay from D1 on (re)connect. D1 stays the source of truth:
 * nothing here is needed to rebuild a client's view. Who may stay connected is `RoomAccess`'s:
 * rights taken away reach the room through `revalidate()`, never through a read per broadcast.
 */
export class ConversationRoom extends DurableObject<Env> {
  private readonly access = new RoomAccess(this.ctx, this.env)
  private readonly schedule = new RoomSchedule(this.ctx.storage, this.env)

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('expected a websocket upgrade', { status: 426 })
    }
    const state = JSON.parse(
      request.headers.get(SOCKET_STATE_HEADER) ?? 'null',
    ) as RoomSocket | null
    if (!state) return new Response('missing socket state', { status: 400 })
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    const accept = () => {
      this.ctx.acceptWebSocket(server, [state.role])
      server.serializeAttachment(state)
    }
    const response = new Response(null, { status: 101, webSocket: client })
    if (state.role === 'agent') {
      const refusal = await this.access.admitAgent(state, accept)
      if (refusal) {
        await this.access.refuse(server, refusal)
        return response
      }
    } else {
      accept()
      await this.access.admitVisitor(state)
    }
    // Sockets authenticated by header are ready at once; the rest wait for their auth frame.
    if (state.authed) await this.welcome(server, state)
    return response
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const state = ws.deserializeAttachment() as RoomSocket
    const parsed = parseClientFrame(raw)
    if (!state.authed) {
      if (parsed?.type !== 'auth') {
        ws.send(errorFrame('unauthorized', 'The first frame must be {"type":"auth","token":"…"}'))
        ws.close(CLOSE.unauthorized, 'unauthorized')
        return
      }
      const authed = await this.access.authenticate(state, parsed.token)
      if (!authed.ok) {
        ws.send(errorFrame(authed.code, authed.message))
        ws.close(authed.code === 'forbidden' ? CLOSE.forbidden : CLOSE.unauthorized, authed.code)
        return
      }
      ws.serializeAttachment(authed.state)
      await this.welcome(ws, authed.state)
      return
    }
    if (!parsed) {
      ws.send(errorFrame('invalid_frame', 'Frames are {"type":"typing"|"seen"|"ping", …}'))
      return
    }
    switch (parsed.type) {
      case 'ping':
        ws.send(frame('pong', {}))
        return
      case 'auth':
        ws.send(errorFrame('invalid_frame', 'Already authenticated'))
        return
      case 'typing':
        await this.typing(
          actorOf(state),
          parsed.status,
          state.role === 'agent' && parsed.is_private === true,
          this.actorData(state),
        )
        return
      case 'seen':
        await this.seen(state)
        return
    }
  }

  override async webSocketClose(ws: WebSocket) {
    const state = ws.deserializeAttachment() as RoomSocket | null
    if (state?.authed) {
      await this.typing(actorOf(state), 'off', false, this.actorData(state))
      this.presence(state, 'offline', ws)
    }
    await this.access.left()
  }

  override async webSocketError(ws: WebSocket) {
    await this.webSocketClose(ws)
  }

  /** Sends an event to every authenticated socket allowed to see it. */
  async broadcast(message: RoomBroadcast): Promise<number> {
    let sent = 0
    // Each shape is serialised once, however many sockets share it.
    const frames = new Map<unknown, string>()
    for (const ws of this.ctx.getWebSockets()) {
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

  /** Typing from a socket or from the REST endpoints; it expires unless refreshed. */
  async typing(
    actor: string,
    status: 'on' | 'off',
    isPrivate: boolean,
    user: Record<string, unknown>,
  ) {
    if (await this.schedule.setTyping(actor, status, isPrivate, user)) {
      await this.broadcastTyping(actor, status, isPrivate, user)
    }
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length
  }

  /**
   * Rights were taken away in the account (called through its feed): closes the sockets that
   * may no longer see this conversation — 4401, 4403, or 4410 for all when it is gone.
   */
  async revalidate(): Promise<number> {
    return this.access.revalidate()
  }

  /** Arms a per-conversation timer (funnel stage time limits); see `RoomSchedule`. */
  async scheduleTimer(key: string, dueAt: number): Promise<void> {
    await this.schedule.scheduleTimer(key, dueAt)
  }

  override async alarm() {
    await this.schedule.runDue(this, (entry) =>
      this.broadcastTyping(entry.actor, 'off', entry.isPrivate, entry.user),
    )
  }

  private async broadcastTyping(
    actor: string,
    status: 'on' | 'off',
    isPrivate: boolean,
    user: Record<string, unknown>,
  ) {
    const sample = this.anyState()
    const data = {
      conversation: { id: sample?.displayId ?? null },
      user,
      is_private: isPrivate,
    }
    await this.broadcast({
      event: status === 'on' ? 'conversation.typing_on' : 'conversation.typing_off',
      agent: data,
      // A private note being typed is never shown to the visitor.
      visitor: isPrivate ? null : data,
      exceptActor: actor,
    })
  }

  private anyState(): RoomSocket | null {
    const [ws] = this.ctx.getWebSockets()
    return ws ? (ws.deserializeAttachment() as RoomSocket) : null
  }

  private actorData(state: RoomSocket): Record<string, unknown> {
    return state.role === 'visitor'
      ? { id: state.contactId, type: 'contact' }
      : { id: state.userId, name: state.userName, type: 'user' }
  }

  /** After authentication: `ready`, then every message after the cursor, then live frames. */
  private async welcome(ws: WebSocket, state: RoomSocket) {
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
      ws.serializeAttachment({ ...state, lastMessageId: last })
    })
    this.presence(state, 'online', ws)
  }

  private async seen(state: RoomSocket) {
    const data = await markSeen(this.env, state)
    if (!data) return
    await this.broadcast({
      event: 'conversation.read',
      agent: data,
      // The visitor learns when an agent has read the conversation (read receipts).
      visitor: state.role === 'agent' ? data : null,
      exceptActor: actorOf(state),
    })
  }

  private presence(state: RoomSocket, status: 'online' | 'offline', self: WebSocket) {
    const data =
      state.role === 'visitor'
        ? {
            account_id: state.accountId,
            users: {},
            contacts: { [String(state.contactId)]: status },
          }
        : { account_id: state.accountId, users: { [String(state.userId)]: status }, contacts: {} }
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === self) continue
      const other = ws.deserializeAttachment() as RoomSocket
      if (!other.authed || other.role === state.role) continue
      ws.send(frame('presence.update', data))
    }
  }
}
