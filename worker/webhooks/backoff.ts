/**
 * Delays between delivery attempts, in seconds: about three days in all, each step within the
 * Queues limit of 12 hours (Standard Webhooks recommends a schedule of this shape).
 */
export const RETRY_SCHEDULE_SECONDS = [
  30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 43_200, 43_200, 43_200, 43_200, 43_200,
] as const

/** Attempts in all: the first plus one per scheduled retry (the queue's max_retries is 13). */
export const MAX_DELIVERY_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1

export const MAX_QUEUE_DELAY_SECONDS = 43_200

/**
 * The delay before the retry that follows failed attempt `attempt` (1-based), with ±20 % jitter so
 * a receiver that comes back is not hit by every retry at once.
 */
export function retryDelaySeconds(attempt: number, random: () => number = Math.random): number {
  const index = Math.min(Math.max(attempt, 1), RETRY_SCHEDULE_SECONDS.length) - 1
  const base = RETRY_SCHEDULE_SECONDS[index] ?? MAX_QUEUE_DELAY_SECONDS
  const jittered = Math.round(base * (0.8 + 0.4 * random()))
  return Math.min(Math.max(jittered, 1), MAX_QUEUE_DELAY_SECONDS)
}

/** A receiver's Retry-After (seconds or an HTTP date), clamped to what a queue retry allows. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header.trim())
    : (Date.parse(header) - now) / 1000
  if (!Number.isFinite(seconds) || seconds < 0) return null
  return Math.min(Math.ceil(seconds), MAX_QUEUE_DELAY_SECONDS)
}
