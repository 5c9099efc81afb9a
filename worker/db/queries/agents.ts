import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import {
  accountUsers,
  conversations,
  inboxes,
  inboxMembers,
  teamMembers,
  teams,
  users,
} from '../schema'

export type AccountUserRow = typeof accountUsers.$inferSelect
export type AgentRow = { user: typeof users.$inferSelect; membership: AccountUserRow }
type Availability = AccountUserRow['availability']
type Role = AccountUserRow['role']

/** D1 allows 100 bound parameters per statement; id lists are cut into pieces below that. */
export const ID_CHUNK = 90

export function chunk<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Runs the statements as one D1 batch (one transaction); an empty list does nothing. */
export async function batchAll(db: Db, statements: BatchItem<'sqlite'>[]) {
  const [first, ...rest] = statements
  if (first) await db.batch([first, ...rest])
}

const agentColumns = { user: getTableColumns(users), membership: getTableColumns(accountUsers) }

/** The account's members with their user rows, optionally narrowed by `where`. */
export function selectAgents(db: Db, accountId: number, where?: SQL) {
  return db
    .select(agentColumns)
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), where))
    .orderBy(asc(users.name), asc(users.id))
}

export function listAgents(db: Db, accountId: number): Promise<AgentRow[]> {
  return selectAgents(db, accountId)
}

export async function findAgent(db: Db, accountId: number, userId: number) {
  const [row] = await selectAgents(db, accountId, eq(accountUsers.userId, userId)).limit(1)
  return row
}

/** Which of `userIds` are members of the account. */
export async function accountMemberIds(db: Db, accountId: number, userIds: readonly number[]) {
  const found = new Set<number>()
  for (const ids of chunk(userIds)) {
    const rows = await db
      .select({ userId: accountUsers.userId })
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, accountId), inArray(accountUsers.userId, ids)))
    for (const r of rows) found.add(r.userId)
  }
  return found
}

export async function countAdministrators(db: Db, accountId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.role, 'administrator')))
  return row?.n ?? 0
}

/** Adds the user (an id, or SQL that finds one in the same batch) to the account. */
export function insertMembershipStatement(
  db: Db,
  values: {
    accountId: number
    userId: number | SQL
    role: Role
    inviterId: number | null
    availability?: Availability
    autoOffline?: boolean
  },
) {
  return db.insert(accountUsers).values(values).returning()
}

export function updateMembershipStatement(
  db: Db,
  accountId: number,
  userId: number,
  values: { role?: Role; availability?: Availability; autoOffline?: boolean },
) {
  return db
    .update(accountUsers)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    .returning()
}

/**
 * Removing a member, its global part: the membership goes unless it belongs to the account's
 * last administrator (checked inside the statement, so two concurrent removals cannot both
 * pass). On the directory, the truth; returns the removed row's id.
 */
export function removeMembershipStatement(db: Db, accountId: number, userId: number) {
  const otherAdministrators = sql`(select count(*) from ${accountUsers} where ${accountUsers.accountId} = ${accountId} and ${accountUsers.role} = 'administrator' and ${accountUsers.userId} <> ${userId})`
  return db
    .delete(accountUsers)
    .where(
      and(
        eq(accountUsers.accountId, accountId),
        eq(accountUsers.userId, userId),
        or(ne(accountUsers.role, 'administrator'), sql`${otherAdministrators} > 0`),
      ),
    )
    .returning({ id: accountUsers.id })
}

/**
 * Removing a member, its account data (on the account's shard, after the membership left it):
 * the inbox and team memberships of a user who is no longer in the account go, and the
 * conversations it was assigned become unassigned (as Chatwoot's Agents::DestroyJob: no
 * events). Each only while the user is not a member there, so a member added back in the
 * meantime keeps them. Run them as one batch.
 */
export function removeMemberDataStatements(db: Db, accountId: number, userId: number) {
  const stillMember = db
    .select({ one: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
  const accountInboxes = db
    .select({ id: inboxes.id })
    .from(inboxes)
    .where(eq(inboxes.accountId, accountId))
  const accountTeams = db.select({ id: teams.id }).from(teams).where(eq(teams.accountId, accountId))
  return [
    db
      .delete(inboxMembers)
      .where(
        and(
          eq(inboxMembers.userId, userId),
          inArray(inboxMembers.inboxId, accountInboxes),
          notExists(stillMember),
        ),
      ),
    db
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.userId, userId),
          inArray(teamMembers.teamId, accountTeams),
          notExists(stillMember),
        ),
      ),
    unassignUserStatement(db, userId, accountId, notExists(stillMember)),
  ] as const
}

/**
 * Unassigns a user's conversations in one account, or in every account it is a member of (put
 * that before the memberships go), when `condition` holds. Like Chatwoot's `update_all`: no
 * events, no activity lines.
 */
export function unassignUserStatement(
  db: Db,
  userId: number,
  accountId: number | 'all',
  condition?: SQL,
) {
  return db
    .update(conversations)
    .set({ assigneeId: null, assigneeType: null, updatedAt: nowSeconds() })
    .where(
      and(
        accountId === 'all'
          ? inArray(
              conversations.accountId,
              db
                .select({ id: accountUsers.accountId })
                .from(accountUsers)
                .where(eq(accountUsers.userId, userId)),
            )
          : eq(conversations.accountId, accountId),
        eq(conversations.assigneeId, userId),
        eq(conversations.assigneeType, 'User'),
        condition,
      ),
    )
}
