import { sql } from 'drizzle-orm'
import type { Db } from './client'
import {
  asBatchItem,
  type PreparedQuery,
  placeholderName,
  prepare,
  preparedWith,
} from './drizzle-internals'

/** A named parameter of a template; stands where a value of type T goes. */
export type Param<T> = T & { readonly __param: true }
export const param = <T>(name: string) => sql.placeholder(name) as unknown as Param<T>

const templates = new Map<string, PreparedQuery>()
/** Shapes kept per isolate; filters combine into many, so the oldest go past this. */
const MAX_TEMPLATES = 500

let checkingTemplates = false

/**
 * Tests only (test/worker/setup.ts): every use of a template also builds its query afresh and
 * throws unless the SQL and the parameters' order are the template's. A key that misses one of
 * `build`'s choices then fails where it is used, instead of running another shape's SQL.
 */
export function checkTemplatesAgainstFreshBuilds(on: boolean) {
  checkingTemplates = on
}

/** A built query's parameters with each placeholder replaced by its value in `values`. */
export function bindParams(key: string, params: unknown[], values: Record<string, unknown>) {
  return params.map((p) => {
    const name = placeholderName(p)
    if (name === undefined) return p
    if (!(name in values)) throw new Error(`template ${key}: no value for ${name}`)
    return values[name]
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
  const shapeKey = db.templateVariant ? key + db.templateVariant : key
  // With the templates layer off (the benchmark's measure of it), every use builds afresh.
  let template = db.layers.templates ? templates.get(shapeKey) : undefined
  if (!template) {
    template = prepare(build())
    if (db.layers.templates) {
      if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value ?? '')
      templates.set(shapeKey, template)
    }
  } else if (checkingTemplates) {
    assertSameQuery(shapeKey, template, prepare(build()))
  }
  const { sql: text, params } = template.getQuery()
  // The template keeps its field mapping; this use gets its own statement and values.
  const prepared = preparedWith(template, db.$client.prepare(text), bindParams(key, params, values))
  return asBatchItem<T>(prepared)
}

/** A parameter as the template check compares it: a placeholder by name, a value by itself. */
const paramText = (p: unknown) => {
  const name = placeholderName(p)
  return name === undefined ? JSON.stringify(p) : `:${name}`
}

function assertSameQuery(key: string, template: PreparedQuery, fresh: PreparedQuery) {
  const cached = template.getQuery()
  const built = fresh.getQuery()
  const mismatch =
    cached.sql !== built.sql
      ? `SQL\n  cached: ${cached.sql}\n  built:  ${built.sql}`
      : cached.params.map(paramText).join(',') !== built.params.map(paramText).join(',')
        ? `parameters\n  cached: ${cached.params.map(paramText)}\n  built:  ${built.params.map(paramText)}`
        : undefined
  if (mismatch) {
    throw new Error(`template ${key}: its key misses a choice the build made; the ${mismatch}`)
  }
}
