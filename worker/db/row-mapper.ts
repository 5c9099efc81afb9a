import { Column, getTableName, is } from 'drizzle-orm'
import { type Decoder, decoderOf, type SelectedField } from './drizzle-internals'

/** The per-row work of a field list, resolved once: a field's kind costs drizzle `is()` walks. */
type RowPlan = {
  /** The nested object each field goes in (its path without the last part); [] is the row. */
  parents: string[][]
  keys: string[]
  decoders: Decoder[]
  /** The table of a column selected as `{ object: { key: column } }`, for left-join nulling. */
  joinedTables: (string | undefined)[]
}

const plans = new WeakMap<readonly SelectedField[], RowPlan>()

function planOf(fields: readonly SelectedField[]): RowPlan {
  let plan = plans.get(fields)
  if (plan) return plan
  plan = { parents: [], keys: [], decoders: [], joinedTables: [] }
  for (const { path, field } of fields) {
    plan.parents.push(path.slice(0, -1))
    plan.keys.push(path[path.length - 1] as string)
    plan.decoders.push(decoderOf(field))
    plan.joinedTables.push(
      is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
    )
  }
  plans.set(fields, plan)
  return plan
}

/**
 * drizzle's `mapResultRow`, the same result for the same input, with the field analysis done once
 * per field list instead of once per value: on a 50-message read that analysis was most of the
 * mapping's CPU time. `joinsNotNullableMap` nulls a left-joined table whose columns all came
 * back null, exactly as drizzle does.
 */
export function mapRows(
  fields: readonly SelectedField[],
  rows: readonly unknown[][],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): Record<string, unknown>[] {
  const plan = planOf(fields)
  return rows.map((row) => mapRow(plan, row, joinsNotNullableMap))
}

function mapRow(
  plan: RowPlan,
  row: readonly unknown[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
) {
  const result: Record<string, unknown> = {}
  // Per object: the one table all its columns came from while all were null, or false.
  const nullified: Record<string, string | false> | undefined = joinsNotNullableMap ? {} : undefined
  const { parents, keys, decoders, joinedTables } = plan
  for (let i = 0; i < keys.length; i++) {
    let node = result
    for (const part of parents[i] as string[]) {
      if (!(part in node)) node[part] = {}
      node = node[part] as Record<string, unknown>
    }
    const raw = row[i]
    const value = raw === null ? null : (decoders[i] as Decoder).mapFromDriverValue(raw)
    node[keys[i] as string] = value
    const table = joinedTables[i]
    if (nullified && table !== undefined) {
      const objectName = (parents[i] as string[])[0] as string
      const seen = nullified[objectName]
      if (seen === undefined) nullified[objectName] = value === null ? table : false
      else if (seen !== false && seen !== table) nullified[objectName] = false
    }
  }
  if (nullified && joinsNotNullableMap) {
    for (const objectName in nullified) {
      const table = nullified[objectName]
      if (typeof table === 'string' && !joinsNotNullableMap[table]) result[objectName] = null
    }
  }
  return result
}
