import fc from 'fast-check'
import { type Body, bodyArbitrary } from './bodies'
import type { CredentialName } from './credentials'
import { hostileNumber, hostileString, respelledId } from './hostile'
import {
  isPlatform,
  kindOf,
  type OpenApiDocument,
  type Operation,
  type Parameter,
} from './operations'
import {
  type Components,
  type JsonSchema,
  objectShape,
  resolve,
  validValue,
} from './schema-arbitrary'
import { type FuzzWorld, ID_KINDS, type IdKind, type KeyKind } from './world'

export type RequestPlan = {
  credential: CredentialName
  params: Record<string, string>
  query: [string, string][]
  body?: Body
}

type Weighted<T> = { weight: number; arbitrary: fc.Arbitrary<T> }
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>): Weighted<T> => ({ weight, arbitrary })

const isIdKind = (kind: string | undefined): kind is IdKind => ID_KINDS.includes(kind as IdKind)

/**
 * Path segments that are not ids: signs, fractions, overflow, odd unicode, text. No small
 * positive integers: those are real ids of the seeded records, which a delete would consume.
 */
const garbageSegment: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -3, max: 0 }).map(String),
  fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }).map(String),
  hostileNumber.map(String),
  fc.constantFrom(
    'abc',
    '1.5',
    '1e3',
    ' 1000000001',
    '0x3B9ACA01',
    '-0',
    '9007199254740993',
    '9'.repeat(400),
    '1;select 1',
    '%',
    '\u202E1',
    '١٢',
    'null',
  ),
  fc
    .string({ minLength: 1, maxLength: 12, unit: 'grapheme' })
    .filter((s) => !/^\s*\d{1,6}\s*$/.test(s)),
)

/**
 * Destructive calls (deletes, token rotation) aim at the spares, so the primaries every other
 * operation reads stay in place for the whole run.
 */
export const isDestructive = (op: Operation) => op.method === 'DELETE' || op.path.endsWith('/token')

export class RequestGenerator {
  private readonly components: Components

  constructor(
    doc: OpenApiDocument,
    private readonly world: FuzzWorld,
  ) {
    this.components = doc.components.schemas
  }

  /**
   * One id of `kind`: mostly account A's, sometimes B's (a foreign id). A destructive call gets
   * only spares, of either side.
   */
  idArbitrary(kind: IdKind, destructive: boolean): fc.Arbitrary<number> {
    const { a, b } = this.world
    if (destructive)
      return fc.oneof(w(6, fc.constant(a.spares[kind])), w(2, fc.constant(b.spares[kind])))
    return fc.oneof(
      w(6, fc.constant(a.ids[kind])),
      w(2, fc.constantFrom(b.ids[kind], b.spares[kind])),
      w(1, fc.constant(a.spares[kind])),
    )
  }

  private keyArbitrary(kind: KeyKind): fc.Arbitrary<string> {
    return fc.oneof(
      w(6, fc.constant(this.world.a.keys[kind])),
      w(2, fc.constant(this.world.b.keys[kind])),
      w(2, garbageSegment),
    )
  }

  credential(op: Operation): fc.Arbitrary<CredentialName> {
    if (!op.authenticated)
      return fc.constantFrom<CredentialName>('none', 'none', 'adminA', 'unknown')
    if (isPlatform(op)) {
      return fc.oneof(
        w(6, fc.constant<CredentialName>('platformA')),
        w(2, fc.constant<CredentialName>('platformB')),
        w(1, fc.constantFrom<CredentialName>('root', 'adminA', 'unknown', 'malformed', 'none')),
      )
    }
    return fc.oneof(
      w(9, fc.constant<CredentialName>('adminA')),
      w(3, fc.constant<CredentialName>('agentA')),
      w(1, fc.constant<CredentialName>('botA')),
      w(2, fc.constantFrom<CredentialName>('adminB', 'agentB', 'botB')),
      w(1, fc.constantFrom<CredentialName>('platformA', 'root', 'unknown', 'malformed', 'none')),
    )
  }

