import type { Context } from 'hono'
import {
  type TokenOwner,
  tokenOwnerFromValues,
  tokenOwnerStatement,
} from '../db/queries/access-tokens'
import { bindParams, param } from '../db/templates'
import type { AppEnv } from '../env'
import { StaleCredential } from '../errors'
import { tokenHashOf } from '../lib/crypto'
import { failUnless } from '../lib/d1-gate'
import { replayableRequest } from './body'

/**
 * What tokens resolved to in this isolate. A request with a remembered token does not wait for
 * the lookup: it runs on the remembered owner and the lookup rides in the same D1 batch as its
 * first read (see D1Gate), so a changed or revoked token is still caught before anything is
 * read or written. Entries are a speed-up only, never trusted on their own.
 */
const remembered = new Map<string, { owner: TokenOwner; fingerprint: string; expiresAt: number }>()
const MAX_REMEMBERED = 1000
const REMEMBER_MS = 10 * 60_000

/** The name a failed credential guard gives its error (see `failUnless`). */
const STALE_CREDENTIAL_GUARD = 'stale-credential'

/** Requests sent again after a stale owner: they look the token up afresh. */
const replays = new WeakSet<Request>()

/** The lookup's SQL, built once per isolate with placeholders (building it is not free). */
let lookupQuery: { sql: string; params: unknown[] } | undefined

function lookupParams(c: Context<AppEnv>, tokenHash: string, accountId: number) {
  lookupQuery ??= tokenOwnerStatement(c.var.db, param('tokenHash'), param('accountId')).toSQL()
  const params = bindParams('token-owner', lookupQuery.params, { tokenHash, accountId })
  return { sql: lookupQuery.sql, params }
}

/**
 * The lookup as a guard for a writing batch: it fails the batch unless the token still resolves
 * to the remembered owner, compared on what `fingerprintOf` compares (the lookup's columns are
 * owner_type, owner_id, role, name and the bot's account_id, in that order).
 */
function guardStatement(
  c: Context<AppEnv>,
  lookup: { sql: string; params: unknown[] },
  owner: TokenOwner,
) {
  const matches = `exists (select 1 from (${lookup.sql}) as o where o.owner_type is ? and o.owner_id is ? and o.role is ? and o.account_id is ?)`
  return c.var.d1Gate.prepareCheck(failUnless(matches, STALE_CREDENTIAL_GUARD), [
    ...lookup.params,
    owner.ownerType,
    owner.ownerId,
    owner.role,
    owner.botAccountId,
  ])
}

const fingerprintOf = (owner: TokenOwner | undefined) =>
  JSON.stringify(owner ? [owner.ownerType, owner.ownerId, owner.role, owner.botAccountId] : null)

/**
 * The owner of `token` (and its role in `accountId`). With `remember`, a token this isolate has
 * seen is taken as it was, and `confirmTokenOwner` must run after the handler.
 */
export async function resolveTokenOwner(
  c: Context<AppEnv>,
  token: string,
  accountId: number,
  remember: boolean,
) {
  const tokenHash = await tokenHashOf(token)
  const key = `${tokenHash}:${accountId}`
  const lookup = lookupParams(c, tokenHash, accountId)
  const statement = c.var.d1Gate.prepareCheck(lookup.sql, lookup.params)
  const known =
    remember && c.var.db.layers.gate && !replays.has(c.req.raw) ? remembered.get(key) : undefined
  if (known && known.expiresAt > Date.now()) {
    c.var.d1Gate.require({
      statement,
      guard: guardStatement(c, lookup, known.owner),
      check: (row) => {
        const now = fingerprintOf(tokenOwnerFromValues(row && Object.values(row)))
        if (now !== known.fingerprint) throw new StaleCredential()
      },
    })
    c.set('tokenOwnerKey', key)
    return known.owner
  }
  const { results } = await statement.all<Record<string, unknown>>()
  const row = results[0]
  const owner = tokenOwnerFromValues(row && Object.values(row))
  // A bot refused here is not remembered: connecting it to an inbox of the account (a global
  // bot) lets it in at once, as its next request looks it up afresh.
  const refusedBot = owner?.ownerType === 'agent_bot' && owner.botAccountId !== accountId
  if (remember && owner && !refusedBot) {
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value ?? '')
    remembered.set(key, {
      owner,
      fingerprint: fingerprintOf(owner),
      expiresAt: Date.now() + REMEMBER_MS,
    })
  }
  return owner
}

/**
 * After the handler of a request that ran on a remembered owner: makes sure the batched lookup
 * ran and matched. When it did not, the request is answered as if it had just arrived, by the
 * whole app again with a fresh lookup (the first answer is dropped; nothing was read or written
 * under the stale owner).
 */
export async function confirmTokenOwner(c: Context<AppEnv>) {
  const key = c.var.tokenOwnerKey
  if (!key) return
  try {
    await c.var.d1Gate.settle()
    return
  } catch (error) {
    // Any other failure of the lookup also failed the handler's read, which answered it.
    if (!(error instanceof StaleCredential)) {
      if (c.error) return
      throw error
    }
  }
  remembered.delete(key)
  const request = await replayableRequest(c)
  replays.add(request)
  const response = await c.var.redispatch(request)
  // Hono copies the old response's headers onto a new one unless the old one is cleared first.
  c.res = undefined
  c.res = response
}
