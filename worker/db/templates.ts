import { is, Placeholder, sql } from 'drizzle-orm'
import type { Db } from './client'

/** What drizzle's D1 batch needs of an item: a prepared query with its SQL, statement and mapper. */
type PreparedQuery = {
  getQuery(): { sql: string; params: unknown[] }
  stmt: D1PreparedStatement
  query: { sql: string; params: unknown[] }
}
type Preparable = { _prepare(): PreparedQuery }

/** A named parameter of a template; stands where a value of type T goes. */
export type Param<T> = T & { readonly __param: true }
export const param = <T>(name: string) => sql.placeholder(name) as unknown as Param<T>

const templates = new Map<string, PreparedQuery>()
/** Shapes kept per isolate; filters combine into many, so the oldest go past this. */
const MAX_TEMPLATES = 500

/** A built query's parameters with each placeholder replaced by its value in `values`. */
export function bindParams(key: string, params: unknown[], values: Record<string, unknown>) {
  return params.map((p) => {
    if (!is(p, Placeholder)) return p
    if (!(p.name in values)) throw new Error(`template ${key}: no value for ${p.name}`)
    return values[p.name]
  })
}

/**
 * A query's values as its template sees them: each present (non-null) value of `keys` becomes a
 * parameter of the same name, and which of them are null is the `shape`, for the template key.
 * Builders branch only on a value's presence, so a shape is one SQL text.
 */
export function parameterised<Q extends Record<string, unknown>>(
  query: Q,
  keys: readonly (keyof Q & string)[],
) {
  const shape: string[] = []
  const withParams: Record<string, unknown> = { ...query }
  const values: Record<string, unknown> = {}
  for (const key of keys) {
    const value = query[key]
    shape.push(value === null ? '-' : '+')
    if (value !== null) {
      withParams[key] = param(key)
      values[key] = value
    }
  }
  return { query: withParams as Q, shape: shape.join(''), values }
}

/**
 * A query of a fixed shape whose SQL is built once per isolate instead of on every request:
 * drizzle spends a large share of a read's CPU time turning query builders into SQL text.
 * `build` makes the query with `param(name)` wherever a value changes between uses; `key` names
 * the shape, so every choice `build` makes must be part of it. The result is only for
 * `db.batch`, where it maps its rows exactly like the query `build` returns.
 */
export function fromTemplate<T extends object>(
  db: Db,
  key: string,
  build: () => T,
  values: Record<string, unknown>,
): T {
  let template = templates.get(key)
  if (!template) {
    // `_prepare` is drizzle's (internal) step from builder to prepared query, as its batch uses.
    template = (build() as unknown as Preparable)._prepare()
    if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value ?? '')
    templates.set(key, template)
  }
  const { sql: text, params } = template.getQuery()
  const bound = bindParams(key, params, values)
  // The template keeps its field mapping; this use gets its own statement and values.
  const prepared: PreparedQuery = Object.create(template)
  prepared.stmt = db.$client.prepare(text)
  prepared.query = { sql: text, params: bound }
  return { _prepare: () => prepared } as unknown as T
}
