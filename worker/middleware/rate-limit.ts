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

/** The sign-in limiters' period (wrangler.toml); a refused caller waits at most this. */
export const SIGN_IN_RATE_PERIOD_SECONDS = 60

const tooManySignIns = () =>
  apiError('rate_limited', 'Too many sign-in attempts; try again later', [], {
    'retry-after': String(SIGN_IN_RATE_PERIOD_SECONDS),
  })

/**
 * The two budgets of a sign-in: its client address's (SIGN_IN_RATE_LIMITER), and that address's
 * at this email (SIGN_IN_EMAIL_RATE_LIMITER, keyed by a hash: the limiter holds no email). Never
 * the email's alone: anyone could then keep its user out by failing at it from elsewhere, where
 * now a user signing in from its own address is held back by that address's attempts only.
 */
async function signInBudgets(c: Context<AppEnv>, email: string) {
  const ip = c.req.header('cf-connecting-ip') || 'unknown'
  const pair = await sha256Hex(`${ip}\n${email.toLowerCase()}`)
  return [
    () => c.env.SIGN_IN_RATE_LIMITER.limit({ key: `ip:${ip}` }),
    () => c.env.SIGN_IN_EMAIL_RATE_LIMITER.limit({ key: `ip-email:${pair}` }),
  ]
}

/**
 * Before the password is checked: a 429 when either budget is spent, so a refused caller learns
 * nothing of the password. A limiter can only count, never just look: this counts the attempt.
 * `email` is what the attempt names (a reset link's hash on PUT /auth/password).
 */
export async function limitSignIn(c: Context<AppEnv>, email: string) {
  const budgets = await signInBudgets(c, email)
  const results = await Promise.all(budgets.map((limit) => limit()))
  if (results.some((result) => !result.success)) throw tooManySignIns()
}

/**
 * After a wrong password (or an unknown email, an unusable link): the failure is counted once
 * more on both budgets, so failures spend them twice as fast as sign-ins that succeed (ten
 * failures a minute per address, five per address and email; twenty and ten sign-ins). The
 * caller still answers the failure as it is: the next attempt is the one refused.
 */
export async function countSignInFailure(c: Context<AppEnv>, email: string) {
  const budgets = await signInBudgets(c, email)
  await Promise.all(budgets.map((limit) => limit()))
}
