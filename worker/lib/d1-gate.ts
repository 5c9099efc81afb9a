/**
 * A D1 binding that holds back a request's reads until a pending check has passed, and sends
 * that check in the same batch as the first read: a request whose credential is already known
 * to this isolate verifies it again without a round trip of its own.
 *
 * Nothing a handler reads is returned before the check passes, and no write lands unless it
 * passes: a first call that writes carries the check's guard ahead of it in one batch, which the
 * guard rolls back when the check fails (without a guard, the check runs alone first). A first
 * read whose rows could not be told apart in a batch also waits for the check alone. Later calls
 * wait for the check, so concurrent calls cannot overtake it.
 */
export type PendingCheck = {
  statement: D1PreparedStatement
  /** Throws when the row (undefined when none) no longer matches what the request assumed. */
  check: (row: Record<string, unknown> | undefined) => void
  /**
   * The same check as a statement that fails (see `failUnless`) when the row no longer matches:
   * a batch that writes may carry it first, since a statement's failure rolls the whole batch
   * back. Without one, a writing batch waits for the check to run alone.
   */
  guard?: D1PreparedStatement
}

type Row = Record<string, unknown>
type CarriedCheck = PendingCheck & {
  /** The statement sent ahead of the caller's: the lookup for reads, the guard for writes. */
  sent: D1PreparedStatement
  done: (error?: unknown) => void
}

export class D1Gate {
  private pending: PendingCheck | null = null
  private verified: Promise<void> | null = null
  /** The binding whose calls pass through the gate. */
  readonly binding: D1Database

  constructor(private readonly inner: D1Database) {
    this.binding = this.wrap(inner)
  }

  /** A statement on the binding behind the gate, for the check itself. */
  prepareCheck(query: string, params: unknown[]) {
    return this.inner.prepare(query).bind(...params)
  }

  /** The next call through the gated binding carries (or waits for) this check. */
  require(check: PendingCheck) {
    this.pending = check
    this.verified = null
  }

  /**
   * Runs a pending check on its own (for a request that read nothing), or waits for the one
   * already sent; throws what the check threw.
   */
  async settle() {
    await this.beforeCall(null)
  }

  /**
   * Called before every statement or batch. Returns the check to carry in the same batch when
   * the call may carry it; otherwise waits until the check has run on its own.
   */
  private async beforeCall(readSql: string[] | null): Promise<CarriedCheck | null> {
    const pending = this.pending
    if (!pending) {
      await this.verified
      return null
    }
    this.pending = null
    const reads = readSql?.every(isPlainRead) === true
    if (reads || (readSql && pending.guard)) {
      let done!: (error?: unknown) => void
      this.verified = new Promise<void>((resolve, reject) => {
        done = (error) => (error === undefined ? resolve() : reject(error))
      })
      // A caller that never waits on `verified` must not see an unhandled rejection.
      this.verified.catch(() => {})
      const sent = reads ? pending.statement : (pending.guard as D1PreparedStatement)
      return { ...pending, sent, done }
    }
    this.verified = pending.statement.all<Row>().then(({ results }) => pending.check(results[0]))
    await this.verified
    return null
  }

  private wrap(inner: D1Database): D1Database {
    const gate = this
    const sqlOf = new WeakMap<object, string>()
    const innerOf = new WeakMap<object, D1PreparedStatement>()

    const carried = async (check: CarriedCheck, statements: D1PreparedStatement[]) => {
      let results: D1Result<Row>[]
      try {
        results = await inner.batch<Row>([check.sent, ...statements])
      } catch (error) {
        // The batch failed as a whole (the guard, or a statement of the caller's), so the check
        // has no answer yet: it runs alone, and the caller sees its failure first, else the batch's.
        await runAlone(check)
        throw error
      }
      // A guard that let its batch through has passed; a lookup's row is checked here.
      if (check.sent === check.statement) settle(check, results[0]?.results[0])
      else check.done()
      return results.slice(1)
    }

    const wrapStatement = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
      const wrapped: D1PreparedStatement = new Proxy(statement, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver)
          if (typeof value !== 'function') return value
          const call = (...args: unknown[]) =>
            (value as (...a: unknown[]) => unknown).apply(target, args)
          switch (prop) {
            case 'bind':
              return (...args: unknown[]) =>
                wrapStatement(call(...args) as D1PreparedStatement, query)
            case 'all':
              return async () => {
                const check = await gate.beforeCall([query])
                return check ? (await carried(check, [target]))[0] : call()
              }
            case 'first':
              return async (column?: string) => {
                const check = await gate.beforeCall([query])
                if (!check) return call(column)
                const row = (await carried(check, [target]))[0]?.results[0]
                if (row === undefined) return null
                return column === undefined ? row : (row[column] ?? null)
              }
            case 'raw':
              return async (options?: { columnNames?: boolean }) => {
                const check = await gate.beforeCall(
                  options?.columnNames || !hasDistinctColumns(rowsOf(query)) ? null : [query],
                )
                if (!check) return call(options)
                // A batch answers with objects; their values in order are the raw row.
                const rows = (await carried(check, [target]))[0]?.results ?? []
                return rows.map((row) => Object.values(row))
              }
            case 'run':
              return async () => {
                const check = await gate.beforeCall([query])
                return check ? (await carried(check, [target]))[0] : call()
              }
            default:
              return value.bind(target)
          }
        },
      })
      sqlOf.set(wrapped, query)
      innerOf.set(wrapped, statement)
      return wrapped
    }

    return new Proxy(inner, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver)
        if (prop === 'prepare') {
          return (query: string) => wrapStatement(target.prepare(query), query)
        }
        if (prop === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            const unwrapped = statements.map((s) => innerOf.get(s) ?? s)
            const check = await gate.beforeCall(statements.map((s) => sqlOf.get(s) ?? ''))
            return check ? carried(check, unwrapped) : target.batch(unwrapped)
          }
        }
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }
}

