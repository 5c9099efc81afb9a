// Small helpers the chaos and load scripts share: bounded waiting, percentiles, formatting.

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Polls `check` until it returns something truthy, at most `timeoutMs`; returns the last value
 * (falsy when time ran out). Every loop of the scripts is bounded by one of these.
 */
export async function until(check, { timeoutMs, intervalMs = 500 }) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value || Date.now() >= deadline) return value
    await sleep(intervalMs)
  }
}

/** p50 and p99 (nearest rank) of a list of numbers; null for an empty list. */
export function percentiles(values) {
  if (values.length === 0) return { p50: null, p99: null, max: null }
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
  return { p50: rank(50), p99: rank(99), max: sorted[sorted.length - 1] }
}

export const ms = (value) => (value === null ? 'n/a' : `${value.toFixed(value < 10 ? 1 : 0)} ms`)
export const seconds = (value) => (value === null ? 'n/a' : `${(value / 1000).toFixed(1)} s`)
export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`

/** Runs `task(i)` for i in [0, count) with at most `width` at a time. */
export async function pool(count, width, task) {
  let next = 0
  const lane = async () => {
    while (next < count) await task(next++)
  }
  await Promise.all(Array.from({ length: Math.min(width, count) }, lane))
}

/** A flag's value from argv (`--name value` or `--name=value`), or the fallback. */
export function flag(name, fallback) {
  const args = process.argv.slice(2)
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`))
  if (at === -1) return fallback
  const [, inline] = args[at].split('=')
  return inline ?? args[at + 1] ?? fallback
}

export const hasFlag = (name) => process.argv.slice(2).includes(`--${name}`)
