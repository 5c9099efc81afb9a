/** What one request cost D1: round trips, and rows read where D1 reports them (`meta.rows_read`). */
export type D1Counter = { trips: number; rowsRead?: number }

/** Adds the rows a result says it read (`all` and `run` results carry meta; `first` and `raw` do not). */
function countRows(counter: D1Counter, result: unknown) {
  for (const one of Array.isArray(result) ? result : [result]) {
    const read = (one as { meta?: { rows_read?: unknown } } | null)?.meta?.rows_read
    if (typeof read === 'number') counter.rowsRead = (counter.rowsRead ?? 0) + read
  }
  return result
}

/**
 * Wraps a D1 binding to count round trips: each statement run and each batch is one. Used only
 * by the benchmark's entry (bench/worker), which reports the count per request.
 */
export function countingD1(db: D1Database, counter: D1Counter): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>()
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver)
        if (typeof value !== 'function') return value
        if (prop === 'bind') {
          return (...args: unknown[]) =>
            wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args))
        }
        if (prop === 'all' || prop === 'raw' || prop === 'run' || prop === 'first') {
          return (...args: unknown[]) => {
            counter.trips++
            const result = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
            return result.then((r) => countRows(counter, r))
          }
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
        return (query: string) => wrap(target.prepare(query))
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
