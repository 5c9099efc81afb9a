import type { z } from 'zod'

/**
 * A form carries only strings, so Rails casts them by the column they land in: "5" in an integer
 * column is 5, "false" in a boolean one is false, "" in a nullable integer one is nil. This does
 * the same by the route's schema, before it validates: where the schema wants a number, a boolean,
 * a numeric or boolean literal, or null, a string that plainly spells one becomes it. Anything
 * else is left as it came, so the schema refuses it exactly as it would refuse it in JSON. Only
 * bodies that came as forms are cast; JSON is validated as sent.
 */
export function castFormValues(schema: z.ZodType, value: unknown): unknown {
  return cast(schema as unknown as Schema, value)
}

type Schema = { _zod: { def: Def }; safeParse(value: unknown): { success: boolean } }
type Def = {
  type: string
  coerce?: boolean
  innerType?: Schema
  getter?: () => Schema
  in?: Schema
  out?: Schema
  left?: Schema
  right?: Schema
  options?: Schema[]
  shape?: Record<string, Schema>
  catchall?: Schema
  valueType?: Schema
  element?: Schema
  items?: Schema[]
  rest?: Schema | null
  values?: unknown[]
  entries?: Record<string, unknown>
}

const WRAPPERS = new Set([
  'optional',
  'nonoptional',
  'default',
  'prefault',
  'catch',
  'readonly',
  'success',
])
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/
const BOOLEANS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function cast(schema: Schema, value: unknown): unknown {
  const def = schema._zod.def
  if (WRAPPERS.has(def.type) && def.innerType) return cast(def.innerType, value)
  switch (def.type) {
    case 'nullable':
      if (value === '' && def.innerType && !takesText(def.innerType)) return null
      return def.innerType ? cast(def.innerType, value) : value
    case 'lazy':
      return def.getter ? cast(def.getter(), value) : value
    case 'pipe':
      // A preprocess step takes anything: what it must produce is the pipe's output.
      return cast(
        def.in?._zod.def.type === 'transform' ? (def.out as Schema) : (def.in as Schema),
        value,
      )
    case 'intersection':
      return cast(def.right as Schema, cast(def.left as Schema, value))
    case 'union':
      return castToFirstOption(def.options ?? [], value)
    case 'object':
      return isRecord(value) ? castFields(value, (key) => def.shape?.[key] ?? def.catchall) : value
    case 'record':
      return isRecord(value) ? castFields(value, () => def.valueType) : value
    case 'array':
      return Array.isArray(value) && def.element
        ? value.map((item) => cast(def.element as Schema, item))
        : value
    case 'tuple':
      return Array.isArray(value)
        ? value.map((item, i) => {
            const at = def.items?.[i] ?? def.rest
            return at ? cast(at, item) : item
          })
        : value
  }
  return typeof value === 'string' ? castText(def, value) : value
}

/** A scalar schema's value for a form string, or the string when it spells none. */
function castText(def: Def, text: string): unknown {
  switch (def.type) {
    case 'number':
      return NUMBER.test(text) ? Number(text) : text
    case 'boolean':
      return BOOLEANS[text.toLowerCase()] ?? text
    case 'null':
      return text === '' ? null : text
    case 'literal':
      return spelled(def.values ?? [], text)
    case 'enum':
      return spelled(Object.values(def.entries ?? {}), text)
  }
  return text
}

/** The number or boolean among `choices` that `text` spells, else `text`. */
function spelled(choices: unknown[], text: string) {
  if (choices.includes(text)) return text
  const match = choices.find(
    (choice) =>
      (typeof choice === 'number' || typeof choice === 'boolean') && String(choice) === text,
  )
  return match ?? text
}

function castFields(value: Record<string, unknown>, schemaOf: (key: string) => Schema | undefined) {
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    const schema = schemaOf(key)
    out[key] = schema ? cast(schema, field) : field
  }
  return out
}

/** The first option the value, cast for it, satisfies; in order, as zod tries them. */
function castToFirstOption(options: Schema[], value: unknown) {
  for (const option of options) {
    const candidate = cast(option, value)
    if (option.safeParse(candidate).success) return candidate
  }
  return value
}

/** Whether some string is a value of the schema as it is (so "" is text there, not null). */
function takesText(schema: Schema): boolean {
  const def = schema._zod.def
  if (WRAPPERS.has(def.type) || def.type === 'nullable') {
    return def.innerType ? takesText(def.innerType) : true
  }
  switch (def.type) {
    case 'string':
    case 'template_literal':
    case 'any':
    case 'unknown':
    case 'custom':
      return true
    case 'literal':
      return (def.values ?? []).some((v) => typeof v === 'string')
    case 'enum':
      return Object.values(def.entries ?? {}).some((v) => typeof v === 'string')
    case 'union':
      return (def.options ?? []).some(takesText)
    case 'pipe':
      return takesText(
        def.in?._zod.def.type === 'transform' ? (def.out as Schema) : (def.in as Schema),
      )
    case 'lazy':
      return def.getter ? takesText(def.getter()) : true
  }
  return false
}
