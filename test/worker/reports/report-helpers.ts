import { createDb } from '../../../worker/db/client'
import {
  type ReportingEvent,
  rebuildRollupsStatements,
  recordReportingEventsStatements,
} from '../../../worker/db/queries/reporting-events'
import { REPORTING_EVENT_NAMES, type ReportingEventName } from '../../../worker/db/schema'
import { accountDb, api } from '../helpers'

/** An event of a constructed history: what the write paths would have recorded. */
export type Happening = {
  name: ReportingEventName
  at: number
  value?: number
  userId?: number | null
  inboxId?: number
  teamId?: number | null
}

/** Records a constructed history through the same statements the write paths use. */
export async function recordHistory(accountId: number, inboxId: number, history: Happening[]) {
  const db = createDb(await accountDb(accountId))
  const events: ReportingEvent[] = history.map((h, i) => ({
    accountId,
    name: h.name,
    value: h.value ?? null,
    conversationId: 1_000_000 + i,
    inboxId: h.inboxId ?? inboxId,
    userId: h.userId ?? null,
    teamId: h.teamId ?? null,
    createdAt: h.at,
  }))
  for (let i = 0; i < events.length; i += 10) {
    const [insert, rollup] = recordReportingEventsStatements(db, events.slice(i, i + 10))
    if (insert && rollup) await db.batch([insert, rollup])
  }
}

export async function rebuildRollups(accountId: number) {
  const db = createDb(await accountDb(accountId))
  await db.batch([...rebuildRollupsStatements(db, accountId)])
}

/**
 * The account's report sums one row per event name (dimension, dimension_id, name, span,
 * bucket, count, total), names with nothing in the bucket left out: the shape the tests compare.
 */
export const sumsByNameSql = (() => {
  const names = REPORTING_EVENT_NAMES.map((n) => `('${n}')`).join(', ')
  const pick = (part: string) =>
    `case n.name ${REPORTING_EVENT_NAMES.map((n) => `when '${n}' then ${n}_${part}`).join(' ')} end`
  return `with n(name) as (values ${names})
    select * from (select dimension, dimension_id, n.name as name, span, bucket,
      ${pick('count')} as count, ${pick('total')} as total
    from report_sums cross join n where account_id = ?1)
    where count <> 0 or total <> 0`
})()

export async function rollupRows(accountId: number) {
  const { results } = await (await accountDb(accountId))
    .prepare(`${sumsByNameSql} order by 1, 2, 3, 4, 5`)
    .bind(accountId)
    .all()
  return results
}

export async function eventRows(accountId: number) {
  const { results } = await (await accountDb(accountId))
    .prepare(
      'select name, value, user_id, inbox_id, team_id, created_at from reporting_events where account_id = ? order by id',
    )
    .bind(accountId)
    .all<{
      name: string
      value: number | null
      user_id: number | null
      inbox_id: number
      team_id: number | null
      created_at: number
    }>()
  return results
}

export const reportsPath = (accountId: number, rest: string) =>
  `/api/v2/accounts/${accountId}/${rest}`

/** GETs a report as `token`, failing the test on anything but 200. */
export async function getReport(accountId: number, rest: string, token: string) {
  const res = await api(reportsPath(accountId, rest), { token })
  if (res.status !== 200) throw new Error(`${rest}: ${res.status} ${res.text}`)
  return res.json
}
