/**
 * `x-bench-limiter: memory` (bench/api.mjs): the API rate limiter answered in this isolate's
 * memory, with the budget bench/wrangler.toml gives it. Locally, `API_RATE_LIMITER.limit()` is
 * Miniflare's stand-in: a module in the Worker's isolate that sends each call to a Durable Object
 * over fetch. Production's limiter is built into the runtime and keeps its counters on the
 * machine, so the stand-in's round trip is a cost only the local runtime pays; the benchmark
 * measures with and without it.
 */
const LIMIT = 100_000_000
const PERIOD_MS = 60_000

type Window = { start: number; count: number }

/** A fixed-window limiter of `limit` calls per key per `periodMs`, as the binding's `simple` budget. */
export function memoryLimiter(limit = LIMIT, periodMs = PERIOD_MS): RateLimit {
  const windows = new Map<string, Window>()
  return {
    async limit({ key }) {
      const now = Date.now()
      let window = windows.get(key)
      if (!window || now - window.start >= periodMs) {
        window = { start: now, count: 0 }
        windows.set(key, window)
      }
      window.count++
      return { success: window.count <= limit }
    },
  }
}

const swapped = new WeakMap<Env, Env>()

/** `env` with API_RATE_LIMITER answered in memory; one such env per isolate and `env`. */
export function withMemoryLimiter(env: Env): Env {
  let memory = swapped.get(env)
  if (!memory) {
    memory = { ...env, API_RATE_LIMITER: memoryLimiter() }
    swapped.set(env, memory)
  }
  return memory
}
