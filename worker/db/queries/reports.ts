import { type SQL, sql } from 'drizzle-orm'
import type { Segment } from '../../reports/periods'
import type { Db } from '../client'
import type { ReportDimension, ReportingEventName } from '../schema'

/** Summed events: per window (`i`), per dimension id (`dim`) and per event name. */
export type FigureRow = {
  i: number
  dim: number
  name: ReportingEventName
  n: number
  total: number
}

/** Whose figures: one id, or each id the subquery lists (the account's agents, inboxes, teams). */
export type Dimension = { kind: ReportDimension; ids: number | SQL }

/** The events' column a dimension's id is in. */
const EVENT_COLUMN: Record<ReportDimension, string> = {
  account: '0',
  agent: 'e.user_id',
  inbox: 'e.inbox_id',
  team: 'e.team_id',
}

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`)
  return String(n)
}

/**
 * Sums `names` over each segment's rows: the rollups for whole hours and days, the events
 * themselves only at the ragged edges. Segments and names go in as literals (integers we made,
 * names from our own list), which keeps the statement under D1's 100 bound parameters however
 * many periods a series has. CROSS JOIN fixes the join order: segments and ids outside, each an
 * index seek into the rollups' primary key or the events' (account, name, time) index.
 */
export function sumFigures(
  db: Db,
  accountId: number,
  dimension: Dimension,
  segments: Segment[],
  names: readonly ReportingEventName[],
  options: { businessHours?: boolean } = {},
) {
  if (segments.length === 0) return Promise.resolve([] as FigureRow[])
  const seg = sql.raw(
    segments.map((s) => `(${int(s.index)}, ${int(s.span)}, ${int(s.lo)}, ${int(s.hi)})`).join(', '),
  )
  const nameList = sql.raw(names.map((n) => `'${n.replace(/'/g, '')}'`).join(', '))
  const ids = typeof dimension.ids === 'number' ? sql`select ${dimension.ids}` : dimension.ids
  const column = sql.raw(EVENT_COLUMN[dimension.kind])
  // Times in working hours only (`business_hours=true`): the business-hours sums instead.
  const rollupTotal = sql.raw(options.businessHours ? 'r.total_in_business_hours' : 'r.total')
  const eventValue = sql.raw(
    options.businessHours ? 'coalesce(e.value_in_business_hours, e.value)' : 'e.value',
  )
  return db.all<FigureRow>(sql`with seg(i, span, lo, hi) as (values ${seg}), ids(id) as (${ids})
    select seg.i as i, ids.id as dim, r.name as name, sum(r.count) as n, sum(${rollupTotal}) as total
    from seg cross join ids cross join report_rollups r
    where seg.span > 0 and r.account_id = ${accountId} and r.dimension = ${dimension.kind}
      and r.dimension_id = ids.id and r.name in (${nameList}) and r.span = seg.span
      and r.bucket >= seg.lo and r.bucket < seg.hi
    group by seg.i, ids.id, r.name
    union all
    select seg.i, ids.id, e.name, count(*), coalesce(sum(${eventValue}), 0)
    from seg cross join ids cross join reporting_events e
    where seg.span = 0 and e.account_id = ${accountId} and e.name in (${nameList})
      and e.created_at >= seg.lo and e.created_at < seg.hi and ${column} = ids.id
    group by seg.i, ids.id, e.name`)
}

/** The ids of the account's agents, inboxes or teams, as a subquery for `sumFigures`. */
export function idsOf(accountId: number, kind: Exclude<ReportDimension, 'account'>): SQL {
  switch (kind) {
    case 'agent':
      return sql`select user_id as id from account_users where account_id = ${accountId}`
    case 'inbox':
      return sql`select id from inboxes where account_id = ${accountId}`
    case 'team':
      return sql`select id from teams where account_id = ${accountId}`
  }
}

/** Whether the account has the agent, inbox or team a report names. */
export async function dimensionExists(
  db: Db,
  accountId: number,
  kind: Exclude<ReportDimension, 'account'>,
  id: number,
) {
  const rows = await db.all<{ id: number }>(
    sql`select id from (${idsOf(accountId, kind)}) where id = ${id} limit 1`,
  )
  return rows.length > 0
}

/** The account's agents, inboxes or teams in id order (the rows of a per-dimension table). */
export function listDimensionIds(
  db: Db,
  accountId: number,
  kind: Exclude<ReportDimension, 'account'>,
) {
  return db.all<{ id: number }>(sql`select id from (${idsOf(accountId, kind)}) order by 1`)
}
