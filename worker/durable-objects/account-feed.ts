import { DurableObject } from 'cloudflare:workers'
import { createDb } from '../db/client'
import { conversationInboxIds } from '../db/queries/conversations'
import { accountBinding } from '../db/shards'
import {
  isOpen,
  liveAccessByTokenHash,
  RECHECK_WINDOW_MS,
  refuse,
  unauthorized,
} from '../live/access'
import { authorizeAgentToken } from '../live/authorize'
import { CLOSE, errorFrame, frame, parseClientFrame } from '../live/frames'
import { closeOverdue, nextDeadline, pendingDeadline, refuseBusy, spendFrame } from '../live/guard'
import { listMemberInboxIds } from '../live/inboxes'
import {
  FEED_STATE_HEADER,
  type FeedBroadcast,
  type FeedSocket,
  type RoomEntry,
} from '../live/sockets'
import { conversationRoom } from '../live/stubs'

const ROOM_PREFIX = 'room:'
const REVALIDATED_AT = 'revalidatedAt'
/** The account this feed serves, from its first use. */
const ACCOUNT = 'account'

/**
 * The account-wide live stream (Chatwoot's `account_<id>` stream): new conversations, status
 * changes and new messages, each sent only to agents whose role lets them see its inbox. It is
 * also the account's registry of conversation rooms with open sockets (kept in storage, so it
 * survives hibernation), which `revalidate()` walks when rights are taken away.
 */
