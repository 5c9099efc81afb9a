import type { Context } from 'hono'
import type { Statement } from '../../conversations/changes'
import { findUniqueClashes, updateContactStatement } from '../../db/queries/contacts'
import type { AppEnv } from '../../env'
import { changedAttributes } from '../../events/kinds'
import type { EventInput } from '../../events/outbox'
import { splitClaims, takenAmong } from '../../lib/visitor-claims'
import type { Visitor } from '../../middleware/visitor'
import { trackedAttributes } from '../contacts/shared'

/**
 * The visitor's answer to an `input_email` message (the email collection's ask, or any agent's)
 * as a change to their contact, for the same batch as the answer itself: the email becomes the
 * contact's, with contact_updated, so continuity mails later replies to it. As the public contact
 * update does (./contact-update.ts), an email another contact of the account holds is neither a
 * merge nor a 422 (which would tell a stranger that some contact has it): it is kept as the
 * visitor's claim (`additional_attributes.unverified_claims`) for agents to see.
 */
export async function emailAnswerWrite(
  c: Context<AppEnv>,
  visitor: Visitor,
  email: string,
): Promise<{ statements: Statement[]; events: EventInput[] }> {
  const { inbox, contact } = visitor
  const requested = { email: email.trim().toLowerCase() }
  const holders = await findUniqueClashes(c.var.db, inbox.accountId, requested, contact.id)
  const claimed = splitClaims(contact, requested, takenAmong(holders), false)
  const values = { ...claimed.values, additionalAttributes: claimed.additionalAttributes }
  const changes = changedAttributes(
    trackedAttributes(c, contact),
    trackedAttributes(c, { ...contact, ...values }),
  )
  if (changes.length === 0) return { statements: [], events: [] }
  return {
    statements: [updateContactStatement(c.var.db, inbox.accountId, contact.id, values)],
    events: [
      {
        kind: 'contact_updated',
        accountId: inbox.accountId,
        contactId: contact.id,
        changedAttributes: changes,
      },
    ],
  }
}
