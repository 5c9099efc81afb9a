import type { Db } from '../db/client'
import { findTokenOwnerInAccount } from '../db/queries/access-tokens'
import { isInboxMember } from '../db/queries/inboxes'

export type AgentAuthorization =
  | { ok: true; userId: number; userName: string; role: 'administrator' | 'agent' | 'agent_bot' }
  | { ok: false; code: 'unauthorized' | 'forbidden'; message: string }

/**
 * The REST API's rules for an agent's socket: a user token of a member of the account (an
 * agent only for inboxes it belongs to), or an agent bot of the account.
 */
export async function authorizeAgentToken(
  db: Db,
  token: string,
  accountId: number,
  inboxId: number | null,
): Promise<AgentAuthorization> {
  const owner = await findTokenOwnerInAccount(db, token, accountId)
  if (!owner || owner.ownerType === 'platform_app') {
    return { ok: false, code: 'unauthorized', message: 'Invalid Access Token' }
  }
  if (owner.ownerType === 'agent_bot') {
    return owner.botAccountId === accountId
      ? { ok: true, userId: owner.ownerId, userName: 'Bot', role: 'agent_bot' }
      : { ok: false, code: 'unauthorized', message: 'Bot is not authorized to access this account' }
  }
  if (!owner.role) {
    return {
      ok: false,
      code: 'forbidden',
      message: 'You are not authorized to access this account',
    }
  }
  if (
    owner.role === 'agent' &&
    inboxId !== null &&
    !(await isInboxMember(db, inboxId, owner.ownerId))
  ) {
    return { ok: false, code: 'forbidden', message: 'You are not a member of this inbox' }
  }
  return { ok: true, userId: owner.ownerId, userName: owner.userName ?? '', role: owner.role }
}
