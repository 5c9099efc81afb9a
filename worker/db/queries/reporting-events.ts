import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { batchable } from '../batch'
import type { Db } from '../client'
import {
  REPORT_SUM_COLUMNS,
  REPORTING_EVENT_NAMES,
  type ReportingEventName,
  reportingEvents,
} from '../schema'

/** A reportable happening as the write paths describe it (see worker/reports/events.ts). */
export type ReportingEvent = {
  accountId: number
  name: ReportingEventName
  /** Seconds, for the timed events (first response, reply time, resolution). */
  value: number | null
  /**
   * The same counted in the inbox's working hours; written as `value` (every hour counts) and
   * corrected after the commit for an inbox with working hours (reports/business-hours.ts).
   */
  valueInBusinessHours?: number | null
  /** A number, or the subquery that names a conversation inserted earlier in the same batch. */
  conversationId: number | SQL
  inboxId: number
  userId: number | null
  teamId: number | null
  createdAt: number
}

/** The minute, hour and day (UTC) each event is summed into (see `reportSums`). */
export const REPORT_SPANS = [60, 3600, 86400] as const

// Each name's three sums, as select expressions and as upsert assignments.
const sumsOfNames = REPORTING_EVENT_NAMES.flatMap((name) => {
  const of = (value: string) => `sum(case when ev.name = '${name}' then ${value} else 0 end)`
  return [
    of('ev.sign'),
    of('ev.sign * coalesce(ev.value, 0)'),
    of('ev.sign * coalesce(ev.value_bh, 0)'),
  ]
})
const sumColumns = REPORT_SUM_COLUMNS.join(', ')
const sumSelect = sumsOfNames.map((expr, i) => `${expr} as c${i}`).join(',\n      ')
const changesSomething = sumsOfNames.map((_, i) => `c${i} <> 0`).join(' or ')
const addSums = REPORT_SUM_COLUMNS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')

/**
 * Adds `source`'s rows (columns account_id, name, value, value_in_business_hours, user_id,
 * inbox_id, team_id, created_at, sign) into the report sums: for the account, and for the
 * agent, inbox and team each row names, per minute, hour and day, every name into its own
 * columns of the bucket's one row. `sign` −1 takes a row back out. Buckets whose change sums to
 * nothing are left alone.
 */
function rollupStatement(db: Db, source: SQL) {
  const dimensionId = `case d.dimension when 'account' then 0 when 'agent' then ev.user_id
    when 'inbox' then ev.inbox_id else ev.team_id end`
  const spans = REPORT_SPANS.map((s) => `select ${s} as span`).join(' union all ')
  return batchable(
    db,
    db.run(sql`with ev(account_id, name, value, value_bh, user_id, inbox_id, team_id, created_at, sign) as (${source})
    insert into report_sums (account_id, dimension, dimension_id, span, bucket, ${sql.raw(sumColumns)})
    select * from (select ev.account_id, d.dimension, ${sql.raw(dimensionId)} as dimension_id, s.span,
      ev.created_at - ev.created_at % s.span as bucket,
      ${sql.raw(sumSelect)}
    from ev
    cross join (select 'account' as dimension union all select 'agent' union all select 'inbox'
      union all select 'team') d
    cross join (${sql.raw(spans)}) s
    where ${sql.raw(dimensionId)} is not null
    group by 1, 2, 3, 4, 5)
    where ${sql.raw(changesSomething)}
    on conflict (account_id, dimension, dimension_id, span, bucket)
    do update set ${sql.raw(addSums)}`),
  )
}

/** The statements that record events: their rows, and their sums in the rollups. */
export function recordReportingEventsStatements(db: Db, events: ReportingEvent[]) {
  if (events.length === 0) return []
  const withBusinessHours = events.map((e) => ({
    ...e,
    valueInBusinessHours: e.valueInBusinessHours === undefined ? e.value : e.valueInBusinessHours,
  }))
  const rows = sql.join(
    withBusinessHours.map(
      (e) =>
        sql`(${e.accountId}, ${e.name}, ${e.value}, ${e.valueInBusinessHours}, ${e.userId}, ${e.inboxId}, ${e.teamId}, ${e.createdAt}, 1)`,
    ),
    sql`, `,
  )
  return [
    db.insert(reportingEvents).values(withBusinessHours),
    rollupStatement(db, sql`values ${rows}`),
  ] as const
}

/**
 * The statements that record the events a SELECT yields (columns account_id, name, value,
 * conversation_id, inbox_id, user_id, team_id, created_at; the business-hours value starts as
 * `value`): for a write whose events depend on
 * rows the same batch reads, such as a conversation before its update.
 */
