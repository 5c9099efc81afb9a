import fc from 'fast-check'
import { hostileValue } from './hostile'

/** A JSON Schema node of the OpenAPI 3.1 document, read loosely. */
// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes are arbitrary JSON
export type JsonSchema = Record<string, any>
export type Components = Record<string, JsonSchema>

const MAX_DEPTH = 4
/** Long enough to cross the limits under test, short enough to keep runs quick. */
const MAX_GENERATED_STRING = 40

export function resolve(schema: JsonSchema | undefined, components: Components): JsonSchema {
  let node = schema ?? {}
  for (let hops = 0; node.$ref && hops < 10; hops++) {
    node = components[String(node.$ref).split('/').pop() ?? ''] ?? {}
  }
  return node
}

/** The object schema's properties and required keys, allOf branches merged. */
export function objectShape(schema: JsonSchema, components: Components) {
  const node = resolve(schema, components)
  const properties: Record<string, JsonSchema> = { ...(node.properties ?? {}) }
  const required = new Set<string>(node.required ?? [])
  for (const part of node.allOf ?? []) {
    const shape = objectShape(part, components)
    Object.assign(properties, shape.properties)
    for (const key of shape.required) required.add(key)
  }
  return { properties, required: [...required] }
}

const safeLabel = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/)

/** Hosts under .invalid never resolve (RFC 6761), so URLs we send are never fetched for real. */
const invalidUrl = fc
  .tuple(safeLabel, fc.array(safeLabel, { maxLength: 2 }))
  .map(([host, path]) => `https://${host}.invalid/${path.join('/')}`)

const emailArb = fc
  .tuple(safeLabel, safeLabel)
  .map(([local, domain]) => `${local}@${domain}.example`)

function stringArb(node: JsonSchema): fc.Arbitrary<string> {
  const minLength = node.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? MAX_GENERATED_STRING, 40))
  if (node.format === 'email') return emailArb
  if (node.format === 'uri' || node.format === 'url') return invalidUrl
  if (node.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString())
  }
  if (node.format === 'uuid') return fc.uuid()
  if (node.pattern) {
    try {
      return fc.stringMatching(new RegExp(node.pattern), { size: 'xsmall' })
    } catch {
      // A pattern JavaScript cannot read: fall through to any string.
    }
  }
  const plain = fc.string({ minLength, maxLength, unit: 'grapheme-ascii' })
  // Trimmed names must still be non-empty: lead with a letter when a minimum is asked for.
  const nonBlank = plain.map((s) => (minLength > 0 ? `n${s}`.slice(0, maxLength) : s))
  const variants = [
    { weight: 4, arbitrary: nonBlank },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  ]
  // At the documented limit, in one- to three-byte characters: what the limit lets through.
  if (node.maxLength !== undefined && node.maxLength <= 20_000) {
    const limit = node.maxLength as number
    variants.push({
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(limit, Math.max(minLength, limit - 1)),
          fc.constantFrom('a', 'é', '€'),
        )
        .map(([length, unit]) => unit.repeat(length)),
    })
  }
  return fc.oneof(...variants)
}

function numberArb(node: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -1000)
  const max =
    node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : 100_000)
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

/**
 * Values the schema accepts, as far as a generator can tell (patterns, formats and bounds
 * followed; cross-field rules are not known here, so some are still refused).
 */
export function validValue(
  schema: JsonSchema | undefined,
  components: Components,
  depth = 0,
): fc.Arbitrary<unknown> {
  const node = resolve(schema, components)
  if (node.const !== undefined) return fc.constant(node.const)
  if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum)
  const branches = node.anyOf ?? node.oneOf
  if (Array.isArray(branches) && branches.length > 0) {
    return fc.oneof(...branches.map((b: JsonSchema) => validValue(b, components, depth)))
  }
  if (node.allOf) return objectValue(node, components, depth)
  if (Array.isArray(node.type)) {
    return fc.oneof(
      ...node.type.map((type: string) => validValue({ ...node, type }, components, depth)),
    )
  }
  switch (node.type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return numberArb(node, true)
    case 'number':
      return numberArb(node, false)
    case 'string':
      return stringArb(node)
    case 'array': {
      if (depth >= MAX_DEPTH) return fc.constant([])
      const maxLength = Math.max(node.minItems ?? 0, Math.min(node.maxItems ?? 4, 4))
      return fc.array(validValue(node.items, components, depth + 1), {
        minLength: node.minItems ?? 0,
        maxLength,
      })
    }
    case 'object':
      return objectValue(node, components, depth)
    default:
      if (node.properties) return objectValue(node, components, depth)
      // An unconstrained value (custom attributes and the like).
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function objectValue(node: JsonSchema, components: Components, depth: number) {
  const { properties, required } = objectShape(node, components)
  const keys = Object.keys(properties)
  if (keys.length === 0) {
    if (depth >= MAX_DEPTH) return fc.constant({})
    return fc.dictionary(safeLabel, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
  }
  const model = Object.fromEntries(
    keys.map((key) => [key, validValue(properties[key], components, depth + 1)]),
  )
  return fc.record(model, { requiredKeys: required })
}

type Mutation = (value: Record<string, unknown>) => unknown

/**
 * Bodies a client might get wrong: a valid one with a required field dropped, an unknown field
 * added, or one field given a hostile value (wrong type, null, huge or odd unicode, deep nesting).
 */
export function invalidObject(schema: JsonSchema | undefined, components: Components) {
  const { properties, required } = objectShape(schema ?? {}, components)
  const keys = Object.keys(properties)
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.tuple(fc.string({ maxLength: 20 }), hostileValue).map(
      ([key, v]): Mutation =>
        (value) => ({ ...value, [key]: v }),
    ),
    ...(required.length > 0
      ? [
          fc.constantFrom(...required).map(
            (key): Mutation =>
              (value) => {
                const { [key]: _dropped, ...rest } = value
                return rest
              },
          ),
        ]
      : []),
    ...(keys.length > 0
      ? [
          fc.tuple(fc.constantFrom(...keys), hostileValue).map(
            ([key, v]): Mutation =>
              (value) => ({ ...value, [key]: v }),
          ),
        ]
      : []),
  )
  return fc
    .tuple(validValue(schema, components), fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([value, mutations]) => {
      const base = value && typeof value === 'object' && !Array.isArray(value) ? value : {}
      return mutations.reduce<unknown>(
        (acc, mutate) => mutate(acc as Record<string, unknown>),
        base as Record<string, unknown>,
      )
    })
}
