import { and, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { conversations, inboxMembers } from '../schema'

export type ConversationRow = typeof conversations.$inferSelect

/** A conversation by its per-account display id, with whether `agentId` may see it. */
export async function findConversationByDisplayId(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
) {
  const [row] = await db
    .select({ conversation: conversations, memberId: inboxMembers.userId })
    .from(conversations)
    .leftJoin(
      inboxMembers,
      and(eq(inboxMembers.inboxId, conversations.inboxId), eq(inboxMembers.userId, agentId ?? -1)),
    )
    .where(and(eq(conversations.accountId, accountId), eq(conversations.displayId, displayId)))
    .limit(1)
  if (!row) return undefined
  return { conversation: row.conversation, visible: agentId === null || row.memberId !== null }
}
