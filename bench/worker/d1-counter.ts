import { hasDistinctColumns } from '../../worker/lib/d1-gate'

/**
 * What one request cost D1: round trips, and rows read (`meta.rows_read`) by every statement it
 * ran. `unmeasured` counts statements whose rows could not be read without running them twice
 * (a write through `raw` whose columns share a name): a measure that claims to be complete
 * asserts it is 0.
 */
export type D1Counter = {
  trips: number
  rowsRead?: number
  unmeasured?: number
  /** Milliseconds D1 says its statements took (`meta.duration`): the database's time, not the Worker's. */
  durationMs?: number
}

/** Adds the rows a result says it read (`all`, `run` and batch results carry meta). */
function countRows(counter: D1Counter, result: unknown) {
  for (const one of Array.isArray(result) ? result : [result]) {
    const meta = (one as { meta?: { rows_read?: unknown; duration?: unknown } } | null)?.meta
    if (typeof meta?.rows_read === 'number')
      counter.rowsRead = (counter.rowsRead ?? 0) + meta.rows_read
    if (typeof meta?.duration === 'number')
      counter.durationMs = (counter.durationMs ?? 0) + meta.duration
  }
  return result
}

type Row = Record<string, unknown>

/** A single SELECT (or WITH … SELECT) reads only, so running it a second time changes nothing. */
const isRead = (query: string) =>
  /^\s*(select|with)\s/i.test(query) && !/\sreturning\s/i.test(query)

/**
 * D1 reports `meta.rows_read` only for `all`, `run` and batches; `first` and `raw` (drizzle's
 * select builder uses `raw`) drop it. So `first` runs as `all` and takes its first row, and
 * `raw` runs as `all` and turns its objects back into arrays when that is exact (every column
 * has its own name, as the production gate also relies on, worker/lib/d1-gate.ts). Otherwise a
 * read runs twice, `raw` for the answer and `all` for the count; a write is counted unmeasured.
 */
function countedCall(
  counter: D1Counter,
  statement: D1PreparedStatement,
  query: string,
  method: 'all' | 'run' | 'first' | 'raw',
  args: unknown[],
): Promise<unknown> {
  counter.trips++
  if (method === 'all' || method === 'run') {
    return statement[method]().then((result) => countRows(counter, result))
  }
  if (method === 'first') {
    const column = args[0] as string | undefined
    return statement.all<Row>().then((result) => {
      countRows(counter, result)
      const row = result.results[0]
      if (row === undefined) return null
      if (column === undefined) return row
      if (!Object.hasOwn(row, column))
        throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`)
      return row[column]
    })
  }
  const options = args[0] as { columnNames?: boolean } | undefined
  if (!options?.columnNames && isRead(query) && hasDistinctColumns(query)) {
    return statement.all<Row>().then((result) => {
      countRows(counter, result)
      return result.results.map((row) => Object.values(row))
    })
  }
  if (isRead(query)) {
    return statement.raw(options as { columnNames: true }).then(async (rows) => {
      countRows(counter, await statement.all())
      return rows
    })
  }
  counter.unmeasured = (counter.unmeasured ?? 0) + 1
  return statement.raw(options as { columnNames: true })
}

/**
 * Wraps a D1 binding to count round trips (each statement run and each batch is one) and the
 * rows each read. Used only by the benchmark's entry (bench/worker), which reports the counts
 * per request, and by tests that hold reads to a rows-read budget; never by production.
 */
export function countingD1(db: D1Database, counter: D1Counter): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>()
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver)
        if (typeof value !== 'function') return value
        if (prop === 'bind') {
          return (...args: unknown[]) =>
            wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), query)
        }
        if (prop === 'all' || prop === 'raw' || prop === 'run' || prop === 'first') {
          return (...args: unknown[]) => countedCall(counter, target, query, prop, args)
        }
        return value.bind(target)
      },
    })
    originals.set(wrapped, statement)
    return wrapped
  }
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      if (prop === 'prepare') {
        return (query: string) => wrap(target.prepare(query), query)
      }
      // A request's D1 session (worker/db/read-replicas.ts) counts as its database does.
      if (prop === 'withSession') {
        return (...args: unknown[]) =>
          countingD1((value as (...a: unknown[]) => D1Database).apply(target, args), counter)
      }
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          counter.trips++
          const batch = target.batch(statements.map((s) => originals.get(s) ?? s))
          return batch.then((results) => countRows(counter, results))
        }
      }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
