import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { MAX_UPLOAD_BYTES } from '../lib/files'

export const MAX_BODY_BYTES = 1024 * 1024
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Reads the whole body once, counting bytes as they stream in, so a chunked body with no
 * Content-Length is refused at the limit just like a declared one. Malformed JSON is a 400
 * here, before any handler runs.
 */
export const readBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!METHODS_WITH_BODY.has(c.req.method) || !c.req.raw.body) return next()
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  // File uploads (avatars, attachments) may be larger than JSON bodies; each file has its own cap.
  const limit = mediaType === 'multipart/form-data' ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES
  const declared = Number(c.req.header('content-length') ?? Number.NaN)
  if (declared > limit) throw apiError('payload_too_large')
  const bytes = await readLimited(c.req.raw.body, limit)
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
  } else if (bytes.byteLength > 0) {
    cacheBody(c.req.bodyCache, 'arrayBuffer', bytes.buffer)
  }
  await next()
}

async function readLimited(stream: ReadableStream<Uint8Array>, limit: number) {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel()
      throw apiError('payload_too_large')
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

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

/** A copy of the request with the body this middleware read, to dispatch it once more. */
export async function replayableRequest(c: Context): Promise<Request> {
  const cached = c.req.bodyCache as CachedBodies
  const body = cached.text
    ? await cached.text
    : cached.arrayBuffer
      ? await cached.arrayBuffer
      : null
  return new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers, body })
}
