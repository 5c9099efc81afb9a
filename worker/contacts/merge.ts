import type { Db } from '../db/client'
import { mergeContactsStatements } from '../db/queries/contact-merge'
import type { ContactRow, NewContact } from '../db/queries/contacts'
import { recordContactAvatarStatement } from '../db/queries/file-deletions'
import { changedAttributes } from '../events/kinds'
import type { EventInput } from '../events/outbox'
import { claimsOf, settledClaims, withClaims } from '../lib/visitor-claims'

/**
 * What the base contact is after taking in the mergee, as Chatwoot's ContactMergeAction: the
 * base's own values win, the mergee's fill what the base lacks, attributes are merged with the
 * base's keys first. Claims (lib/visitor-claims) of either stay only for values the merged
 * contact does not now hold itself.
 */
export function mergedValues(base: ContactRow, mergee: ContactRow) {
  const values = {
    name: base.name || mergee.name,
    email: base.email ?? mergee.email,
    phoneNumber: base.phoneNumber ?? mergee.phoneNumber,
    identifier: base.identifier ?? mergee.identifier,
    avatarKey: base.avatarKey ?? mergee.avatarKey,
    lastActivityAt: Math.max(base.lastActivityAt ?? 0, mergee.lastActivityAt ?? 0) || null,
    customAttributes: { ...mergee.customAttributes, ...base.customAttributes },
  }
  const attributes = { ...mergee.additionalAttributes, ...base.additionalAttributes }
  const claims = {
    ...claimsOf(mergee.additionalAttributes),
    ...claimsOf(base.additionalAttributes),
  }
  const open = settledClaims({ ...values, additionalAttributes: attributes }, claims)
  return {
    ...values,
    additionalAttributes: withClaims(attributes, open),
  } satisfies Partial<NewContact>
}

/**
 * Merging `mergee` into `base` (two contacts of one account): the statements of one batch, and
 * contact_updated for the base, whose `changed_attributes` compare `track` of it before and
 * after. The mergee's stored avatar, when the base does not take it, is recorded for deletion in
 * the same batch (`orphanedAvatar`: remove the recorded files once it is committed), so a crash
 * cannot leave it served.
 */
export function contactMergeWrite(
  db: Db,
  base: ContactRow,
  mergee: ContactRow,
  track: (row: ContactRow) => Record<string, unknown>,
) {
  const values = mergedValues(base, mergee)
  const pair = { accountId: base.accountId, baseId: base.id, mergeeId: mergee.id }
  const event: EventInput = {
    kind: 'contact_updated',
    accountId: base.accountId,
    contactId: base.id,
    changedAttributes: changedAttributes(track(base), track({ ...base, ...values })),
  }
  const orphanedAvatar = Boolean(mergee.avatarKey) && mergee.avatarKey !== values.avatarKey
  return {
    statements: [
      ...(orphanedAvatar ? [recordContactAvatarStatement(db, base.accountId, mergee.id)] : []),
      ...mergeContactsStatements(db, pair, values),
    ],
    events: [event],
    orphanedAvatar,
  }
}
