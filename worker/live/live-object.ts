import { DurableObject } from 'cloudflare:workers'
import type { z } from 'zod'
import { isOpen, type Refusal, refuse, unauthorized } from './access'
import { frame, parseClientFrame } from './frames'
import {
  AUTH_DEADLINE_MS,
  countFrame,
  FRAME_BUDGET,
  PENDING_SOCKETS_MAX,
  refuseBusy,
  refuseFlood,
  refuseOverdue,
} from './guard'
import type { FrameWindow } from './sockets'

/** What every socket's attachment carries (`LiveSocketSchema` in `./sockets.ts`). */
export type LiveAttachment = { authed: boolean; deadline?: number; frames?: FrameWindow }

/** A socket with its attachment, null when what is stored there is not one of this object's. */
export type LiveSocket<A> = { ws: WebSocket; attachment: A | null }

/** What a first frame's check gives: the socket's authenticated state, or why it is refused. */
export type Authentication<A> = { attachment: A } | { refusal: Refusal }

/** A client frame that parsed; null for anything else. */
export type ClientFrame = NonNullable<ReturnType<typeof parseClientFrame>>

const FIRST_FRAME_MESSAGE = 'The first frame must be {"type":"auth","token":"…"}'

/**
 * A Durable Object of hibernatable live sockets (a conversation's room, an account's feed), after
 * partyserver's `Server`: it owns the upgrade the worker route hands over, the first-frame
 * authentication and its deadline, each socket's typed state, ping, the frame budget, and the
 * broadcast loop; a subclass says whom it serves, how a token is checked, and what its sockets
 * get. DESIGN §4 holds here for both: a socket that has not authenticated gets nothing and is
 * closed at its deadline (4408, by the alarm), only so many wait at once (4429), and one that
 * sends past its budget is closed (4429).
 *
 * Each socket's state is its attachment (it survives hibernation), read only through
 * `attachmentOf`, which checks its shape: whatever does not parse is treated as a socket that
 * never authenticated (it gets nothing, its next frame is refused 4401, the alarm closes it).
 */
export abstract class LiveObject<A extends LiveAttachment> extends DurableObject<Env> {
  /** The request header the worker route hands the socket's state over in. */
  protected abstract readonly handOffHeader: string
  /** The shape of this object's attachments. */
  protected abstract readonly attachmentSchema: z.ZodType<A>

  /** Why this object refuses a handed-over socket (answered 409), or null when it serves it. */
  protected abstract handOffRefusal(attachment: A): Promise<string | null>
  /**
   * Admits a handed-over socket: calls `accept` (which accepts it and stores its attachment)
   * once, synchronously, at the point the subclass chooses; false when it refused the socket.
   */
  protected abstract admit(ws: WebSocket, attachment: A, accept: () => void): Promise<boolean>
  /** Checks a first frame's token: the socket's authenticated state, or why it is refused. */
  protected abstract authenticate(attachment: A, token: string): Promise<Authentication<A>>
  /** The socket is authenticated (by the route's header at once, or by its first frame). */
  protected abstract onReady(ws: WebSocket, attachment: A): Promise<void>
  /** A frame of an authenticated socket other than `ping` (null: it did not parse). */
  protected abstract onFrame(
    ws: WebSocket,
    attachment: A,
    parsed: ClientFrame | null,
  ): Promise<void>

