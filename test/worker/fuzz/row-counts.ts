import { env } from 'cloudflare:test'

/**
 * Rows written by background work rather than by the request being judged: the queue consumer
 * records webhook deliveries of earlier events at any moment, and a stage's time-limit alarm
 * (a Durable Object) writes its alert message and event. Those rows are left out of the count.
 */
const BACKGROUND_TABLES = new Set(['webhook_deliveries'])
// D1 refuses LIKE patterns over 50 bytes.
const STAGE_ALERT_MESSAGE = "content like 'Conversation has been in stage %'"
const STAGE_ALERT_EVENT = "changed_attributes like '%stage_time_limit_exceeded%'"
const FILTERS: Record<string, string> = {
  messages: `not coalesce(${STAGE_ALERT_MESSAGE}, 0)`,
  events: `not coalesce(${STAGE_ALERT_EVENT}, 0)`,
}

let countQuery: string | null = null

async function buildQuery() {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'",
  ).all<{ name: string }>()
  const tables = results.map((r) => r.name).filter((name) => !BACKGROUND_TABLES.has(name))
  const columns = tables.map((name) => {
    const where = FILTERS[name] ? ` where ${FILTERS[name]}` : ''
    return `(select count(*) from "${name}"${where}) as "${name}"`
  })
  return `select ${columns.join(', ')}`
}

/** Every table's row count, in one round trip. */
export async function rowCounts(): Promise<Record<string, number>> {
  countQuery ??= await buildQuery()
  return (await env.DB.prepare(countQuery).first<Record<string, number>>()) ?? {}
}

/** The tables whose counts differ, with before → after. */
export function changedCounts(before: Record<string, number>, after: Record<string, number>) {
  return Object.keys({ ...before, ...after })
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`)
}

let accountTables: string[] | null = null

/** Tables with an account_id column, but the ones background work writes at any moment. */
async function tablesOfAccounts() {
  // D1 does not allow pragma functions: read the columns off each table's CREATE statement.
  const { results } = await env.DB.prepare(
    "select name, sql from sqlite_master where type = 'table'",
  ).all<{ name: string; sql: string }>()
  accountTables ??= results
    .filter((r) => /[`"]account_id[`"]/.test(r.sql ?? ''))
    .map((r) => r.name)
    .filter((name) => !BACKGROUND_TABLES.has(name) && name !== 'events')
  return accountTables
}

let accountCountQuery: string | null = null

async function buildAccountQuery() {
  const columns = (await tablesOfAccounts()).map((name) => {
    const filter = FILTERS[name] ? ` and ${FILTERS[name]}` : ''
    return `(select count(*) from "${name}" where account_id = ?1${filter}) as "${name}"`
  })
  return `select ${columns.join(', ')}`
}

/** Every table's row count and each listed account's own, in one round trip. */
export async function countsOf(accountIds: number[]) {
  countQuery ??= await buildQuery()
  accountCountQuery ??= await buildAccountQuery()
  const results = await env.DB.batch([
    env.DB.prepare(countQuery),
    ...accountIds.map((id) => env.DB.prepare(accountCountQuery as string).bind(id)),
  ])
  const [all = {}, ...accounts] = results.map((r) => (r.results[0] ?? {}) as Record<string, number>)
  return { all, accounts }
}

/**
 * Every row of one account, its users and their tokens, as text: a refused request may change
 * none of it, not even a column. Events are left out: publishing stamps them in the background.
 */
export async function accountSnapshot(accountId: number, userIds: number[]) {
  const ids = userIds.map(() => '?').join(', ')
  const queries: [string, string, number[]][] = [
    ...(await tablesOfAccounts()).map((name): [string, string, number[]] => [
      name,
      `select * from "${name}" where account_id = ? order by rowid`,
      [accountId],
    ]),
    ['accounts', 'select * from accounts where id = ?', [accountId]],
    ['users', `select * from users where id in (${ids}) order by id`, userIds],
    [
      'access_tokens',
      `select * from access_tokens where owner_type = 'user' and owner_id in (${ids}) order by id`,
      userIds,
    ],
  ]
  const results = await env.DB.batch(
    queries.map(([, sql, values]) => env.DB.prepare(sql).bind(...values)),
  )
  return Object.fromEntries(
    queries.map(([name], i) => [name, JSON.stringify(results[i]?.results ?? [])]),
  )
}

/** The tables whose rows differ between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(before).filter((name) => before[name] !== after[name])
