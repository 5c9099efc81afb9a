import type { Db } from '../db/client'
import { findTokenOwnerInAccount } from '../db/queries/access-tokens'
import { isInboxMember } from '../db/queries/inboxes'
import { findSessionOwner } from '../db/queries/sessions'
import { sha256Hex } from '../lib/crypto'
import { sessionCredentialKey } from './access'

export type AgentAuthorization =
  | {
      ok: true
      userId: number
      userName: string
      role: 'administrator' | 'agent' | 'agent_bot'
      /** What the socket keeps to be re-checked: the token's hash, or its session's key. */
      credentialKey: string
    }
  | { ok: false; code: 'unauthorized' | 'forbidden'; message: string }

/**
 * The REST API's rules for an agent's socket: a user token of a member of the account (an
 * agent only for inboxes it belongs to), or an agent bot of the account. As on REST, the token
 * may also be a session's (`/auth/sign_in`'s `access_token`), with that session's rights.
 */
export async function authorizeAgentToken(
  db: Db,
  token: string,
  accountId: number,
  inboxId: number | null,
): Promise<AgentAuthorization> {
  const tokenHash = await sha256Hex(token)
  const owner =
    (await findTokenOwnerInAccount(db, token, accountId)) ??
    (await sessionAsOwner(db, tokenHash, accountId))
  if (!owner || owner.ownerType === 'platform_app') {
    return { ok: false, code: 'unauthorized', message: 'Invalid Access Token' }
  }
  if (owner.ownerType === 'agent_bot') {
    return owner.botAccountId === accountId
      ? {
          ok: true,
          userId: owner.ownerId,
          userName: 'Bot',
          role: 'agent_bot',
          credentialKey: tokenHash,
        }
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
  return {
    ok: true,
    userId: owner.ownerId,
    userName: owner.userName ?? '',
    role: owner.role,
    credentialKey: 'session' in owner ? sessionCredentialKey(tokenHash) : tokenHash,
  }
}

/** A session presented as a token, in the shape of a token's owner. */
async function sessionAsOwner(db: Db, tokenHash: string, accountId: number) {
  const session = await findSessionOwner(db, tokenHash, accountId)
  if (!session) return undefined
  return {
    ownerType: 'user' as const,
    ownerId: session.userId,
    userName: session.name,
    role: session.role,
    botAccountId: null,
    session: true,
  }
}
