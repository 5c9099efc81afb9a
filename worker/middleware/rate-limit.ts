import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { tokenHashOf } from '../lib/crypto'

/** The API_RATE_LIMITER binding's period (wrangler.toml); a refused caller waits at most this. */
export const API_RATE_PERIOD_SECONDS = 60

/**
 * Per token on the application and platform APIs: each presented `api_access_token` has its own
 * budget, keyed by its SHA-256 so the limiter never holds a usable credential. It runs before
 * authentication, so guessing at one token is throttled as much as using it. A request without
 * the header is left to the auth middleware (401) or to a live socket's first-frame auth.
 */
export const apiRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.header('api_access_token')?.trim()
  if (!token) return next()
  const { success } = await c.env.API_RATE_LIMITER.limit({
    key: `token:${await tokenHashOf(token)}`,
  })
  if (!success) {
    throw apiError('rate_limited', undefined, [], {
      'retry-after': String(API_RATE_PERIOD_SECONDS),
    })
  }
  await next()
}
