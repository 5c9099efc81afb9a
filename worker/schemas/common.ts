import { z } from '@hono/zod-openapi'
import { parseCursor, parseId } from '../lib/ids'
import { containsPattern } from '../lib/like'
import * as examples from './examples/common'

/** What a path or query id that is not canonical fails with; the router answers it with a 404. */
export const NON_CANONICAL_ID = 'is not an id (canonical decimal: 1, 2, 3…)'

/**
 * A string (path, query, form) must be canonical decimal (`lib/ids.ts`); JSON numbers are taken
 * as they are. Anything else fails before coercion could read `0x2` or `02` as 2.
 */
const idFrom =
  (parse: (text: string) => number | null) => (value: unknown, ctx: z.RefinementCtx) => {
    if (typeof value !== 'string') return value
    const id = parse(value)
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: NON_CANONICAL_ID, params: { nonCanonicalId: true } })
      return z.NEVER
    }
    return id
  }

export const IdSchema = z.preprocess(
  idFrom(parseId),
  z.int().positive().max(Number.MAX_SAFE_INTEGER),
)

/** A replay or page cursor: an id, or 0 for "from the start". */
export const CursorSchema = z.preprocess(
  idFrom(parseCursor),
  z.int().nonnegative().max(Number.MAX_SAFE_INTEGER),
)

export const AccountIdParamsSchema = z.object({
  account_id: IdSchema.openapi({ param: { name: 'account_id', in: 'path' }, example: 1 }),
})

export const IdParamsSchema = z.object({
  id: IdSchema.openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
})

export const AccountAndIdParamsSchema = AccountIdParamsSchema.extend(IdParamsSchema.shape)

/** Free-form JSON stays small and shallow: deep or huge values exhaust the stack downstream. */
export const MAX_ATTRIBUTE_KEYS = 100
export const MAX_JSON_MEMBERS = 1000
export const MAX_JSON_DEPTH = 10

/** Whether `value` nests at most `MAX_JSON_DEPTH` deep and has at most `MAX_JSON_MEMBERS` members. */
export function isSmallJson(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  let members = 0
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number]
    if (node === null || typeof node !== 'object') continue
    if (depth >= MAX_JSON_DEPTH) return false
    const children = Object.values(node)
    members += children.length
    if (members > MAX_JSON_MEMBERS) return false
    for (const child of children) stack.push([child, depth + 1])
  }
  return true
}

/** A JSON object of free-form attributes (custom_attributes, additional_attributes, …). */
export const AttributesSchema = z
  .record(z.string().max(255), z.unknown())
  .refine((value) => Object.keys(value).length <= MAX_ATTRIBUTE_KEYS, {
    message: `must have at most ${MAX_ATTRIBUTE_KEYS} keys`,
  })
  .refine(isSmallJson, {
    message: `must nest at most ${MAX_JSON_DEPTH} deep and hold at most ${MAX_JSON_MEMBERS} values`,
  })

/**
 * Text searched with LIKE. D1 refuses LIKE patterns over 50 bytes, and the pattern is the text
 * escaped and wrapped in `%`, so the text is bounded by its escaped UTF-8 size, not its length.
 */
export const MAX_LIKE_PATTERN_BYTES = 50
export const SearchTextSchema = z
  .string()
  .max(255)
  .refine(
    (text) => new TextEncoder().encode(containsPattern(text)).byteLength <= MAX_LIKE_PATTERN_BYTES,
    { message: `is too long to search (at most ${MAX_LIKE_PATTERN_BYTES - 2} bytes)` },
  )

export const NameSchema = z.string().trim().min(1).max(255)
export const EmailSchema = z
  .string()
  .trim()
  .max(255)
  .email()
  .transform((e) => e.toLowerCase())
export const TextSchema = z.string().max(20_000)

/** `api_access_token` header, documented on every authenticated operation. */
export const tokenSecurity = [{ api_access_token: [] }]
/**
 * No credential header: the public client API's capability is the inbox identifier and the
 * contact's source_id in the path (and the pubsub_token in a socket's first frame); health and
 * file downloads are open.
 */
export const noCredentials: { [scheme: string]: string[] }[] = []

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    required: true,
    description,
    content: { 'application/json': { schema } },
  } as const
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const
}

export const EmptySchema = z.object({}).openapi('Empty', { example: examples.EmptyExample })

/**
 * A named schema or null. `.nullable()` on a named schema renders as `allOf: [$ref, {type:
 * [object, null]}]`, which no null satisfies (the $ref requires an object) and which generated
 * clients type as an impossible intersection; this renders `anyOf: [$ref, {type: null}]`.
 */
export const nullableRef = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()])
