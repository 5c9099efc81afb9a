import { type SQL, sql } from 'drizzle-orm'
import type { SumPlan } from '../../reports/periods'
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

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`)
  return String(n)
}

/**
 * Sums `names` over each window of the plan: reads each of its pieces' buckets from the report
 * sums once (one row per bucket, every name in it), then adds or takes away each window's pieces.
 * Pieces and names go in as literals (integers we made, names from our own list), which keeps the
 * statement under D1's 100 bound parameters however many periods a series has. CROSS JOIN fixes
 * the join order: pieces and ids outside, each a range seek into the sums' primary key.
 */
export async function sumFigures(
  db: Db,
  accountId: number,
  dimension: Dimension,
  plan: SumPlan,
  names: readonly ReportingEventName[],
  options: { businessHours?: boolean } = {},
): Promise<FigureRow[]> {
  if (plan.pieces.length === 0) return []
  const pieces = sql.raw(
    plan.pieces.map((p, k) => `(${k}, ${int(p.span)}, ${int(p.lo)}, ${int(p.hi)})`).join(', '),
  )
  // Times in working hours only (`business_hours=true`): the business-hours sums instead.
  const total = options.businessHours ? 'total_bh' : 'total'
  const columns = sql.raw(
    names.map((n, j) => `sum(r.${n}_count) as n${j}, sum(r.${n}_${total}) as t${j}`).join(', '),
  )
  const ids = typeof dimension.ids === 'number' ? sql`select ${dimension.ids}` : dimension.ids
  const sums = await db.all<
    Record<string, number>
  >(sql`with seg(k, span, lo, hi) as (values ${pieces}),
    ids(id) as (${ids})
    select seg.k as k, ids.id as dim, ${columns}
    from seg cross join ids cross join report_sums r
    where r.account_id = ${accountId} and r.dimension = ${dimension.kind}
      and r.dimension_id = ids.id and r.span = seg.span and r.bucket >= seg.lo and r.bucket < seg.hi
    group by seg.k, ids.id`)
  const byPiece = new Map<number, Record<string, number>[]>()
  for (const row of sums) {
    const rows = byPiece.get(Number(row.k))
    if (rows) rows.push(row)
    else byPiece.set(Number(row.k), [row])
  }
  const figures = new Map<string, FigureRow>()
  for (const window of plan.windows) {
    for (const { piece, sign } of window.terms) {
      for (const row of byPiece.get(piece) ?? []) {
        names.forEach((name, j) => {
          const key = `${window.index}:${row.dim}:${name}`
          const figure = figures.get(key) ?? {
            i: window.index,
            dim: Number(row.dim),
            name,
            n: 0,
            total: 0,
          }
          figure.n += sign * Number(row[`n${j}`] ?? 0)
          figure.total += sign * Number(row[`t${j}`] ?? 0)
          figures.set(key, figure)
        })
      }
    }
  }
  return [...figures.values()]
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
