/** The statements of merging one contact (the mergee) into another (the base); one batch. */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contactInboxes, contactLabels, contacts, conversations, messages } from '../schema'
import { moveContactNotesStatement } from './contact-notes'
import { type NewContact, updateContactStatement } from './contacts'

type Pair = { accountId: number; baseId: number; mergeeId: number }

/**
 * Everything of the mergee moves to the base (its messages' sender, conversations, contact
 * inboxes, labels and notes), then the mergee goes and the base takes `values`. In this order: messages
 * find the mergee's by its conversations, and the base may take the mergee's email, phone number
 * or identifier only once the mergee no longer holds them (they are unique in the account).
 */
export function mergeContactsStatements(db: Db, pair: Pair, values: Partial<NewContact>) {
  const { accountId, baseId, mergeeId } = pair
  const mergeeConversations = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.contactId, mergeeId)))
  return [
    db
      .update(messages)
      .set({ senderId: baseId })
      .where(
        and(
          eq(messages.accountId, accountId),
          sql`${messages.conversationId} in ${mergeeConversations}`,
          eq(messages.senderType, 'Contact'),
          eq(messages.senderId, mergeeId),
        ),
      ),
    db
      .update(conversations)
      .set({ contactId: baseId })
      .where(and(eq(conversations.accountId, accountId), eq(conversations.contactId, mergeeId))),
    db
      .update(contactInboxes)
      .set({ contactId: baseId })
      .where(and(eq(contactInboxes.accountId, accountId), eq(contactInboxes.contactId, mergeeId))),
    // The labels both have stay once (the primary key is contact and label).
    db
      .insert(contactLabels)
      .select(
        db
          .select({
            accountId: contactLabels.accountId,
            contactId: sql<number>`${baseId}`.as('contact_id'),
            label: contactLabels.label,
          })
          .from(contactLabels)
          .where(
            and(eq(contactLabels.accountId, accountId), eq(contactLabels.contactId, mergeeId)),
          ),
      )
      .onConflictDoNothing(),
    // Before the delete: notes cascade with their contact.
    moveContactNotesStatement(db, pair),
    db
      .delete(contacts)
      .where(and(eq(contacts.accountId, accountId), eq(contacts.id, mergeeId)))
      .returning({ id: contacts.id }),
    updateContactStatement(db, accountId, baseId, values),
  ] as const
}
