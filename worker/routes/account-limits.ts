import type { Db } from '../db/client'
import { accountUsage } from '../db/queries/account-limits'
import { findAccount } from '../db/queries/accounts'
import { fieldError, validationError } from '../errors'
import {
  accountLimit,
  featureOff,
  type LimitKey,
  type SwitchableFeature,
} from '../lib/account-plan'

/*
 * A platform account's limits and features (lib/account-plan.ts) where members and inboxes are
 * made. Chatwoot's enterprise edition refuses a member or inbox past usage_limits with "Account
 * limit exceeded"; Parley answers it as a 422 naming the limit (limits.agents, limits.inboxes).
 * The count is read before the insert: two creations at the same instant may both pass the last
 * slot (no lock across D1 rows), which a later creation then sees.
 */

const NOUN: Record<LimitKey, string> = { agents: 'agents', inboxes: 'inboxes' }

/** Throws when the account already has as many `key` as its limit allows. */
export async function assertRoomFor(db: Db, accountId: number, key: LimitKey) {
  const account = await findAccount(db, accountId)
  const limit = account ? accountLimit(account.limits, key) : null
  if (limit === null) return
  const used = await accountUsage(db, accountId, key)
  if (used < limit) return
  throw validationError([
    fieldError(
      `limits.${key}`,
      `Account limit exceeded: the account may have at most ${limit} ${NOUN[key]}`,
      'too_many',
    ),
  ])
}

/** Throws, naming the feature, when the account switched it off. */
export async function assertFeatureOn(
  db: Db,
  accountId: number,
  feature: SwitchableFeature,
  field: string,
) {
  const account = await findAccount(db, accountId)
  if (account && featureOff(account.features, feature)) {
    throw validationError([
      fieldError(field, `is switched off for this account (feature ${feature})`, 'custom'),
    ])
  }
}
