import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  type ConversationStatus,
  conversationIdByUuid,
  insertConversationStatement,
  type NewConversation,
} from '../db/queries/conversations'
import type { EventInput } from '../events/outbox'
import { conversationCreatedReport } from '../reports/events'

type Parties = {
  accountId: number
  inboxId: number
  contactId: number
  contactInboxId: number | SQL
}
type Details = Omit<
  Partial<NewConversation>,
  'accountId' | 'inboxId' | 'contactId' | 'contactInboxId' | 'uuid' | 'displayId'
>

/** A blocked contact's new conversation starts resolved, as in Chatwoot. */
export const initialStatus = (
  contact: { blocked: boolean },
  requested: ConversationStatus = 'open',
): ConversationStatus => (contact.blocked ? 'resolved' : requested)

/**
 * The insert of a new conversation, its conversation_created event and what it reports (to go
 * after the insert). The batch names the new row by the uuid it is given (`conversationId`), so
 * later statements of the batch can refer to it.
 */
export function conversationCreation(db: Db, parties: Parties, details: Details, now: number) {
  const uuid = crypto.randomUUID()
  const conversationId = conversationIdByUuid(uuid)
  const statement = insertConversationStatement(db, {
    lastActivityAt: now,
    createdAt: now,
    updatedAt: now,
    ...details,
    ...parties,
    uuid,
  })
  const event: EventInput = {
    kind: 'conversation_created',
    accountId: parties.accountId,
    inboxId: parties.inboxId,
    contactId: parties.contactId,
    conversationId,
  }
  const reporting = conversationCreatedReport(db, {
    id: conversationId,
    accountId: parties.accountId,
    inboxId: parties.inboxId,
    assigneeId: details.assigneeId ?? null,
    teamId: details.teamId ?? null,
    createdAt: details.createdAt ?? now,
  })
  return { conversationId, statement, event, reporting }
}
