import { env } from 'cloudflare:test'
import { shardBindings } from '../../../worker/db/shards'

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

/**
 * The databases by name: the directory and every shard (docs/scaling.md). A count or snapshot
 * covers each of them, the shards' copies of global rows too, since a request must change none.
 */
function databases(): [string, D1Database][] {
  return [
    ['directory', env.DIRECTORY],
    ...shardBindings(env).map((binding, k): [string, D1Database] => [`shard${k}`, binding]),
  ]
}

/** `{ "<db>.<table>": n }` from each database's answer to the same query. */
function prefixed(names: string[], rows: Record<string, unknown>[]) {
  return Object.fromEntries(
    names.flatMap((name, i) =>
      Object.entries(rows[i] ?? {}).map(([table, value]) => [`${name}.${table}`, value]),
    ),
  ) as Record<string, number>
}

let countQuery: string | null = null

async function buildQuery() {
  // Every database has the same migrations, so the same tables: the directory's list serves all.
  const { results } = await env.DIRECTORY.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'",
  ).all<{ name: string }>()
  const tables = results.map((r) => r.name).filter((name) => !BACKGROUND_TABLES.has(name))
  const columns = tables.map((name) => {
    const where = FILTERS[name] ? ` where ${FILTERS[name]}` : ''
    return `(select count(*) from "${name}"${where}) as "${name}"`
  })
  return `select ${columns.join(', ')}`
}

/** Every table's row count on every database (`directory.users`, `shard1.contacts`, …). */
export async function rowCounts(): Promise<Record<string, number>> {
  countQuery ??= await buildQuery()
  const all = databases()
  const rows = await Promise.all(
    all.map(async ([, db]) => (await db.prepare(countQuery as string).first()) ?? {}),
  )
  return prefixed(
    all.map(([name]) => name),
    rows,
  )
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
  const { results } = await env.DIRECTORY.prepare(
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

/**
 * Every table's row count (on every database) and each listed account's own. An account's rows
 * are counted where they can be: on the directory (memberships, bots, its shard and inbox
 * routes) and on every shard (its data on its own, the copies of its global rows on all).
 */
export async function countsOf(accountIds: number[]) {
  countQuery ??= await buildQuery()
  accountCountQuery ??= await buildAccountQuery()
  const all = databases()
  const answers = await Promise.all(
    all.map(([, db]) =>
      db.batch([
        db.prepare(countQuery as string),
        ...accountIds.map((id) => db.prepare(accountCountQuery as string).bind(id)),
      ]),
    ),
  )
  const names = all.map(([name]) => name)
  const first = (result: D1Result | undefined) =>
    (result?.results[0] ?? {}) as Record<string, unknown>
  return {
    all: prefixed(
      names,
      answers.map((results) => first(results[0])),
    ),
    accounts: accountIds.map((_, i) =>
      prefixed(
        names,
        answers.map((results) => first(results[i + 1])),
      ),
    ),
  }
}

/**
 * Every row of one account, its users and their tokens, as text: a refused request may change
 * none of it, not even a column. Each table's text holds its rows on every database (the
 * directory's truth and each shard's data or copies), keyed by the table alone. Events are left
 * out: publishing stamps them in the background.
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
  const rowsOn: Record<string, unknown[]>[] = queries.map(() => ({}))
  for (const [database, db] of databases()) {
    const results = await db.batch(
      queries.map(([, sql, values]) => db.prepare(sql).bind(...values)),
    )
    queries.forEach((_, i) => {
      ;(rowsOn[i] as Record<string, unknown[]>)[database] = results[i]?.results ?? []
    })
  }
  return Object.fromEntries(queries.map(([name], i) => [name, JSON.stringify(rowsOn[i])]))
}

/** The tables whose rows differ between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(before).filter((name) => before[name] !== after[name])
