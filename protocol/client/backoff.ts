export interface BackoffOptions {
  /** First delay in ms. */
  base: number
  /** Largest delay in ms. */
  max: number
}

/**
 * Exponential backoff with "equal jitter": half the capped delay is fixed, half random, so
 * retries spread out (no thundering herd after an outage) but never fire immediately.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random = Math.random,
): number {
  const capped = Math.min(options.max, options.base * 2 ** Math.max(0, attempt))
  return Math.round(capped / 2 + (random() * capped) / 2)
}
