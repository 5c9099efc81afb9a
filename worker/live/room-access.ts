import { createDb } from '../db/client'
import { conversationInboxIds } from '../db/queries/conversations'
import { accountBinding } from '../db/shards'
import { sha256Hex, timingSafeEqualStrings } from '../lib/crypto'
import { log } from '../lib/log'
import {
  conversationGone,
  liveAccessByTokenHash,
  RECHECK_WINDOW_MS,
  type Refusal,
  recheckSockets,
  refuse,
  roomRefusal,
} from './access'
import { authorizeAgentToken } from './authorize'
import type { LiveSocket } from './live-object'
import type { RoomEntry, RoomSocket } from './sockets'
import { accountFeed } from './stubs'

/** The conversation a room is registered for with its account's feed (kept in room storage). */
type Registration = { accountId: number; conversationId: number; inboxId: number } & RoomEntry

const REGISTRATION = 'registration'

type Authenticated =
  | { ok: true; state: RoomSocket }
  | { ok: false; code: 'unauthorized' | 'forbidden'; message: string }

/**
 * Who may stay on a conversation room's sockets (see `./access.ts`). The room keeps itself
 * registered with its account's feed while it has sockets — as having agent sockets or only the
 * visitor's — so a write that takes rights away reaches it; `revalidate()` then re-checks it.
 *
 * Joining races a revalidation: a socket checked before the write but accepted after the room
 * was revalidated would keep stale rights. So an agent socket registers before it is checked
 * (first frame) or accepted (header), and is checked again when a revalidation began after (or
 * just before) its check, by the feed's clock or the room's own count.
 */
export class RoomAccess {
  /** Bumped as a revalidation starts. */
  private revalidations = 0
  /** Agent sockets registered but not yet accepted: they count as agents in the registration. */
  private joiningAgents = 0
  /** Registration updates, one at a time and in order, so the last one sent is the current one. */
  private registering: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    /** The room's open sockets with their state (`LiveObject.openSockets`). */
    private readonly sockets: () => LiveSocket<RoomSocket>[],
  ) {}

  /**
   * Registers a joining agent socket, runs `accept` (which must accept it synchronously), and
   * returns why it must be refused when a revalidation may have missed its header check.
   */
  async admitAgent(state: RoomSocket, accept: () => void): Promise<Refusal | null> {
    const epoch = this.revalidations
    this.joiningAgents++
    try {
      const revalidatedAt = await this.register(state, state.authed)
      const missed =
        state.authed &&
        (revalidatedAt >= (state.checkedAt ?? 0) - RECHECK_WINDOW_MS ||
          epoch !== this.revalidations)
      const refusal = missed ? await this.check(state) : null
      accept()
      return refusal
    } finally {
      this.joiningAgents--
    }
  }

  /**
   * Registers the room for a visitor's socket (already accepted) if it is not yet. Only an inbox
   * deletion needs it, so a feed out of reach does not keep the visitor out.
   */
  async admitVisitor(state: RoomSocket) {
    await this.register(state, false).catch((error) => logRegistrationFailure(state, error))
  }

  /** A socket closed: the registration follows what is left (a stale entry costs one call). */
  async left() {
    await this.register(null, false).catch((error) => logRegistrationFailure(null, error))
  }

  /** Checks a first frame's credential; read again if a revalidation began while it was read. */
  async authenticate(state: RoomSocket, token: string): Promise<Authenticated> {
    if (state.role === 'visitor') {
      const matches =
        state.pubsubTokenHash !== undefined &&
        timingSafeEqualStrings(await sha256Hex(token), state.pubsubTokenHash)
      return matches
        ? { ok: true, state: { ...state, authed: true } }
        : { ok: false, code: 'unauthorized', message: 'Invalid pubsub_token' }
    }
    const db = await this.accountDb(state.accountId)
    for (;;) {
      const epoch = this.revalidations
      // A guess room (conversation 0) has no inbox: the token is checked against the account.
      const inboxId = state.conversationId === 0 ? null : state.inboxId
      const agent = await authorizeAgentToken(db, token, state.accountId, inboxId)
      if (!agent.ok) return agent
      if (epoch !== this.revalidations) continue
      return {
        ok: true,
        state: {
          ...state,
          authed: true,
          userId: agent.userId,
          userName: agent.userName,
          tokenHash: agent.credentialKey,
          checkedAt: Date.now(),
        },
      }
    }
  }

  /** Closes every socket that may no longer see this conversation; returns how many. */
  async revalidate(): Promise<number> {
    this.revalidations++
    const sockets = this.sockets()
    // Every socket of a room is of its one conversation, hence of one account.
    const first = sockets.find((s) => s.attachment)?.attachment
    let closed = 0
    if (first) {
      const { conversationId, accountId } = first
      const db = await this.accountDb(accountId)
      const inboxId = (await conversationInboxIds(db, accountId, [conversationId])).get(
        conversationId,
      )
      if (inboxId === undefined) {
        for (const { ws } of sockets) refuse(ws, conversationGone)
        closed = sockets.length
      } else {
        const agents = sockets.flatMap(({ ws, attachment }) =>
          attachment?.role === 'agent' && attachment.authed ? [{ ws, attachment }] : [],
        )
        closed = await recheckSockets(db, accountId, agents, (_socket, access) =>
          roomRefusal(access, inboxId),
        )
      }
    }
    await this.register(null, false)
    return closed
  }

  /** Refuses a socket now (after `admitAgent` said so) and updates the registration. */
  async refuse(ws: WebSocket, refusal: Refusal) {
    refuse(ws, refusal)
    await this.left()
  }

  private async check(state: RoomSocket): Promise<Refusal | null> {
    const db = await this.accountDb(state.accountId)
    const inboxId = (await conversationInboxIds(db, state.accountId, [state.conversationId])).get(
      state.conversationId,
    )
    if (inboxId === undefined) return conversationGone
    const access = await liveAccessByTokenHash(db, state.accountId, [state.tokenHash ?? ''])
    return roomRefusal(access.get(state.tokenHash ?? ''), inboxId)
  }

  /** The room's conversation and its sockets' rights are on the account's shard. */
  private async accountDb(accountId: number) {
    return createDb(await accountBinding(this.env, accountId))
  }

  /**
   * Brings the feed's entry for this room in line with its open sockets; `state` names the room
   * the first time. With `force` the feed is asked even when nothing changed, for the time of
   * its last revalidation (0 when it was not asked).
   */
  private register(state: RoomSocket | null, force: boolean): Promise<number> {
    const run = this.registering.then(async () => {
      const stored = await this.ctx.storage.get<Registration>(REGISTRATION)
      const room = stored ?? (state && { ...state, agents: false })
      if (!room) return 0
      const open = this.sockets()
      const agents =
        this.joiningAgents > 0 || open.some(({ attachment }) => attachment?.role === 'agent')
      const wanted = agents || open.length > 0 ? { inboxId: room.inboxId, agents } : null
      if (!force && (wanted ? stored?.agents === agents : !stored)) return 0
      const feed = accountFeed(this.env, room.accountId)
      const revalidatedAt = await feed.registerRoom(room.accountId, room.conversationId, wanted)
      if (!wanted) await this.ctx.storage.delete(REGISTRATION)
      else {
        const { accountId, conversationId, inboxId } = room
        await this.ctx.storage.put(REGISTRATION, { accountId, conversationId, inboxId, agents })
      }
      return revalidatedAt
    })
    this.registering = run.catch(() => undefined)
    return run
  }
}

function logRegistrationFailure(state: RoomSocket | null, error: unknown) {
  log.warn('room registration failed', { conversationId: state?.conversationId, error })
}
