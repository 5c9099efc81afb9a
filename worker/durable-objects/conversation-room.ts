import { DurableObject } from 'cloudflare:workers'
import { refuse } from '../live/access'
import { CLOSE, errorFrame, frame, parseClientFrame } from '../live/frames'
import { closeOverdue, nextDeadline, pendingDeadline, refuseBusy, spendFrame } from '../live/guard'
import { markSeen, replayFrames } from '../live/replay'
import { RoomAccess } from '../live/room-access'
import { type RoomBroadcast, type RoomSocket, SOCKET_STATE_HEADER } from '../live/sockets'
import { logRefused, RoomIdentity } from './room-identity'
import { RoomSchedule } from './room-schedule'
import { actorData, actorOf, sendPresence, sendToSockets, typingFrame } from './room-sockets'

/**
 * Live state of one conversation: the visitor's and agents' hibernatable sockets, typing with
 * expiry, presence, read state, and replay from D1 on (re)connect. D1 stays the source of truth:
 * nothing here is needed to rebuild a client's view. Who may stay connected is `RoomAccess`'s:
 * rights taken away reach the room through `revalidate()`, never through a read per broadcast.
 * It serves one account's conversation (`RoomIdentity`) and refuses sockets and broadcasts of
 * any other. A room for conversation 0 stands for a guessed id that names nothing: it answers a
 * stranger as a real room would, and an authenticated caller with 4410.
 */
export class ConversationRoom extends DurableObject<Env> {
  private readonly access = new RoomAccess(this.ctx, this.env)
  private readonly identity = new RoomIdentity(this.ctx.storage)
  private readonly schedule = new RoomSchedule(this.ctx.storage, this.env, () =>
    nextDeadline(this.ctx),
  )

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('expected a websocket upgrade', { status: 426 })
    }
    const state = JSON.parse(
      request.headers.get(SOCKET_STATE_HEADER) ?? 'null',
    ) as RoomSocket | null
    if (!state) return new Response('missing socket state', { status: 400 })
    if (!(await this.identity.admit(state))) {
      logRefused('socket', await this.identity.current(), state)
      return new Response('this room serves another conversation', { status: 409 })
    }
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    const accept = () => {
      this.ctx.acceptWebSocket(server, [state.role])
      server.serializeAttachment(state)
    }
    const response = new Response(null, { status: 101, webSocket: client })
    if (!state.authed) {
      // Waiting for its auth frame: closed at its deadline, and only so many at once.
      const deadline = pendingDeadline(this.ctx)
      if (deadline === null) {
        accept()
        refuseBusy(server)
        return response
      }
      state.deadline = deadline
    }
    if (state.conversationId === 0) accept()
    else if (state.role === 'agent') {
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
    else await this.schedule.rearm()
    return response
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const state = ws.deserializeAttachment() as RoomSocket
    if (!spendFrame(ws, state)) return
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
      if (state.conversationId === 0) {
        // Only now, to a caller the account knows, may the room say the id names nothing.
        refuse(ws, { code: 'gone', closeCode: CLOSE.gone, message: 'Conversation not found' })
        return
      }
      const { deadline: _, ...ready } = authed.state
      ws.serializeAttachment(ready)
      await this.welcome(ws, ready)
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
          actorData(state),
        )
        return
      case 'seen':
        await this.seen(ws, state)
        return
    }
  }

  override async webSocketClose(ws: WebSocket) {
    const state = ws.deserializeAttachment() as RoomSocket | null
    if (state?.authed) {
      await this.typing(actorOf(state), 'off', false, actorData(state))
      sendPresence(this.ctx, state, 'offline', ws)
    }
    await this.access.left()
  }

  override async webSocketError(ws: WebSocket) {
    await this.webSocketClose(ws)
  }

  /**
   * Sends an event of this room's conversation to every authenticated socket allowed to see it;
   * one naming another account or conversation is refused (0 sent).
   */
  async broadcast(message: RoomBroadcast): Promise<number> {
    if (await this.identity.serves(message)) return sendToSockets(this.ctx, message)
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
      sendToSockets(this.ctx, typingFrame(this.ctx, actor, status, isPrivate, user))
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
    closeOverdue(this.ctx)
    await this.schedule.runDue(this, async (entry) => {
      sendToSockets(
        this.ctx,
        typingFrame(this.ctx, entry.actor, 'off', entry.isPrivate, entry.user),
      )
    })
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
    sendPresence(this.ctx, state, 'online', ws)
  }

  /** A `seen` with nothing sent to the socket since its last one changes nothing: no write. */
  private async seen(ws: WebSocket, state: RoomSocket) {
    if (state.seenThrough !== undefined && state.seenThrough >= state.lastMessageId) return
    ws.serializeAttachment({ ...state, seenThrough: state.lastMessageId })
    const data = await markSeen(this.env, state)
    if (!data) return
    sendToSockets(this.ctx, {
      event: 'conversation.read',
      agent: data,
      // The visitor learns when an agent has read the conversation (read receipts).
      visitor: state.role === 'agent' ? data : null,
      exceptActor: actorOf(state),
    })
  }
}
