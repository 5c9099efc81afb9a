import fc from 'fast-check'
import { hostileRawBody, hostileString, hostileValue } from './hostile'
import type { Operation } from './operations'
import {
  type Components,
  invalidObject,
  type JsonSchema,
  objectShape,
  resolve,
} from './schema-arbitrary'
import type { Side } from './world'

export type Body =
  | { type: 'json'; value: unknown }
  | { type: 'raw'; text: string; contentType?: string }
  | { type: 'form'; fields: [string, string][]; file?: string }

export type BodyContext = {
  components: Components
  /** Valid values whose id fields name seeded records. */
  aimed: (schema: JsonSchema | undefined) => fc.Arbitrary<unknown>
  /** A valid value of one field, as text (query strings and form fields). */
  scalar: (key: string, schema: JsonSchema | undefined) => fc.Arbitrary<string>
  /** The account whose ids a mass-assignment attempt tries to write. */
  foreign: Side
}

type Weighted<T> = { weight: number; arbitrary: fc.Arbitrary<T> }
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>): Weighted<T> => ({ weight, arbitrary })
const json = (value: unknown): Body => ({ type: 'json', value })
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Chatwoot clients wrap bodies in the resource's name: `{"contact": {...}}` for /contacts. */
function resourceKey(path: string) {
  const segment =
    path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .at(-1) ?? ''
  return segment.replace(/(xe)?s$/, (_, xe) => (xe ? 'x' : ''))
}

/** Fields no client may set: ownership, roles, verification, ids, timestamps. */
function massAssignment(foreign: Side) {
  return {
    account_id: foreign.accountId,
    id: foreign.ids.contact,
    user_id: foreign.admin.userId,
    role: 'administrator',
    hmac_verified: true,
    created_at: 0,
    pubsub_token: 'x',
  }
}

/**
 * Bodies for one operation: valid ones (flat and Rails-wrapped), invalid ones (a field dropped,
 * added or given a hostile value), hostile JSON, malformed text, a wrong content type, none,
 * and forms where the operation takes multipart.
 */
export function bodyArbitrary(op: Operation, ctx: BodyContext): fc.Arbitrary<Body | undefined> {
  if (op.method === 'GET') return fc.constant(undefined)
  const none = fc.constant<Body | undefined>(undefined)
  const raw = hostileRawBody.map(
    (text): Body => ({ type: 'raw', text, contentType: 'application/json' }),
  )
  const wrongType = fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', undefined)
    .map((contentType): Body => ({ type: 'raw', text: 'name=x&a=1', contentType }))
  const jsonSchema = op.body?.['application/json']
  if (!jsonSchema) {
    return fc.oneof(w(8, none), w(1, fc.jsonValue({ maxDepth: 2 }).map(json)), w(1, raw))
  }
  const valid = ctx.aimed(jsonSchema)
  const variants: Weighted<Body | undefined>[] = [
    w(8, valid.map(json)),
    w(
      1,
      valid.map((value) => json({ [resourceKey(op.path)]: value })),
    ),
    w(
      1,
      valid.map((value) =>
        json({ ...(isObject(value) ? value : {}), ...massAssignment(ctx.foreign) }),
      ),
    ),
    w(4, invalidObject(jsonSchema, ctx.components).map(json)),
    w(1, hostileValue.map(json)),
    w(1, raw),
    w(1, wrongType),
    w(1, none),
  ]
  const formSchema = op.body?.['multipart/form-data']
  if (formSchema) variants.push(w(2, formArbitrary(formSchema, ctx)))
  return fc.oneof(...variants)
}

function formArbitrary(schema: JsonSchema, ctx: BodyContext): fc.Arbitrary<Body> {
  const { properties } = objectShape(schema, ctx.components)
  const fileFields = Object.keys(properties).filter((k) => {
    const node = resolve(properties[k], ctx.components)
    return node.format === 'binary' || node.items?.format === 'binary'
  })
  const textFields = Object.keys(properties).filter((k) => !fileFields.includes(k))
  const field = (key: string) =>
    fc
      .oneof(w(3, ctx.scalar(key, properties[key])), w(1, hostileString))
      .map((v): [string, string] => [key, v])
  return fc
    .tuple(
      textFields.length > 0 ? fc.subarray(textFields) : fc.constant([] as string[]),
      fc.option(fc.constantFrom(...(fileFields.length > 0 ? fileFields : ['file'])), {
        nil: undefined,
      }),
    )
    .chain(([keys, file]) =>
      fc.tuple(...keys.map(field)).map((fields): Body => ({ type: 'form', fields, file })),
    )
}
