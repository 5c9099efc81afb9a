import { DurableObject } from 'cloudflare:workers'
import { createDb } from '../db/client'
import { authorizeAgentToken } from '../live/authorize'
import { CLOSE, errorFrame, frame, parseClientFrame } from '../live/frames'
import { listMemberInboxIds } from '../live/inboxes'
import type { ServerEvent } from '../schemas/realtime'

/** What the worker route learned about an agent's account socket. */
export type FeedSocket = {
  authed: boolean
  accountId: number
  userId?: number
  role?: 'administrator' | 'agent' | 'agent_bot'
  /** For agents: the inboxes whose events this socket may see (read when it authenticated). */
  inboxIds?: number[]
}

export const FEED_STATE_HEADER = 'x-parley-feed'

export type FeedBroadcast = { event: ServerEvent; inboxId: number; data: Record<string, unknown> }

/**
 * The account-wide live stream (Chatwoot's `account_<id>` stream): new conversations, status
 * changes and new messages, each sent only to agents whose role lets them see its inbox.
 */
export class AccountFeed extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('expected a websocket upgrade', { status: 426 })
    }
    const state = JSON.parse(request.headers.get(FEED_STATE_HEADER) ?? 'null') as FeedSocket | null
    if (!state) return new Response('missing socket state', { status: 400 })
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    this.ctx.acceptWebSocket(server)
    server.serializeAttachment(state)
    if (state.authed) server.send(frame('ready', { account_id: state.accountId }))
    return new Response(null, { status: 101, webSocket: client })
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const state = ws.deserializeAttachment() as FeedSocket
    const parsed = parseClientFrame(raw)
    if (!state.authed) {
      if (parsed?.type !== 'auth') {
        ws.send(errorFrame('unauthorized', 'The first frame must be {"type":"auth","token":"…"}'))
        ws.close(CLOSE.unauthorized, 'unauthorized')
        return
      }
      const db = createDb(this.env.DB)
      const agent = await authorizeAgentToken(db, parsed.token, state.accountId, null)
      if (!agent.ok) {
        ws.send(errorFrame(agent.code, agent.message))
        ws.close(agent.code === 'forbidden' ? CLOSE.forbidden : CLOSE.unauthorized, agent.code)
        return
      }
      const inboxIds =
        agent.role === 'agent'
          ? await listMemberInboxIds(db, state.accountId, agent.userId)
          : undefined
      ws.serializeAttachment({
        ...state,
        authed: true,
        userId: agent.userId,
        role: agent.role,
        inboxIds,
      })
      ws.send(frame('ready', { account_id: state.accountId }))
      return
    }
    if (parsed?.type === 'ping') ws.send(frame('pong', {}))
    else ws.send(errorFrame('invalid_frame', 'The account feed accepts only ping frames'))
  }

  /** Sends one event to every agent socket allowed to see its inbox. */
  async broadcast(message: FeedBroadcast): Promise<number> {
    let sent = 0
    for (const ws of this.ctx.getWebSockets()) {
      const state = ws.deserializeAttachment() as FeedSocket
      if (!state.authed) continue
      if (state.role === 'agent' && !state.inboxIds?.includes(message.inboxId)) continue
      ws.send(frame(message.event, message.data))
      sent++
    }
    return sent
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length
  }
}
