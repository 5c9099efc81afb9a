import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../client'
import { accounts, conversations, events, inboxes, users } from '../schema'

/**
 * Of these events, the conversations that got a user as assignee: the `conversation_updated`
 * events whose changed_attributes name a new `assignee_id`.
 */
export async function assignmentsOfEvents(db: Db, eventIds: number[]) {
  const rows = await db
    .select({
      conversationId: events.conversationId,
      changed: events.changedAttributes,
    })
    .from(events)
    .where(and(inArray(events.id, eventIds), eq(events.kind, 'conversation_updated')))
  const found: { conversationId: number; userId: number }[] = []
  for (const row of rows) {
    const changes = (Array.isArray(row.changed) ? row.changed : []) as Record<string, unknown>[]
    for (const change of changes) {
      const assignee = change.assignee_id as { current_value?: unknown } | undefined
      const userId = assignee?.current_value
      if (row.conversationId !== null && typeof userId === 'number') {
        found.push({ conversationId: row.conversationId, userId })
      }
    }
  }
  return found
}

/** What the assignee's mail needs, while the conversation is still assigned to that user. */
export async function assignedConversation(
  db: Db,
  target: { accountId: number; conversationId: number; userId: number },
) {
  const [row] = await db
    .select({
      displayId: conversations.displayId,
      inboxName: inboxes.name,
      accountName: accounts.name,
      userName: users.name,
      userEmail: users.email,
    })
    .from(conversations)
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .innerJoin(accounts, eq(accounts.id, conversations.accountId))
    .innerJoin(users, eq(users.id, conversations.assigneeId))
    .where(
      and(
        eq(conversations.accountId, target.accountId),
        eq(conversations.id, target.conversationId),
        eq(conversations.assigneeId, target.userId),
        eq(conversations.assigneeType, 'User'),
      ),
    )
    .limit(1)
  return row
}
