import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { inboxHasActiveBot } from '../db/queries/agent-bots'
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

/**
 * A blocked contact's new conversation starts resolved, as in Chatwoot. One that would start
 * open starts pending instead when its inbox has an active agent bot (`botAwareStatus`, applied
 * by `conversationCreation` for every path, in the insert itself).
 */
export const initialStatus = (
  contact: { blocked: boolean },
  requested: ConversationStatus = 'open',
): ConversationStatus => (contact.blocked ? 'resolved' : requested)

/**
 * Chatwoot's determine_conversation_status: in an inbox with an active agent bot the bot answers
 * first, so an open start becomes pending. Decided in the insert, so a bot connected or removed
 * at the same moment is seen consistently. An explicit resolved, snoozed or pending is kept.
 */
function botAwareStatus(inboxId: number, status: ConversationStatus | undefined) {
  if (status !== undefined && status !== 'open') return status
  return sql<ConversationStatus>`case when ${inboxHasActiveBot(inboxId)} then 'pending' else 'open' end`
}

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
    status: botAwareStatus(parties.inboxId, details.status),
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