async function runAlone(check: CarriedCheck) {
  let row: Row | undefined
  try {
    row = (await check.statement.all<Row>()).results[0]
  } catch (error) {
    check.done(error)
    throw error
  }
  settle(check, row)
}

/** Applies the check to its row and tells whoever waits on it how that went. */
function settle(check: CarriedCheck, row: Row | undefined) {
  try {
    check.check(row)
  } catch (error) {
    check.done(error)
    throw error
  }
  check.done()
}

/**
 * SQL that makes its statement fail, rolling its batch back, unless `condition` holds: a bad
 * JSON path is an error whose message names it, so `isFailedGuard` can tell which guard failed.
 * (SQLite evaluates only the CASE branch taken.)
 */
export const failUnless = (condition: string, name: string) =>
  `${GUARD_SQL.head}${condition}${GUARD_SQL.tail(name)}`

/** The text around a guard's condition, for guards written as drizzle SQL as well. */
export const GUARD_SQL = {
  head: "select json_extract('{}', case when ",
  tail: (name: string) => ` then '$' else '${guardPath(name)}' end)`,
}

/** The JSON path a failing guard named `name` asks for (letters and dashes only). */
const guardPath = (name: string) => `parley:${name}`

/** Whether a batch failed on the guard `failUnless(…, name)` made. */
export function isFailedGuard(error: unknown, name: string) {
  const text = (e: unknown): string => (e instanceof Error ? `${e.message} ${text(e.cause)}` : '')
  return text(error).includes(`'${guardPath(name)}'`)
}

/** A single SELECT: it reads, so it may run in the check's batch (a CTE could hide a write). */
function isPlainRead(query: string) {
  return /^\s*select\s/i.test(query.slice(0, 16))
}

/**
 * The SELECT whose columns a statement's rows have: itself, or for a write, its RETURNING list
 * read as a select list ('' when it returns nothing).
 */
function rowsOf(query: string) {
  if (isPlainRead(query)) return query
  const at = query.toLowerCase().lastIndexOf(' returning ')
  return at < 0 ? '' : `select ${query.slice(at + ' returning '.length)} from returned`
}

/**
 * Whether every column of a SELECT has its own name. Rows from a batch are objects keyed by
 * column name, so a statement with two columns of one name (or a numeric name, which objects
 * reorder) cannot be turned back into its raw rows. Parses the select list of the SQL that
 * drizzle writes; anything it does not recognise counts as not distinct.
 */
export function hasDistinctColumns(query: string) {
  const match = /^\s*select\s+(?:distinct\s+)?/i.exec(query)
  if (!match) return false
  const names: string[] = []
  let depth = 0
  let quote: string | null = null
  let start = match[0].length
  for (let i = start; i < query.length; i++) {
    const ch = query[i] as string
    if (quote) {
      if (ch === quote) quote = null
      continue
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (depth === 0 && (ch === ',' || /^\sfrom\s/i.test(query.slice(i, i + 6)))) {
      names.push(columnName(query.slice(start, i).trim()))
      if (ch !== ',') return distinct(names)
      start = i + 1
    }
  }
  return false
}

/** The name SQLite gives a result column: its alias, its column, or the expression's text. */
function columnName(expression: string) {
  const named = /(?:^|\.|\sas\s)"([^"]+)"$/i.exec(expression)
  return named ? (named[1] as string) : expression
}

function distinct(names: string[]) {
  return (
    names.every((name) => name !== '*' && !name.endsWith('.*') && !/^\d+$/.test(name)) &&
    new Set(names).size === names.length
  )
}
