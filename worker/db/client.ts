import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { d1Database } from './drizzle-internals'
import { mapRows } from './row-mapper'

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
  /** Rows are mapped by row-mapper.ts; off: by drizzle's own `mapResultRow`. */
  rowMapper: boolean
}
export const ALL_READ_LAYERS: ReadLayers = {
  gate: true,
  templates: true,
  packing: true,
  rowMapper: true,
}

/**
 * A drizzle database over a D1 binding, made per request (the binding is gated per request).
 * This is what `drizzle(d1, { casing: 'snake_case' })` builds, minus a dialect of its own and
 * the relational-query schema, which nothing uses and which cost measurable CPU per request,
 * and with rows mapped by `mapRows` (same result as drizzle, less CPU per row).
 */
export function createDb(d1: D1Database, layers: ReadLayers = ALL_READ_LAYERS) {
  const db = d1Database(d1, dialect, layers.rowMapper ? mapRows : undefined)
  // A template is built by one database and runs on others: the layers that change what a
  // built statement is (its SQL, its row mapping) are part of its key (templates.ts).
  const templateVariant =
    layers.packing && layers.rowMapper
      ? ''
      : `|${layers.packing ? 'packed' : 'unpacked'},${layers.rowMapper ? 'mapRows' : 'drizzle'}`
  return Object.assign(db, { $client: d1, layers, templateVariant })
}

export type Db = ReturnType<typeof createDb>