  private pathParam(op: Operation, param: Parameter, last: boolean): fc.Arbitrary<string> {
    const kind = kindOf(param.name, op.path)
    let aimed: fc.Arbitrary<string>
    if (isIdKind(kind)) {
      // An application route's account is the caller's own, never a spare it is not a member of.
      const spare = last && isDestructive(op) && (kind !== 'account' || isPlatform(op))
      const id = this.idArbitrary(kind, spare)
      // A real id spelled otherwise (0x2, +2, 02…): it must name nothing, never the record.
      aimed = fc.oneof(w(8, id.map(String)), w(2, id.chain(respelledId)))
    } else if (kind) {
      aimed = this.keyArbitrary(kind)
    } else {
      aimed = validValue(param.schema, this.components).map(String)
    }
    return fc.oneof(w(9, aimed), w(1, garbageSegment))
  }

  params(op: Operation): fc.Arbitrary<Record<string, string>> {
    const inPath = op.parameters.filter((p) => p.in === 'path')
    const model: Record<string, fc.Arbitrary<string>> = {}
    inPath.forEach((p, i) => {
      model[p.name] = this.pathParam(op, p, i === inPath.length - 1)
    })
    return fc.record(model)
  }

  private queryValue(param: Parameter): fc.Arbitrary<string[]> {
    const kind = kindOf(param.name.replace(/\[\]$/, ''))
    const schema = resolve(param.schema, this.components)
    let valid: fc.Arbitrary<string[]>
    if (isIdKind(kind)) {
      const id = this.idArbitrary(kind, false)
      valid = fc.oneof(w(4, id.map(String)), w(1, id.chain(respelledId))).map((v) => [v])
    } else if (schema.type === 'array') {
      valid = fc.array(this.scalar(param.name, schema.items), { minLength: 1, maxLength: 3 })
    } else valid = this.scalar(param.name, schema).map((v) => [v])
    return fc.oneof(
      w(6, valid),
      w(
        3,
        hostileString.map((s) => [s]),
      ),
      w(1, fc.array(hostileString, { minLength: 2, maxLength: 3 })),
    )
  }

  scalar(name: string, schema: JsonSchema | undefined): fc.Arbitrary<string> {
    if (name.startsWith('labels')) {
      // Never B's title: A may create a label of any name, and B's markers must stay B's own.
      return fc.constantFrom(this.world.a.labelTitle, 'no-such-label', 'fresh-label')
    }
    return validValue(schema, this.components).map((v) =>
      typeof v === 'string' ? v : JSON.stringify(v),
    )
  }

  query(op: Operation): fc.Arbitrary<[string, string][]> {
    const inQuery = op.parameters.filter((p) => p.in === 'query')
    const each = inQuery.map((p) =>
      fc.option(
        this.queryValue(p).map((values) => values.map((v): [string, string] => [p.name, v])),
        { nil: [] as [string, string][], freq: 2 },
      ),
    )
    const extra = fc.option(
      fc
        .tuple(fc.string({ maxLength: 10 }), hostileString)
        .map(([k, v]): [string, string][] => [[k, v]]),
      { nil: [] as [string, string][], freq: 4 },
    )
    return fc.tuple(...each, extra).map((lists) => lists.flat())
  }

  /** Body fields that name records get ids of those records (A's, B's, spares), not noise. */
  aimedValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
    const { properties } = objectShape(schema ?? {}, this.components)
    const overrides: Record<string, fc.Arbitrary<unknown>> = {}
    for (const [key, prop] of Object.entries(properties)) {
      const kind = kindOf(key)
      const node = resolve(prop, this.components)
      if (isIdKind(kind)) {
        const id = this.idArbitrary(kind, false)
        overrides[key] = node.type === 'array' ? fc.array(id, { maxLength: 3 }) : id
      } else if (key === 'labels') {
        overrides[key] = fc.array(this.scalar('labels', undefined), { maxLength: 3 })
      }
    }
    const base = validValue(schema, this.components)
    if (Object.keys(overrides).length === 0) return base
    return fc
      .tuple(base, fc.record(overrides, { requiredKeys: [] }))
      .map(([value, aimed]) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(
              Object.entries(value).map(([k, v]) => [k, k in aimed ? aimed[k] : v]),
            )
          : value,
      )
  }

  plan(op: Operation): fc.Arbitrary<RequestPlan> {
    return fc.record({
      credential: this.credential(op),
      params: this.params(op),
      query: this.query(op),
      body: bodyArbitrary(op, {
        components: this.components,
        aimed: (schema) => this.aimedValue(schema),
        scalar: (key, schema) => this.scalar(key, schema),
        foreign: this.world.b,
      }),
    })
  }
}
