import { and, asc, eq, inArray } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { accountUsers, agentCapacityPolicies, inboxCapacityLimits, users } from '../schema'

export type AgentCapacityPolicyRow = typeof agentCapacityPolicies.$inferSelect
export type NewAgentCapacityPolicy = typeof agentCapacityPolicies.$inferInsert
export type InboxCapacityLimitRow = typeof inboxCapacityLimits.$inferSelect

/** A policy with its inbox limits and the user ids of its agents. */
export type PolicyWithLinks = AgentCapacityPolicyRow & {
  limits: InboxCapacityLimitRow[]
  userIds: number[]
}

/** The account's policies (or the one of `id`), each with its limits and agents, by id. */
export async function listPolicies(db: Db, accountId: number, id?: number) {
  const where =
    id === undefined
      ? eq(agentCapacityPolicies.accountId, accountId)
      : and(eq(agentCapacityPolicies.accountId, accountId), eq(agentCapacityPolicies.id, id))
  const policies = await db
    .select()
    .from(agentCapacityPolicies)
    .where(where)
    .orderBy(asc(agentCapacityPolicies.id))
  if (policies.length === 0) return []
  const ids = policies.map((p) => p.id)
  const [limits, members] = await db.batch([
    db
      .select()
      .from(inboxCapacityLimits)
      .where(inArray(inboxCapacityLimits.agentCapacityPolicyId, ids))
      .orderBy(asc(inboxCapacityLimits.id)),
    db
      .select({ policyId: accountUsers.agentCapacityPolicyId, userId: accountUsers.userId })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.accountId, accountId),
          inArray(accountUsers.agentCapacityPolicyId, ids),
        ),
      )
      .orderBy(asc(accountUsers.userId)),
  ])
  return policies.map(
    (p): PolicyWithLinks => ({
      ...p,
      limits: limits.filter((l) => l.agentCapacityPolicyId === p.id),
      userIds: members.filter((m) => m.policyId === p.id).map((m) => m.userId),
    }),
  )
}

export async function insertPolicy(db: Db, values: NewAgentCapacityPolicy) {
  const [row] = await db.insert(agentCapacityPolicies).values(values).returning()
  return row
}

export async function updatePolicy(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<NewAgentCapacityPolicy>,
) {
  const [row] = await db
    .update(agentCapacityPolicies)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(and(eq(agentCapacityPolicies.accountId, accountId), eq(agentCapacityPolicies.id, id)))
    .returning()
  return row
}

/**
 * Deletes a policy: its agents first lose it (account_users' column was added by ALTER TABLE,
 * which SQLite cannot give an ON DELETE action), then its limits go with it by cascade.
 */
export async function deletePolicy(db: Db, accountId: number, id: number) {
  const [, deleted] = await db.batch([
    db
      .update(accountUsers)
      .set({ agentCapacityPolicyId: null })
      .where(
        and(eq(accountUsers.accountId, accountId), eq(accountUsers.agentCapacityPolicyId, id)),
      ),
    db
      .delete(agentCapacityPolicies)
      .where(and(eq(agentCapacityPolicies.accountId, accountId), eq(agentCapacityPolicies.id, id)))
      .returning({ id: agentCapacityPolicies.id }),
  ])
  return deleted.length > 0
}

/** The agents of a policy, as Chatwoot lists them. */
export function listPolicyUsers(db: Db, accountId: number, policyId: number) {
  return db
    .select({ user: users, membership: accountUsers })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(
      and(eq(accountUsers.accountId, accountId), eq(accountUsers.agentCapacityPolicyId, policyId)),
    )
    .orderBy(asc(users.id))
}

/** Gives the member the policy (an agent has at most one); undefined when not a member. */
export async function setUserPolicy(
  db: Db,
  accountId: number,
  userId: number,
  policyId: number | null,
  onlyFrom?: number,
) {
  const [row] = await db
    .update(accountUsers)
    .set({ agentCapacityPolicyId: policyId, updatedAt: nowSeconds() })
    .where(
      and(
        eq(accountUsers.accountId, accountId),
        eq(accountUsers.userId, userId),
        onlyFrom === undefined ? undefined : eq(accountUsers.agentCapacityPolicyId, onlyFrom),
      ),
    )
    .returning({ id: accountUsers.id })
  return row
}

export async function findInboxLimit(db: Db, accountId: number, policyId: number, id: number) {
  const [row] = await db
    .select()
    .from(inboxCapacityLimits)
    .where(
      and(
        eq(inboxCapacityLimits.accountId, accountId),
        eq(inboxCapacityLimits.agentCapacityPolicyId, policyId),
        eq(inboxCapacityLimits.id, id),
      ),
    )
  return row
}

/** The policy's limit in the inbox; undefined when it already has one there. */
export async function insertInboxLimit(
  db: Db,
  values: {
    accountId: number
    agentCapacityPolicyId: number
    inboxId: number
    conversationLimit: number
  },
) {
  const [row] = await db
    .insert(inboxCapacityLimits)
    .values(values)
    .onConflictDoNothing()
    .returning()
  return row
}

export async function updateInboxLimit(
  db: Db,
  limit: InboxCapacityLimitRow,
  conversationLimit: number,
) {
  const [row] = await db
    .update(inboxCapacityLimits)
    .set({ conversationLimit, updatedAt: nowSeconds() })
    .where(eq(inboxCapacityLimits.id, limit.id))
    .returning()
  return row
}

export async function deleteInboxLimit(db: Db, limit: InboxCapacityLimitRow) {
  await db.delete(inboxCapacityLimits).where(eq(inboxCapacityLimits.id, limit.id))
}