export class AccountFeed extends DurableObject<Env> {
  /** Bumped as a revalidation starts: an authentication in flight across one checks again. */
  private revalidations = 0
  /** undefined: not read from storage yet; null: no account claimed the feed yet. */
  private account: number | null | undefined

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('expected a websocket upgrade', { status: 426 })
    }
    const state = JSON.parse(request.headers.get(FEED_STATE_HEADER) ?? 'null') as FeedSocket | null
    if (!state) return new Response('missing socket state', { status: 400 })
    if (!(await this.servesAccount(state.accountId))) {
      return new Response('this feed serves another account', { status: 409 })
    }
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    if (!state.authed) {
      // Waiting for its auth frame: closed at its deadline, and only so many at once.
      const deadline = pendingDeadline(this.ctx)
      this.ctx.acceptWebSocket(server)
      server.serializeAttachment(deadline === null ? state : { ...state, deadline })
      if (deadline === null) refuseBusy(server)
      else await this.rearm()
      return new Response(null, { status: 101, webSocket: client })
    }
    // The route checked the token; a revalidation since then has not seen this socket.
    const epoch = this.revalidations
    const stale = await this.revalidatedSince(state.checkedAt ?? 0)
    this.ctx.acceptWebSocket(server)
    server.serializeAttachment(state)
    if (stale || epoch !== this.revalidations) {
      await this.recheck(state.accountId, [server])
      if (!isOpen(server)) return new Response(null, { status: 101, webSocket: client })
    }
    server.send(frame('ready', { account_id: state.accountId }))
    return new Response(null, { status: 101, webSocket: client })
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    const state = ws.deserializeAttachment() as FeedSocket
    if (!spendFrame(ws, state)) return
    const parsed = parseClientFrame(raw)
    if (!state.authed) {
      if (parsed?.type !== 'auth') {
        ws.send(errorFrame('unauthorized', 'The first frame must be {"type":"auth","token":"…"}'))
        ws.close(CLOSE.unauthorized, 'unauthorized')
        return
      }
      const db = await this.accountDb(state.accountId)
      for (;;) {
        // A revalidation that starts while this reads may have missed it: read again.
        const epoch = this.revalidations
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
        if (epoch !== this.revalidations) continue
        const { deadline: _, ...waited } = state
        ws.serializeAttachment({
          ...waited,
          authed: true,
          userId: agent.userId,
          role: agent.role,
          inboxIds,
          tokenHash: agent.credentialKey,
          checkedAt: Date.now(),
        } satisfies FeedSocket)
        ws.send(frame('ready', { account_id: state.accountId }))
        return
      }
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

  /** Closes the sockets that did not authenticate in time; the next deadline, if any, re-arms. */
  override async alarm() {
    closeOverdue(this.ctx)
    await this.rearm()
  }

  private async rearm() {
    const next = nextDeadline(this.ctx)
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next)
    else await this.ctx.storage.deleteAlarm()
  }

  /**
   * Rights were taken away in the account: re-checks every socket here against D1 (closing or
   * narrowing it), then has every registered room with agent sockets do the same, and every
   * visitor-only room whose conversation is gone close its sockets.
   */
  async revalidate(accountId: number): Promise<void> {
    if (!(await this.servesAccount(accountId))) {
      throw new Error(`feed of another account asked to revalidate account ${accountId}`)
    }
    this.revalidations++
    await this.ctx.storage.put(REVALIDATED_AT, Date.now())
    await this.recheck(accountId, this.ctx.getWebSockets())
    const rooms = await this.ctx.storage.list<RoomEntry>({ prefix: ROOM_PREFIX })
    const withAgents: number[] = []
    const visitorOnly: number[] = []
    for (const [key, entry] of rooms) {
      const conversationId = Number(key.slice(ROOM_PREFIX.length))
      ;(entry.agents ? withAgents : visitorOnly).push(conversationId)
    }
    const existing =
      visitorOnly.length > 0
        ? await conversationInboxIds(await this.accountDb(accountId), accountId, visitorOnly)
        : new Map<number, number>()
    const targets = [...withAgents, ...visitorOnly.filter((id) => !existing.has(id))]
    const results = await Promise.allSettled(
      targets.map((id) => conversationRoom(this.env, accountId, id).revalidate()),
    )
    const failed = results.find((r) => r.status === 'rejected')
    if (failed) throw failed.reason
  }

  /**
   * A room's sockets changed (`entry` null: it has none left). Returns when a revalidation last
   * started here, so a joining socket checked before that is checked again. The registry is
   * this account's: a room of another account is not entered (the room is named by both, and
   * `revalidate` reaches it by this account's id).
   */
  async registerRoom(
    accountId: number,
    conversationId: number,
    entry: RoomEntry | null,
  ): Promise<number> {
    if (!(await this.servesAccount(accountId))) {
      throw new Error(
        `feed of another account asked to register room ${accountId}:${conversationId}`,
      )
    }
    if (entry) await this.ctx.storage.put(`${ROOM_PREFIX}${conversationId}`, entry)
    else await this.ctx.storage.delete(`${ROOM_PREFIX}${conversationId}`)
    return (await this.ctx.storage.get<number>(REVALIDATED_AT)) ?? 0
  }

  /**
   * Whether the feed serves this account: it is named by the account's id and remembers the id
   * of its first use, so a caller that names it wrongly is refused.
   */
  private async servesAccount(accountId: number): Promise<boolean> {
    if (this.account === undefined) {
      this.account = (await this.ctx.storage.get<number>(ACCOUNT)) ?? null
    }
    if (this.account === null) {
      this.account = accountId
      await this.ctx.storage.put(ACCOUNT, accountId)
    }
    return this.account === accountId
  }

  /** The feed is named by its account's id; that account's rows are on its shard. */
  private async accountDb(accountId: number) {
    return createDb(await accountBinding(this.env, accountId))
  }

  private async revalidatedSince(checkedAt: number) {
    const at = (await this.ctx.storage.get<number>(REVALIDATED_AT)) ?? 0
    return at >= checkedAt - RECHECK_WINDOW_MS
  }

  /** Closes the sockets whose token lost the account; narrows the agents' inbox lists. */
  private async recheck(accountId: number, sockets: WebSocket[]) {
    const authed = sockets.flatMap((ws) => {
      const state = ws.deserializeAttachment() as FeedSocket
      return isOpen(ws) && state.authed ? [{ ws, state }] : []
    })
    if (authed.length === 0) return
    const access = await liveAccessByTokenHash(
      await this.accountDb(accountId),
      accountId,
      authed.flatMap(({ state }) => (state.tokenHash ? [state.tokenHash] : [])),
    )
    for (const { ws, state } of authed) {
      const now = state.tokenHash ? access.get(state.tokenHash) : undefined
      if (!now?.ok) {
        refuse(ws, unauthorized(now?.message ?? 'Invalid Access Token'))
        continue
      }
      const next = {
        ...state,
        userId: now.userId,
        role: now.role,
        inboxIds: now.inboxIds ?? undefined,
      } satisfies FeedSocket
      ws.serializeAttachment(next)
      if (narrowed(state, next)) ws.send(frame('access.changed', { account_id: state.accountId }))
    }
  }
}

/** Whether a feed socket may now see less than before: fewer inboxes, or none where it had all. */
function narrowed(before: FeedSocket, after: FeedSocket) {
  if (!after.inboxIds) return false
  if (!before.inboxIds) return true
  const kept = new Set(after.inboxIds)
  return before.inboxIds.some((id) => !kept.has(id))
}
