import type { Db } from '../db/client'
import { deleteAccountUserStatement } from '../db/queries/account-users'
import { removeMembershipStatement } from '../db/queries/agents'
import { revokeTokensOfRemovedMemberStatement } from '../db/queries/password-tokens'
import {
  deleteSessionsOfRemovedMemberStatement,
  deleteSessionsOfStatement,
  sessionIdsOf,
} from '../db/queries/sessions'
import { copyToShards, narrowOnShards, type RequestScope } from '../db/replicate'
import { accountUsers, userSessions, users } from '../db/schema'

/**
 * An account's memberships from its own path (…/agents). The directory holds the truth and every
 * shard a copy (db/replicate.ts): what grants is written to the directory, then copied; what
 * takes away runs on every shard first. A failure in between leaves the shards narrower than
 * the directory, never wider, and the error asks the client to try again.
 */

/**
 * After the directory added or changed a membership (or its user): the rows on every shard, the
 * user before the membership that references it.
 */
export async function copyMembership(
  env: Env,
  row: { userId: number; membershipId: number },
  options: { user: boolean } = { user: true },
) {
  if (options.user) await copyToShards(env, users, [row.userId])
  await copyToShards(env, accountUsers, [row.membershipId])
}

/**
 * Takes a member out of an account's global rows: its membership, its sessions (in every
 * account: it must sign in again) and its unused links of the account. The shards drop the
 * membership and sessions unconditionally; the directory then decides, refusing the account's
 * last administrator inside its statement (two concurrent removals cannot both pass). When it
 * refuses, the shards get back what the directory still has, and this answers false.
 */
export async function revokeMembership(
  c: RequestScope,
  directory: Db,
  member: { accountId: number; userId: number; membershipId: number },
): Promise<boolean> {
  const { accountId, userId, membershipId } = member
  await narrowOnShards(c, (shard) => [
    deleteAccountUserStatement(shard, accountId, userId),
    deleteSessionsOfStatement(shard, userId),
  ])
  const [removed, ended] = await directory.batch([
    removeMembershipStatement(directory, accountId, userId),
    deleteSessionsOfRemovedMemberStatement(directory, accountId, userId),
    revokeTokensOfRemovedMemberStatement(directory, accountId, userId),
  ])
  if (removed.length === 0) {
    await copyToShards(c.env, accountUsers, [membershipId])
    await copyToShards(c.env, userSessions, await sessionIdsOf(directory, userId))
    return false
  }
  // A session signed in while the shards were narrowed reached them before the directory ended
  // it here: its id, gone from the directory, now leaves the shards too.
  await copyToShards(
    c.env,
    userSessions,
    ended.map((row) => row.id),
  )
  return true
}