export function recordReportingEventsFromStatements(db: Db, source: SQL) {
  return [
    batchable(
      db,
      db.run(sql`insert into reporting_events (account_id, name, value, value_in_business_hours, conversation_id, inbox_id, user_id, team_id, created_at)
      select account_id, name, value, value, conversation_id, inbox_id, user_id, team_id, created_at from (${source})`),
    ),
    rollupStatement(
      db,
      sql`select account_id, name, value, value, user_id, inbox_id, team_id, created_at, 1 from (${source})`,
    ),
  ] as const
}

/**
 * A conversation's assignee or team changed: its conversation_created event moves to the new
 * agent and team, so "conversations" per agent and team count the ones they hold now, as
 * Chatwoot's do. A conversation without the event (older than reports) is left alone.
 */
export function reassignConversationCreatedStatements(
  db: Db,
  accountId: number,
  conversationId: number,
  to: { userId: number | null; teamId: number | null },
) {
  const created = sql`from reporting_events where account_id = ${accountId}
    and conversation_id = ${conversationId} and name = 'conversation_created'`
  return [
    rollupStatement(
      db,
      sql`select account_id, name, value, value_in_business_hours, user_id, inbox_id, team_id, created_at, -1 ${created}
      union all
      select account_id, name, value, value_in_business_hours, ${to.userId}, inbox_id, ${to.teamId}, created_at, 1 ${created}`,
    ),
    batchable(
      db,
      db.run(
        sql`update reporting_events set user_id = ${to.userId}, team_id = ${to.teamId}
        where account_id = ${accountId} and conversation_id = ${conversationId}
        and name = 'conversation_created'`,
      ),
    ),
  ] as const
}

/**
 * Rebuilds an account's rollups from its events (for an operator after a repair, and for the
 * benchmark, which writes events in bulk).
 */
export function rebuildRollupsStatements(db: Db, accountId: number) {
  return [
    batchable(db, db.run(sql`delete from report_sums where account_id = ${accountId}`)),
    rollupStatement(
      db,
      sql`select account_id, name, value, value_in_business_hours, user_id, inbox_id, team_id, created_at, 1
      from reporting_events where account_id = ${accountId}`,
    ),
  ] as const
}

/** The timed events whose business-hours value may still need correcting. */
export const TIMED_EVENT_NAMES = ['first_response', 'reply_time', 'conversation_resolved'] as const

/**
 * Of these conversations' timed events, those whose business-hours value is still the plain
 * value as written (nothing corrected it yet) and not 0.
 */
export function uncorrectedTimedEvents(db: Db, accountId: number, conversationIds: number[]) {
  return db
    .select({
      id: reportingEvents.id,
      conversationId: reportingEvents.conversationId,
      value: reportingEvents.value,
      createdAt: reportingEvents.createdAt,
    })
    .from(reportingEvents)
    .where(
      and(
        eq(reportingEvents.accountId, accountId),
        inArray(reportingEvents.conversationId, conversationIds),
        inArray(reportingEvents.name, [...TIMED_EVENT_NAMES]),
        sql`${reportingEvents.value} > 0`,
        sql`${reportingEvents.valueInBusinessHours} = ${reportingEvents.value}`,
      ),
    )
}

/**
 * Sets events' business-hours values (`corrections`: event id → seconds) and moves the rollups'
 * business-hours sums by the difference: each event's old value out (sign −1), its new one in
 * (+1), so counts and plain totals stay. Only an event still uncorrected moves, so a second run
 * of the same corrections (a re-published event) changes nothing.
 */
export function correctBusinessHoursStatements(
  db: Db,
  corrections: { id: number; valueInBusinessHours: number }[],
) {
  const fix = sql.raw(
    corrections
      .map((c) => `(${Math.trunc(c.id)}, ${Math.max(0, Math.trunc(c.valueInBusinessHours))})`)
      .join(', '),
  )
  const pending = sql`from reporting_events e join (values ${fix}) fix on fix.column1 = e.id
    where e.value_in_business_hours = e.value`
  const ids = sql.raw(corrections.map((c) => String(Math.trunc(c.id))).join(', '))
  return [
    rollupStatement(
      db,
      sql`select e.account_id, e.name, e.value, e.value_in_business_hours, e.user_id, e.inbox_id, e.team_id, e.created_at, -1 ${pending}
      union all
      select e.account_id, e.name, e.value, fix.column2, e.user_id, e.inbox_id, e.team_id, e.created_at, 1 ${pending}`,
    ),
    batchable(
      db,
      db.run(sql`update reporting_events set value_in_business_hours =
        (select column2 from (values ${fix}) where column1 = reporting_events.id)
        where id in (${ids}) and value_in_business_hours = value`),
    ),
  ] as const
}
