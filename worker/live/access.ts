import type { ErrorFrameData } from '../../protocol/realtime'
import type { Db } from '../db/client'
import { tokenOwnersByHash } from '../db/queries/access-tokens'
import { memberInboxIdsByUser } from '../db/queries/inbox-members'
import { sessionOwnersByHash } from '../db/queries/sessions'
import { CLOSE, errorFrame } from './frames'

/**
 * Revoking live access.
 *
 * A socket is checked when it opens; after that, only a write that takes rights away looks at it
 * again, so the broadcast path never reads D1. Every authenticated agent socket keeps the SHA-256
 * of its token (never the token) in its attachment; a socket opened with a dashboard session
 * keeps its session's hash the same way, marked apart (`sessionCredentialKey`). A write that removes rights calls
 * `revokeLiveAccess` (`./revoke.ts`), which asks the account's feed to `revalidate()`: the feed
 * re-reads what each of its sockets' tokens may still see and, through its registry of the
 * account's conversation rooms that have sockets, has each room do the same for its own.
 *
 * What a socket is told:
 *  - 4401 (`unauthorized`): its credential is gone — the token was rotated or revoked, the
 *    session ended (sign-out, password change, removal from an account) or expired, the user or
 *    agent bot was deleted, or the user is no longer a member of the account;
 *  - 4403 (`forbidden`): a conversation socket whose agent may no longer see that inbox;
 *  - 4410 (`gone`): a conversation socket (visitor too) whose conversation or inbox was deleted.
 * An account feed socket whose rights merely shrink (an inbox membership removed, an
 * administrator demoted) stays open with its inbox list narrowed. An error frame always comes
 * before the close, as on a refused first frame.
 */

export type LiveRole = 'administrator' | 'agent' | 'agent_bot'

/** What a token may see in one account now: `inboxIds` is the agent's inboxes, null for all. */
export type LiveAccess =
  | { ok: true; role: LiveRole; userId: number; inboxIds: number[] | null }
  | { ok: false; message: string }

/**
 * A socket whose rights were checked before a revalidation began (or up to this long before
 * it, for clocks of different machines) is checked again as it joins: the revalidation may not
 * have seen it yet.
 */
export const RECHECK_WINDOW_MS = 10_000

const SESSION_PREFIX = 'session:'

/** What a session socket keeps in `tokenHash`: its session's hash, told apart from a token's. */
export const sessionCredentialKey = (sessionHash: string) => `${SESSION_PREFIX}${sessionHash}`

/**
 * The access of each credential (token hash, or `sessionCredentialKey`) in the account, read in
 * at most three round trips however many.
 */
export async function liveAccessByTokenHash(
  db: Db,
  accountId: number,
  tokenHashes: readonly string[],
): Promise<Map<string, LiveAccess>> {
  const unique = [...new Set(tokenHashes)]
  const access = new Map<string, LiveAccess>()
  if (unique.length === 0) return access
  const tokens = unique.filter((key) => !key.startsWith(SESSION_PREFIX))
  const sessions = unique.flatMap((key) =>
    key.startsWith(SESSION_PREFIX) ? [key.slice(SESSION_PREFIX.length)] : [],
  )
  const [tokenOwners, sessionOwners] = await Promise.all([
    tokens.length > 0 ? tokenOwnersByHash(db, tokens, accountId) : [],
    sessions.length > 0 ? sessionOwnersByHash(db, sessions, accountId) : [],
  ])
  const owners = [
    ...tokenOwners,
    ...sessionOwners.map((s) => ({
      tokenHash: sessionCredentialKey(s.tokenHash),
      ownerType: 'user' as const,
      ownerId: s.userId,
      role: s.role,
      botAccountId: null,
    })),
  ]
  const agentIds = owners.flatMap((o) =>
    o.ownerType === 'user' && o.role === 'agent' ? [o.ownerId] : [],
  )
  const inboxesOf =
    agentIds.length > 0 ? await memberInboxIdsByUser(db, accountId, agentIds) : new Map()
  for (const hash of unique) access.set(hash, { ok: false, message: 'Invalid Access Token' })
  for (const owner of owners) {
    if (owner.ownerType === 'agent_bot') {
      access.set(
        owner.tokenHash,
        owner.botAccountId === accountId
          ? { ok: true, role: 'agent_bot', userId: owner.ownerId, inboxIds: null }
          : { ok: false, message: 'Bot is not authorized to access this account' },
      )
    } else if (owner.ownerType === 'user') {
      access.set(
        owner.tokenHash,
        owner.role
          ? {
              ok: true,
              role: owner.role,
              userId: owner.ownerId,
              inboxIds: owner.role === 'agent' ? (inboxesOf.get(owner.ownerId) ?? []) : null,
            }
          : { ok: false, message: 'You are no longer a member of this account' },
      )
    }
  }
  return access
}

