import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../client'
import { accountUsers, conversations, teamMembers, teams } from '../schema'
import { type AgentRow, chunk, selectAgents } from './agents'

export type TeamRow = typeof teams.$inferSelect
export type NewTeam = typeof teams.$inferInsert

const ROWS_PER_INSERT = 30

export function listTeams(db: Db, accountId: number) {
  return db
    .select()
    .from(teams)
    .where(eq(teams.accountId, accountId))
    .orderBy(asc(teams.name), asc(teams.id))
}

export async function findTeam(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, id)))
    .limit(1)
  return row
}

export async function findTeamByName(db: Db, accountId: number, name: string) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.name, name)))
    .limit(1)
  return row
}

/** Ids of the account's teams the user belongs to. */
export async function teamIdsOfUser(db: Db, accountId: number, userId: number) {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.accountId, accountId), eq(teamMembers.userId, userId)))
  return new Set(rows.map((r) => r.teamId))
}

export async function insertTeam(db: Db, values: NewTeam) {
  const [row] = await db.insert(teams).values(values).returning()
  return row
}

export async function updateTeam(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<Omit<NewTeam, 'id' | 'accountId'>>,
) {
  const [row] = await db
    .update(teams)
    .set(values)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, id)))
    .returning()
  return row
}

/** Deletes the team, its memberships, and unsets it on the account's conversations, atomically. */
export async function deleteTeam(db: Db, accountId: number, id: number) {
  const accountTeam = db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, id)))
  const [, , deleted] = await db.batch([
    db
      .update(conversations)
      .set({ teamId: null })
      .where(
        and(eq(conversations.accountId, accountId), inArray(conversations.teamId, accountTeam)),
      ),
    db.delete(teamMembers).where(inArray(teamMembers.teamId, accountTeam)),
    db
      .delete(teams)
      .where(and(eq(teams.accountId, accountId), eq(teams.id, id)))
      .returning({ id: teams.id }),
  ])
  return deleted.length > 0
}

export async function listTeamMemberIds(db: Db, teamId: number) {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
  return rows.map((r) => r.userId)
}

/** The team's members who are still members of the account, as agents. */
export function listTeamMembers(db: Db, accountId: number, teamId: number): Promise<AgentRow[]> {
  const memberIds = db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
  return selectAgents(db, accountId, inArray(accountUsers.userId, memberIds))
}

export function addTeamMembersStatements(
  db: Db,
  accountId: number,
  teamId: number,
  userIds: readonly number[],
) {
  return chunk(userIds, ROWS_PER_INSERT).map((ids) =>
    db
      .insert(teamMembers)
      .values(ids.map((userId) => ({ accountId, teamId, userId })))
      .onConflictDoNothing(),
  )
}

export function removeTeamMembersStatements(db: Db, teamId: number, userIds: readonly number[]) {
  return chunk(userIds).map((ids) =>
    db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, ids))),
  )
}
