import { createDb } from '../db/client'
import { findMemberPresence, setMemberConnected } from '../db/queries/presence'
import { copyToShards } from '../db/replicate'
import { accountUsers } from '../db/schema'
import { type Availability, effectiveAvailability, PRESENCE_GRACE_MS } from '../lib/presence'
import { frame } from './frames'
import { accountFeed } from './stubs'

/**
 * Presence for the account feed (`../durable-objects/account-feed.ts`): whether a member has a
 * dashboard open is kept in account_users.connected, written to the directory (the membership's
 * truth) and copied to the shards like every other change of the row.
 */

/**
 * Marks the member connected or not; their effective status when this changed it (for the
 * `presence.update` frame), null when it was already so or they are not a member.
 */
export async function markConnected(
  env: Env,
  accountId: number,
  userId: number,
  connected: boolean,
): Promise<Availability | null> {
  const row = await setMemberConnected(createDb(env.DIRECTORY), accountId, userId, connected)
  if (!row) return null
  await copyToShards(env, accountUsers, [row.id])
  return effectiveAvailability(row)
}

/** The member's effective status now; null when they are no longer a member. */
export async function currentAvailability(
  env: Env,
  accountId: number,
  userId: number,
): Promise<Availability | null> {
  const row = await findMemberPresence(createDb(env.DIRECTORY), accountId, userId)
  return row ? effectiveAvailability(row) : null
}

/**
 * The member's choice, auto_offline or membership changed: their colleagues' dashboards get
 * their effective status (offline once they left the account).
 */
export async function announcePresence(env: Env, accountId: number, userId: number) {
  await accountFeed(env, accountId).presenceChanged(accountId, userId)
}

/** Chatwoot's ActionCable `presence.update`: `users` maps user ids to their status. */
export function presenceUpdateFrame(accountId: number, userId: number, status: Availability) {
  return frame('presence.update', {
    account_id: accountId,
    users: { [String(userId)]: status },
    contacts: {},
  })
}

/**
 * The feed's pending "goes offline" times, one per member whose last socket closed, kept in its
 * storage (they survive hibernation) and served by its alarm.
 */
const GOING_OFFLINE = 'offline:'

export async function scheduleGoingOffline(storage: DurableObjectStorage, userId: number) {
  await storage.put(`${GOING_OFFLINE}${userId}`, Date.now() + PRESENCE_GRACE_MS)
}

export async function cancelGoingOffline(storage: DurableObjectStorage, userId: number) {
  await storage.delete(`${GOING_OFFLINE}${userId}`)
}

/** The earliest pending time (Infinity when none), for the alarm. */
export async function nextGoingOffline(storage: DurableObjectStorage): Promise<number> {
  const pending = await storage.list<number>({ prefix: GOING_OFFLINE })
  return Math.min(...pending.values())
}

/** Takes the members whose time has come off the list; their user ids. */
export async function takeDueGoingOffline(storage: DurableObjectStorage): Promise<number[]> {
  const pending = await storage.list<number>({ prefix: GOING_OFFLINE })
  const now = Date.now()
  const due = [...pending].filter(([, at]) => at <= now).map(([key]) => key)
  if (due.length > 0) await storage.delete(due)
  return due.map((key) => Number(key.slice(GOING_OFFLINE.length)))
}