/** Why a socket is closed: the error frame's code and message, and the close code. */
export type Refusal = {
  code: Exclude<ErrorFrameData['code'], 'invalid_frame'>
  closeCode: (typeof CLOSE)[keyof typeof CLOSE]
  message: string
}

export const unauthorized = (message: string): Refusal => ({
  code: 'unauthorized',
  closeCode: CLOSE.unauthorized,
  message,
})

export const conversationGone: Refusal = {
  code: 'gone',
  closeCode: CLOSE.gone,
  message: 'This conversation no longer exists',
}

/** What a conversation socket may do now, in the conversation's current inbox. */
export function roomRefusal(access: LiveAccess | undefined, inboxId: number): Refusal | null {
  if (!access) return unauthorized('Invalid Access Token')
  if (!access.ok) return unauthorized(access.message)
  if (access.inboxIds && !access.inboxIds.includes(inboxId)) {
    return {
      code: 'forbidden',
      closeCode: CLOSE.forbidden,
      message: 'You are no longer a member of this inbox',
    }
  }
  return null
}

/** Tells the socket why, then closes it with the refusal's code. */
export function refuse(ws: WebSocket, refusal: Refusal) {
  try {
    ws.send(errorFrame(refusal.code, refusal.message))
    ws.close(refusal.closeCode, refusal.code)
  } catch {
    // Already closing: nothing more will be sent to it either way.
  }
}

/** Only sockets still open can be sent to or revalidated. */
export const isOpen = (ws: WebSocket) => ws.readyState === WebSocket.OPEN

/** A refused credential (`authorizeAgentToken`'s or a room's check) as the socket is told it. */
export const credentialRefusal = (refused: {
  code: 'unauthorized' | 'forbidden'
  message: string
}): Refusal => ({
  code: refused.code,
  closeCode: refused.code === 'forbidden' ? CLOSE.forbidden : CLOSE.unauthorized,
  message: refused.message,
})

/**
 * Rights were taken away: re-reads, in one go, what each socket's credential may still see in
 * the account, and closes every socket `verdict` refuses for it (a socket kept may be updated
 * by `verdict`, as a feed's narrows its inboxes). Returns how many were closed.
 */
export async function recheckSockets<S extends { tokenHash?: string }>(
  db: Db,
  accountId: number,
  sockets: readonly { ws: WebSocket; attachment: S }[],
  verdict: (
    socket: { ws: WebSocket; attachment: S },
    access: LiveAccess | undefined,
  ) => Refusal | null,
): Promise<number> {
  if (sockets.length === 0) return 0
  const hashes = sockets.flatMap(({ attachment }) =>
    attachment.tokenHash ? [attachment.tokenHash] : [],
  )
  const access = await liveAccessByTokenHash(db, accountId, hashes)
  let closed = 0
  for (const socket of sockets) {
    const hash = socket.attachment.tokenHash
    const refusal = verdict(socket, hash ? access.get(hash) : undefined)
    if (!refusal) continue
    refuse(socket.ws, refusal)
    closed++
  }
  return closed
}
