import type { RouteConfig, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { MAX_UPLOAD_BYTES } from '../lib/files'
import { castFormValues } from '../lib/form-values'
import { FormSyntaxError, parseRailsForm } from '../lib/rails-params'
import { readAtMost } from '../lib/streams'

export const MAX_BODY_BYTES = 1024 * 1024
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i
const FORM_TYPE = 'application/x-www-form-urlencoded'
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Requests this middleware re-made as JSON, with the body and headers they arrived with. */
const arrivedAs = new WeakMap<Request, { headers: Headers; body: Uint8Array | null }>()
/** Of those, the ones whose JSON came from a form: their values are strings still to be cast. */
const fromForm = new WeakSet<Request>()

/**
 * Reads the whole body once, counting bytes as they stream in, so a chunked body with no
 * Content-Length is refused at the limit just like a declared one. Malformed JSON is a 400
 * here, before any handler runs.
 *
 * As in Rails, an empty body (of any type, or none) is no parameters, `{}`, and a urlencoded
 * form is read Rails-style into the object its JSON would be. Both are handed on as a JSON
 * request, so every route validates them with its JSON schema and no route reads forms itself.
 */
export const readBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!METHODS_WITH_BODY.has(c.req.method)) return next()
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  // File uploads (avatars, attachments) may be larger than JSON bodies; each file has its own cap.
  const limit = mediaType === 'multipart/form-data' ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES
  const declared = Number(c.req.header('content-length') ?? Number.NaN)
  if (declared > limit) throw apiError('payload_too_large')
  const bytes = c.req.raw.body ? await readLimited(c.req.raw.body, limit) : new Uint8Array(0)
  if (JSON_TYPE.test(mediaType)) {
    const text = new TextDecoder().decode(bytes)
    if (text.trim() !== '') {
      try {
        JSON.parse(text)
      } catch {
        throw apiError('bad_request', 'Malformed JSON in request body')
      }
    }
    cacheBody(c.req.bodyCache, 'text', text.trim() === '' ? '{}' : text)
  } else if (bytes.byteLength === 0) {
    becomeJson(c, '{}', bytes)
  } else if (mediaType === FORM_TYPE) {
    becomeJson(c, JSON.stringify(formParams(bytes)), bytes)
    fromForm.add(c.req.raw)
  } else {
    // Multipart goes to the routes that take files; anything else is theirs to refuse (415).
    cacheBody(c.req.bodyCache, 'arrayBuffer', bytes.buffer as ArrayBuffer)
  }
  await next()
}

function formParams(bytes: Uint8Array) {
  try {
    return parseRailsForm(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes))
  } catch (error) {
    const reason = error instanceof FormSyntaxError ? error.message : 'invalid UTF-8'
    throw apiError('bad_request', `Malformed form in request body: ${reason}`)
  }
}

/**
 * Makes the request a JSON one carrying `text`: the arriving request's headers cannot change,
 * so it is re-made, and Hono reads the body from its cache.
 */
function becomeJson(c: Context, text: string, arrived: Uint8Array) {
  const original = c.req.raw
  const headers = new Headers(original.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  c.req.raw = new Request(original.url, {
    method: original.method,
    headers,
    body: text,
    signal: original.signal,
  })
  arrivedAs.set(c.req.raw, {
    headers: original.headers,
    body: arrived.byteLength > 0 ? arrived : null,
  })
  cacheBody(c.req.bodyCache, 'text', text)
}

const readLimited = (stream: ReadableStream<Uint8Array>, limit: number) =>
  readAtMost(stream, limit, () => apiError('payload_too_large'))

/**
 * Chatwoot clients send either a flat body or one wrapped in the resource's name
 * (`{"webhook": {...}}`, Rails' wrap_parameters); this merges the wrapped keys over the flat ones.
 */
export function unwrapBody(key: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cached = (c.req.bodyCache as CachedBodies).text
    if (cached) {
      const body = JSON.parse(await cached) as unknown
      const inner = isObject(body) ? body[key] : undefined
      if (isObject(body) && isObject(inner)) {
        const { [key]: _wrapped, ...rest } = body
        cacheBody(c.req.bodyCache, 'text', JSON.stringify({ ...rest, ...inner }))
      }
    }
    await next()
  }
}

/** Casts a form body's strings by the route's JSON schema (see castFormValues); JSON is left be. */
function castFormBody(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cached = (c.req.bodyCache as CachedBodies).text
    if (cached && fromForm.has(c.req.raw)) {
      const body = JSON.parse(await cached) as unknown
      cacheBody(c.req.bodyCache, 'text', JSON.stringify(castFormValues(schema, body)))
    }
    await next()
  }
}

/**
 * The route with form casting as its last middleware (after its own, such as unwrapBody), when
 * it takes a JSON body. Every router adds it (routes/router.ts), so no route casts forms itself.
 */
export function withFormCasting<R extends RouteConfig>(route: R): R {
  const json = route.request?.body?.content?.['application/json']
  const schema = json && 'schema' in json ? json.schema : undefined
  if (!schema || !('_zod' in schema)) return route
  const own = route.middleware ? [route.middleware].flat() : []
  return { ...route, middleware: [...own, castFormBody(schema as z.ZodType)] }
}

// Hono keeps promises of the body in bodyCache (its type names the resolved values).
type CachedBodies = { text?: Promise<string>; arrayBuffer?: Promise<ArrayBuffer> }

function cacheBody<K extends keyof CachedBodies>(
  cache: object,
  key: K,
  value: Awaited<NonNullable<CachedBodies[K]>>,
) {
  ;(cache as CachedBodies)[key] = Promise.resolve(value) as CachedBodies[K]
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A copy of the request to dispatch it once more: as it arrived when this middleware re-made it
 * (so a form is read and cast again the same way), else with the body this middleware read.
 */
export async function replayableRequest(c: Context): Promise<Request> {
  const arrived = arrivedAs.get(c.req.raw)
  if (arrived) {
    return new Request(c.req.raw.url, {
      method: c.req.method,
      headers: arrived.headers,
      body: arrived.body,
    })
  }
  const cached = c.req.bodyCache as CachedBodies
  const body = cached.text
    ? await cached.text
    : cached.arrayBuffer
      ? await cached.arrayBuffer
      : null
  return new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers, body })
}
