import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { apiError } from '../errors'
import { sha256Hex, tokenHashOf } from '../lib/crypto'

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

/**
 * A request signed in with a session (cookie or devise headers) carries no api_access_token for
 * `apiRateLimit` to key on: it is counted per user, from the same budget, once the session is
 * known. Every session of a user shares it, so opening sessions buys no more requests.
 */
export async function limitUser(c: Context<AppEnv>, userId: number) {
  const { success } = await c.env.API_RATE_LIMITER.limit({ key: `user:${userId}` })
  if (!success) {
    throw apiError('rate_limited', undefined, [], {
      'retry-after': String(API_RATE_PERIOD_SECONDS),
    })
  }
}

/** The SIGN_IN_RATE_LIMITER binding's period (wrangler.toml). */
export const SIGN_IN_RATE_PERIOD_SECONDS = 60

/**
 * Sign-in attempts, per client IP and per email (hashed: the limiter holds no address), so
 * neither one address guessing many accounts nor many addresses guessing one account gets far.
 * Counted before the password is checked, successful attempts included.
 */
export async function limitSignIn(c: Context<AppEnv>, email: string) {
  const ip = c.req.header('cf-connecting-ip') || 'unknown'
  const limiter = c.env.SIGN_IN_RATE_LIMITER
  const [byIp, byEmail] = await Promise.all([
    limiter.limit({ key: `ip:${ip}` }),
    limiter.limit({ key: `email:${await sha256Hex(email.toLowerCase())}` }),
  ])
  if (!byIp.success || !byEmail.success) {
    throw apiError('rate_limited', 'Too many sign-in attempts; try again later', [], {
      'retry-after': String(SIGN_IN_RATE_PERIOD_SECONDS),
    })
  }
}
