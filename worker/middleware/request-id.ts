import type { Context } from 'hono'

/**
 * Every request's id: in the `x-request-id` header of every response (bar a WebSocket's 101), in
 * every error envelope as `request_id`, and in the request's log lines as `request_id`, so a
 * bug report quoting it points at one log line.
 *
 * It is Cloudflare's `cf-ray` when present (Workers Logs file each invocation under it too), or
 * a random UUID (`wrangler dev`, tests). A client's own `x-request-id` is not taken: an id the
 * client picks could be sent with many requests, and then it would no longer name one log line.
 */
export const REQUEST_ID_HEADER = 'x-request-id'

/**
 * cf-ray as Cloudflare sets it looks like `8f1e2d3c4b5a6978-CDG`. Behind `wrangler dev` a client
 * can send its own, so anything else is never echoed into headers, bodies or logs.
 */
const WELL_FORMED_RAY = /^[0-9A-Za-z-]{1,64}$/

/** Requests sent through the app again (see middleware/token-owner.ts) keep their first id. */
const carriedIds = new WeakMap<Request, string>()

/** The id for a request arriving at the app. */
export function requestIdFor(request: Request): string {
  const carried = carriedIds.get(request)
  if (carried) return carried
  const ray = request.headers.get('cf-ray')
  return ray && WELL_FORMED_RAY.test(ray) ? ray : crypto.randomUUID()
}

/** Marks `request`, about to be answered by the app again, with the id of the one it replays. */
export function carryRequestId(request: Request, id: string): Request {
  carriedIds.set(request, id)
  return request
}

/** The request's id; set here when the app's first middleware did not run (bare test apps). */
export function requestIdOf(c: Context): string {
  const id: string | undefined = c.get('requestId')
  if (id) return id
  const fresh = requestIdFor(c.req.raw)
  c.set('requestId', fresh)
  return fresh
}

/**
 * Puts the id (and any `more` headers) on the finished response, copying it first if its
 * headers are immutable.
 */
export function stampRequestId(c: Context, id: string, more: Record<string, string> = {}) {
  // A WebSocket upgrade's 101 comes from a Durable Object and cannot take headers.
  if (c.res.status === 101) return
  const headers = { [REQUEST_ID_HEADER]: id, ...more }
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  } catch {
    // A response passed through from a fetch (a Durable Object's) has immutable headers.
    const copy = new Response(c.res.body, c.res)
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value)
    // Hono merges the old response's headers into a new one unless it is cleared first.
    c.res = undefined
    c.res = copy
  }
}
