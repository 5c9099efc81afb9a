import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm'
import { batchable } from '../batch'
import type { Db } from '../client'
import { conversations } from '../schema'
import { effectiveAvailabilitySql } from './presence'

/**
 * An inbox member as auto-assignment sees them: their availability, the limits of their capacity
 * policy (null: none) and the open conversations they hold, in this inbox and in the account.
 */
export type AssignmentCandidate = {
  userId: number
  name: string
  availability: 'online' | 'offline' | 'busy'
  inboxLimit: number | null
  overallLimit: number | null
  inboxOpen: number
  accountOpen: number
}

/** The members of an inbox with their capacity and load, by user id (the round-robin order). */
export function listAssignmentCandidates(db: Db, accountId: number, inboxId: number) {
  return db.all<AssignmentCandidate>(sql`select im.user_id as userId, u.name as name,
      ${effectiveAvailabilitySql('au')} as availability,
      icl.conversation_limit as inboxLimit, p.overall_conversation_limit as overallLimit,
      (select count(*) from conversations c where c.account_id = ${accountId}
        and c.inbox_id = ${inboxId} and c.assignee_id = im.user_id and c.assignee_type = 'User'
        and c.status = 'open') as inboxOpen,
      (select count(*) from conversations c where c.account_id = ${accountId}
        and c.assignee_id = im.user_id and c.assignee_type = 'User'
        and c.status = 'open') as accountOpen
    from inbox_members im
    join account_users au on au.account_id = im.account_id and au.user_id = im.user_id
    join users u on u.id = im.user_id
    left join agent_capacity_policies p on p.id = au.agent_capacity_policy_id
      and p.account_id = im.account_id
    left join inbox_capacity_limits icl on icl.agent_capacity_policy_id = p.id
      and icl.inbox_id = im.inbox_id
    where im.account_id = ${accountId} and im.inbox_id = ${inboxId}
    order by im.user_id`)
}

/**
 * The user ids of a team's members when the team lets auto-assignment pick among them (Chatwoot's
 * allow_auto_assign); null when it does not or the team is gone, and the inbox's members serve.
 */
export async function autoAssignTeamMemberIds(db: Db, accountId: number, teamId: number) {
  const rows = await db.all<{ userId: number | null }>(sql`select tm.user_id as userId
    from teams t left join team_members tm on tm.team_id = t.id
    where t.id = ${teamId} and t.account_id = ${accountId} and t.allow_auto_assign = 1`)
  if (rows.length === 0) return null
  return new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))
}

/**
 * The inbox's waiting queue, oldest first: open, unassigned conversations that no agent
 * unassigned by hand since they were last reopened or written to. It is D1's state, not the
 * Durable Object's, so a crash loses none of it.
 */
export function listWaitingConversations(db: Db, accountId: number, inboxId: number, limit = 50) {
  return db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, accountId),
        eq(conversations.inboxId, inboxId),
        eq(conversations.status, 'open'),
        isNull(conversations.assigneeId),
        isNull(conversations.autoAssignHeldAt),
      ),
    )
    .orderBy(asc(conversations.createdAt), asc(conversations.id))
    .limit(limit)
}

/**
 * Put first in an auto-assignment's batch: fails the batch (malformed JSON, so D1 rolls all of it
 * back) unless the conversation is still open, unassigned and not held, and the agent still has
 * room under both limits. A manual assignment that committed first therefore wins, the loser's
 * events are never written, and the account-wide limit holds even when two inboxes' queues
 * (two Durable Objects) pick the same agent at once: D1 runs one batch at a time.
 */
export function stillWaitingGuard(
  db: Db,
  conversation: { accountId: number; id: number; inboxId: number },
  agent: { userId: number; inboxLimit: number | null; overallLimit: number | null },
) {
  const open = sql`from conversations c where c.account_id = ${conversation.accountId}
    and c.assignee_id = ${agent.userId} and c.assignee_type = 'User' and c.status = 'open'`
  const underInboxLimit =
    agent.inboxLimit === null
      ? sql`1`
      : sql`(select count(*) ${open} and c.inbox_id = ${conversation.inboxId}) < ${agent.inboxLimit}`
  const underOverallLimit =
    agent.overallLimit === null ? sql`1` : sql`(select count(*) ${open}) < ${agent.overallLimit}`
  return batchable(
    db,
    db.run(sql`select json(case when exists (select 1 from conversations
      where id = ${conversation.id} and account_id = ${conversation.accountId} and status = 'open'
      and assignee_id is null and auto_assign_held_at is null)
      and ${underInboxLimit} and ${underOverallLimit}
      then '0' else 'conversation no longer waits or agent is full' end)`),
  )
}

/** Lets a held conversation back into the queue (reopened or written to after the hold). */
export function releaseAutoAssignHold(
  db: Db,
  accountId: number,
  conversationId: number,
  at: number,
) {
  return db
    .update(conversations)
    .set({ autoAssignHeldAt: null })
    .where(
      and(
        eq(conversations.accountId, accountId),
        eq(conversations.id, conversationId),
        lte(conversations.autoAssignHeldAt, at),
      ),
    )
}

/** The inboxes whose members include this user (availability changes poke their queues). */
export async function inboxIdsOfMember(db: Db, accountId: number, userId: number) {
  const rows = await db.all<{ inboxId: number }>(sql`select inbox_id as inboxId from inbox_members
    where account_id = ${accountId} and user_id = ${userId}`)
  return rows.map((r) => r.inboxId)
}

/** One agent's capacity policy limits and open conversations; undefined when not a member. */
export type AgentLoad = {
  overallLimit: number | null
  inboxLimit: number | null
  accountOpen: number
  inboxOpen: number
}

/**
 * An account member's limits (null: none) and the open conversations assigned to them in the
 * account and, when `inboxId` is given, in that inbox (otherwise inboxLimit and inboxOpen are 0s).
 */
export async function findAgentLoad(
  db: Db,
  accountId: number,
  userId: number,
  inboxId: number | null,
) {
  const open = sql`from conversations c where c.account_id = ${accountId}
    and c.assignee_id = ${userId} and c.assignee_type = 'User' and c.status = 'open'`
  const [row] = await db.all<AgentLoad>(sql`select p.overall_conversation_limit as overallLimit,
      (select icl.conversation_limit from inbox_capacity_limits icl
        where icl.agent_capacity_policy_id = p.id and icl.inbox_id = ${inboxId}) as inboxLimit,
      (select count(*) ${open}) as accountOpen,
      (select count(*) ${open} and c.inbox_id = ${inboxId}) as inboxOpen
    from account_users au
    left join agent_capacity_policies p on p.id = au.agent_capacity_policy_id
      and p.account_id = au.account_id
    where au.account_id = ${accountId} and au.user_id = ${userId}`)
  return row
}
