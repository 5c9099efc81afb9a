import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { d1Database } from './drizzle-internals'

/**
 * One SQL dialect per isolate: it only turns queries into SQL and caches column names, so every
 * request's database shares it instead of rebuilding that cache.
 */
const dialect = new SQLiteAsyncDialect({ casing: 'snake_case' })

/**
 * The layers of the read path, each of which can be turned off to measure what it earns. Only
 * the benchmark's entry (bench/worker, `npm run bench -- layers`) turns any off; production's
 * app and the tests run with all of them.
 */
export type ReadLayers = {
  /** The token lookup rides in the first read's batch (lib/d1-gate.ts); off: it runs first. */
  gate: boolean
  /** Hot statements' SQL is built once per shape (templates.ts); off: on every use. */
  templates: boolean
  /** Joined rows travel as one JSON value (columns.ts); off: column by column. */
  packing: boolean
}
export const ALL_READ_LAYERS: ReadLayers = { gate: true, templates: true, packing: true }

/**
 * A drizzle database over a D1 binding, made per request (the binding is gated per request).
 * This is what `drizzle(d1, { casing: 'snake_case' })` builds, minus a dialect of its own and
 * the relational-query schema, which nothing uses and which cost measurable CPU per request.
 */
export function createDb(d1: D1Database, layers: ReadLayers = ALL_READ_LAYERS) {
  // A template is built by one database and runs on others: a layer that changes what a built
  // statement is (its SQL) is part of its key (templates.ts).
  const templateVariant = layers.packing ? '' : '|unpacked'
  return Object.assign(d1Database(d1, dialect), { $client: d1, layers, templateVariant })
}

export type Db = ReturnType<typeof createDb>
