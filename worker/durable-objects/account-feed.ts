import { createDb } from '../db/client'
import { conversationInboxIds } from '../db/queries/conversations'
import { accountBinding } from '../db/shards'
import {
  credentialRefusal,
  isOpen,
  RECHECK_WINDOW_MS,
  recheckSockets,
  unauthorized,
} from '../live/access'
import { authorizeAgentToken } from '../live/authorize'
import { errorFrame, frame } from '../live/frames'
import { listMemberInboxIds } from '../live/inboxes'
import { type Authentication, LiveObject, type LiveSocket } from '../live/live-object'
import {
  FEED_STATE_HEADER,
  type FeedBroadcast,
  type FeedSocket,
  FeedSocketSchema,
  type RoomEntry,
} from '../live/sockets'
import { conversationRoom } from '../live/stubs'
import { FeedPresence } from './feed-presence'

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
export class AccountFeed extends LiveObject<FeedSocket> {
  protected readonly handOffHeader = FEED_STATE_HEADER
  protected readonly attachmentSchema = FeedSocketSchema
  /** Bumped as a revalidation starts: an authentication in flight across one checks again. */
  private revalidations = 0
  /** undefined: not read from storage yet; null: no account claimed the feed yet. */
  private account: number | null | undefined
  private readonly presence = new FeedPresence({
    storage: this.ctx.storage,
    env: this.env,
    openSockets: () => this.openSockets(),
    broadcastTo: (accepts, text) => this.broadcastTo(accepts, text),
  })

  protected async handOffRefusal(state: FeedSocket) {
    return (await this.servesAccount(state.accountId)) ? null : 'this feed serves another account'
  }

  protected async admit(ws: WebSocket, state: FeedSocket, accept: () => void) {
    if (!state.authed) {
      accept()
      return true
    }
    // The route checked the token; a revalidation since then has not seen this socket.
    const epoch = this.revalidations
    const stale = await this.revalidatedSince(state.checkedAt ?? 0)
    accept()
    if (stale || epoch !== this.revalidations) {
      await this.recheck(state.accountId, [{ ws, attachment: state }])
      return isOpen(ws)
    }
    return true
  }

  protected async authenticate(
    state: FeedSocket,
    token: string,
  ): Promise<Authentication<FeedSocket>> {
    const db = await this.accountDb(state.accountId)
    for (;;) {
      // A revalidation that starts while this reads may have missed it: read again.
      const epoch = this.revalidations
      const agent = await authorizeAgentToken(db, token, state.accountId, null)
      if (!agent.ok) return { refusal: credentialRefusal(agent) }
      const inboxIds =
        agent.role === 'agent'
          ? await listMemberInboxIds(db, state.accountId, agent.userId)
          : undefined
      if (epoch !== this.revalidations) continue
      return {
        attachment: {
          ...state,
          authed: true,
          userId: agent.userId,
          role: agent.role,
          inboxIds,
          tokenHash: agent.credentialKey,
          checkedAt: Date.now(),
        },
      }
    }
  }

  protected async onReady(ws: WebSocket, state: FeedSocket) {
    ws.send(frame('ready', { account_id: state.accountId }))
    if (state.userId !== undefined) await this.presence.opened(state.accountId, state.userId)
  }

  protected override async onClose(ws: WebSocket, state: FeedSocket | null) {
    const userId = state?.authed ? state.userId : undefined
    if (userId !== undefined && (await this.presence.closed(userId, ws))) await this.rearm()
  }

  protected override async rearm() {
    const next = Math.min(this.nextAuthDeadline(), await this.presence.next())
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next)
    else await this.ctx.storage.deleteAlarm()
  }

  protected override async onAlarm() {
    const account = this.account ?? (await this.ctx.storage.get<number>(ACCOUNT))
    await this.presence.due(account)
    await this.rearm()
  }

  /**
   * The member's chosen availability (or auto_offline) changed, or they left: tells every
   * dashboard of the account, theirs too, their effective status (`presence.update`).
   */
  async presenceChanged(accountId: number, userId: number): Promise<void> {
    if (await this.servesAccount(accountId)) await this.presence.changed(accountId, userId)
  }

  protected async onFrame(ws: WebSocket) {
    ws.send(errorFrame('invalid_frame', 'The account feed accepts only ping frames'))
  }

  /** Whether the user has a dashboard open on this account (an authenticated socket here). */
  async userConnected(userId: number): Promise<boolean> {
    return this.presence.connected(userId)
  }

  /** Sends one event to every agent socket allowed to see its inbox. */
  async broadcast(message: FeedBroadcast): Promise<number> {
    const text = frame(message.event, message.data)
    return this.broadcastTo(
      (s) => s.role !== 'agent' || (s.inboxIds?.includes(message.inboxId) ?? false),
      text,
    ).length
  }

  /** Sends one event to one agent's sockets only (their notifications: reference §9). */
  async sendToUser(userId: number, event: FeedBroadcast['event'], data: Record<string, unknown>) {
    return this.broadcastTo((s) => s.userId === userId, frame(event, data)).length
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
    await this.recheck(accountId, this.openSockets())
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
  private async recheck(accountId: number, sockets: LiveSocket<FeedSocket>[]) {
    const authed = sockets.flatMap(({ ws, attachment }) =>
      isOpen(ws) && attachment?.authed ? [{ ws, attachment }] : [],
    )
    if (authed.length === 0) return
    const db = await this.accountDb(accountId)
    await recheckSockets(db, accountId, authed, ({ ws, attachment: state }, now) => {
      if (!now?.ok) return unauthorized(now?.message ?? 'Invalid Access Token')
      const next = {
        ...state,
        userId: now.userId,
        role: now.role,
        inboxIds: now.inboxIds ?? undefined,
      } satisfies FeedSocket
      this.setAttachment(ws, next)
      if (narrowed(state, next)) ws.send(frame('access.changed', { account_id: state.accountId }))
      return null
    })
  }
}

/** Whether a feed socket may now see less than before: fewer inboxes, or none where it had all. */
function narrowed(before: FeedSocket, after: FeedSocket) {
  if (!after.inboxIds) return false
  if (!before.inboxIds) return true
  const kept = new Set(after.inboxIds)
  return before.inboxIds.some((id) => !kept.has(id))
}
