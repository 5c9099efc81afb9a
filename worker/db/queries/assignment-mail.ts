import { and, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { accounts, conversations, inboxes, users } from '../schema'

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
