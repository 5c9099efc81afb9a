import type { Db } from './client'
import { withStatement } from './drizzle-internals'

/**
 * drizzle's D1 `batch` binds a statement's parameters through the prepared `stmt` its query
 * builders carry, which raw `db.run(sql…)` / `db.all(sql…)` statements lack (it throws "reading
 * 'bind'" as soon as one has a parameter). This gives a raw statement that `stmt`, prepared on the
 * same client (so the bench's round-trip counter still sees the batch).
 */
export function batchable<T extends { getQuery(): { sql: string } }>(db: Db, raw: T): T {
  return withStatement(raw, db.$client)
}