  /** A socket closed or failed. */
  protected async onClose(_ws: WebSocket, _attachment: A | null): Promise<void> {}
  /** The hibernation tags a socket is accepted with. */
  protected tagsOf(_attachment: A): string[] {
    return []
  }
  /** Sets the one alarm to the next auth deadline; a subclass with timers of its own adds them. */
  protected async rearm(): Promise<void> {
    const next = this.nextAuthDeadline()
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next)
    else await this.ctx.storage.deleteAlarm()
  }
  /** The alarm, after the overdue sockets are closed. */
  protected async onAlarm(): Promise<void> {
    await this.rearm()
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('expected a websocket upgrade', { status: 426 })
    }
    const attachment = this.handedOver(request.headers.get(this.handOffHeader))
    if (!attachment) return new Response('missing socket state', { status: 400 })
    const refused = await this.handOffRefusal(attachment)
    if (refused) return new Response(refused, { status: 409 })
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    const accept = () => {
      this.ctx.acceptWebSocket(server, this.tagsOf(attachment))
      this.setAttachment(server, attachment)
    }
    const response = new Response(null, { status: 101, webSocket: client })
    if (!attachment.authed) {
      // Waiting for its auth frame: closed at its deadline, and only so many at once.
      if (this.pendingSockets().length >= PENDING_SOCKETS_MAX) {
        accept()
        refuseBusy(server)
        return response
      }
      attachment.deadline = Date.now() + AUTH_DEADLINE_MS
    }
    if (!(await this.admit(server, attachment, accept))) return response
    // Sockets authenticated by header are ready at once; the rest wait for their auth frame.
    if (attachment.authed) await this.onReady(server, attachment)
    else await this.rearm()
    return response
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const attachment = this.attachmentOf(ws)
    if (!attachment) {
      // Not a socket this object knows how to check: it never authenticated.
      refuse(ws, unauthorized(FIRST_FRAME_MESSAGE))
      return
    }
    if (!this.spendFrame(ws, attachment)) return
    const parsed = parseClientFrame(raw)
    if (!attachment.authed) {
      if (parsed?.type !== 'auth') {
        refuse(ws, unauthorized(FIRST_FRAME_MESSAGE))
        return
      }
      const outcome = await this.authenticate(attachment, parsed.token)
      if ('refusal' in outcome) {
        refuse(ws, outcome.refusal)
        return
      }
      const ready = { ...outcome.attachment }
      delete ready.deadline
      this.setAttachment(ws, ready)
      await this.onReady(ws, ready)
      return
    }
    if (parsed?.type === 'ping') {
      ws.send(frame('pong', {}))
      return
    }
    await this.onFrame(ws, attachment, parsed)
  }

  override async webSocketClose(ws: WebSocket) {
    await this.onClose(ws, this.attachmentOf(ws))
  }

  override async webSocketError(ws: WebSocket) {
    await this.onClose(ws, this.attachmentOf(ws))
  }

  /** Closes the sockets that did not authenticate in time; the next deadline, if any, re-arms. */
  override async alarm() {
    const now = Date.now()
    for (const { ws, attachment } of this.pendingSockets()) {
      // A socket whose state does not parse has no deadline to wait for.
      if ((attachment?.deadline ?? 0) <= now) refuseOverdue(ws)
    }
    await this.onAlarm()
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length
  }

  /** The socket's state, checked against this object's shape; null when it is not one. */
  protected attachmentOf(ws: WebSocket): A | null {
    const parsed = this.attachmentSchema.safeParse(ws.deserializeAttachment())
    return parsed.success ? parsed.data : null
  }

  protected setAttachment(ws: WebSocket, attachment: A) {
    ws.serializeAttachment(attachment)
  }

  /** The object's open sockets, each with its state. */
  protected openSockets(): LiveSocket<A>[] {
    return this.ctx
      .getWebSockets()
      .filter(isOpen)
      .map((ws) => ({ ws, attachment: this.attachmentOf(ws) }))
  }

  /**
   * Sends `text` (or the text for each socket) to every open authenticated socket `accepts`;
   * returns the sockets it was sent to.
   */
  protected broadcastTo(
    accepts: (attachment: A, ws: WebSocket) => boolean,
    text: string | ((attachment: A) => string),
  ): { ws: WebSocket; attachment: A }[] {
    const sent: { ws: WebSocket; attachment: A }[] = []
    for (const { ws, attachment } of this.openSockets()) {
      if (!attachment?.authed || !accepts(attachment, ws)) continue
      ws.send(typeof text === 'string' ? text : text(attachment))
      sent.push({ ws, attachment })
    }
    return sent
  }

  /** The earliest deadline of a waiting socket (Infinity when none waits), for the alarm. */
  protected nextAuthDeadline(): number {
    return Math.min(...this.pendingSockets().map(({ attachment }) => attachment?.deadline ?? 0))
  }

  /** Open sockets still waiting for their auth frame (or whose state does not parse). */
  private pendingSockets(): LiveSocket<A>[] {
    return this.openSockets().filter(({ attachment }) => !attachment?.authed)
  }

  /**
   * Counts one frame against the socket's budget, in its attachment (which gets the new count
   * too); false, after closing it 4429, when over budget. Synchronous, so no other handler's
   * write to the attachment can fall between read and write.
   */
  private spendFrame(ws: WebSocket, attachment: A): boolean {
    attachment.frames = countFrame(attachment.frames)
    if (attachment.frames.count > FRAME_BUDGET) {
      refuseFlood(ws)
      return false
    }
    this.setAttachment(ws, attachment)
    return true
  }

  /** The state the worker route handed over, or null when there is none of this shape. */
  private handedOver(header: string | null): A | null {
    if (header === null) return null
    try {
      const parsed = this.attachmentSchema.safeParse(JSON.parse(header))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }
}
