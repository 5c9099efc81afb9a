import { drizzle } from 'drizzle-orm/d1'

/**
 * A drizzle database over a D1 binding. Made per request (the binding is gated per request), so
 * it is built without the schema: nothing uses the relational query API, and extracting its
 * config from the schema on every request was a measurable share of a request's CPU time.
 */
export function createDb(d1: D1Database) {
  return drizzle(d1, { casing: 'snake_case' })
}

export type Db = ReturnType<typeof createDb>
