/**
 * Wraps a D1 binding to count round trips: each statement run and each batch is one. Used only
 * by the benchmark's entry (bench/worker), which reports the count per request.
 */
export function countingD1(db: D1Database, counter: { trips: number }): D1Database {
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
            return (value as (...a: unknown[]) => unknown).apply(target, args)
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
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          counter.trips++
          return target.batch(statements.map((s) => originals.get(s) ?? s))
        }
      }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
