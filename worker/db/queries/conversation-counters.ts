/**
 * The conversation list's four counts. From the counters (migrations/0020: one row per account,
 * status, inbox and assignee, kept by triggers) when the filters are ones they are kept by, which
 * reads one row per bucket however many conversations there are; else counted over the filtered
 * conversations up to `COUNT_CAP`.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { conversationCounters as k } from '../schema'

/**
 * How many filtered conversations a count walks at most when the counters cannot serve the
 * filters (team, labels, message search, source id). Past it the counts say "at least" (the
 * list's `counts_capped`), as large inboxes show "1,000+".
 */
export const COUNT_CAP = 1000

/** What the counts are taken over: the list's filters, before the assignee type. */
export type CountedFilters = {
  accountId: number
  status: string | null
  inboxId: number | null
  /** Set for agents: only the inboxes they are members of. */
  agentId: number | null
  /** The caller (-1 for a bot), for `mine_count`. */
  userId: number
  /** The team asked for, or -1, for the team check. */
  teamAsked: number
}

/** Sums of the counters' buckets: all, assigned and mine, and whether the team asked exists. */
export function countersStatement(db: Db, f: CountedFilters) {
  return db
    .select({
      all: sql<number>`coalesce(sum(${k.conversationCount}), 0)`.as('all_count'),
      assigned:
        sql<number>`coalesce(sum(case when ${k.assigneeId} <> 0 then ${k.conversationCount} end), 0)`.as(
          'assigned_count',
        ),
      mine: sql<number>`coalesce(sum(case when ${k.assigneeType} = 'User' and ${k.assigneeId} = ${f.userId} then ${k.conversationCount} end), 0)`.as(
        'mine_count',
      ),
      capped: sql<number>`0`.as('capped'),
      // Answered in the same round trip so an unknown team costs nothing extra. Every column is
      // named: D1 returns rows as objects, whose keys would reorder a column named `0`.
      teamExists:
        sql<number>`(select count(*) from teams where account_id = ${f.accountId} and id = ${f.teamAsked})`.as(
          'team_exists',
        ),
    })
    .from(k)
    .where(
      and(
        eq(k.accountId, f.accountId),
        f.status === null ? undefined : eq(k.status, f.status),
        f.inboxId === null ? undefined : eq(k.inboxId, f.inboxId),
        f.agentId === null
          ? undefined
          : sql`${k.inboxId} in (select inbox_id from inbox_members where account_id = ${f.accountId} and user_id = ${f.agentId})`,
      ),
    )
}

/**
 * The counts over `sample`: the filtered conversations' `assignee_id` and `assignee_type`, at
 * most `COUNT_CAP + 1` of them. Exact up to the cap; past it `capped`, and each count is the
 * number among the first `COUNT_CAP` walked, so at least that many.
 */
export function cappedCountsStatement(db: Db, f: CountedFilters, sample: SQL) {
  const cap = sql.raw(String(COUNT_CAP))
  return db
    .select({
      all: sql<number>`min(count(*), ${cap})`.as('all_count'),
      assigned: sql<number>`min(coalesce(sum(assignee_id is not null), 0), ${cap})`.as(
        'assigned_count',
      ),
      mine: sql<number>`min(coalesce(sum(assignee_type = 'User' and assignee_id = ${f.userId}), 0), ${cap})`.as(
        'mine_count',
      ),
      capped: sql<number>`count(*) > ${cap}`.as('capped'),
      teamExists:
        sql<number>`(select count(*) from teams where account_id = ${f.accountId} and id = ${f.teamAsked})`.as(
          'team_exists',
        ),
    })
    .from(sql`${sample} as sample`)
}
