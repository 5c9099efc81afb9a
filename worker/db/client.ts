import { DrizzleD1Database, SQLiteD1Session } from 'drizzle-orm/d1'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'

/**
 * One SQL dialect per isolate: it only turns queries into SQL and caches column names, so every
 * request's database shares it instead of rebuilding that cache.
 */
const dialect = new SQLiteAsyncDialect({ casing: 'snake_case' })

/**
 * A drizzle database over a D1 binding, made per request (the binding is gated per request).
 * This is what `drizzle(d1, { casing: 'snake_case' })` builds, minus a dialect of its own and
 * the relational-query schema, which nothing uses and which cost measurable CPU per request.
 */
export function createDb(d1: D1Database) {
  const db = new DrizzleD1Database(
    'async',
    dialect,
    new SQLiteD1Session(d1, dialect, undefined),
    undefined,
  )
  return Object.assign(db, { $client: d1 })
}

export type Db = ReturnType<typeof createDb>
