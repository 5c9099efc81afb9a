import autocannon from 'autocannon'

/** Requests per second of one GET, driven by autocannon for `seconds`. */
export async function requestsPerSecond(url, headers = {}, seconds = 5, connections = 8) {
  const result = await autocannon({ url, headers, duration: seconds, connections })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors`)
  }
  return result.requests.average
}

/**
 * Requests per second of `url` and of `baselineUrl`, measured in alternating windows so drift
 * on a shared machine falls on both alike; returns both rates and their ratio.
 */
export async function relativeThroughput(url, baselineUrl, headers = {}, rounds = 5, seconds = 1) {
  let mine = 0
  let theirs = 0
  for (let round = 0; round < rounds; round++) {
    theirs += await requestsPerSecond(baselineUrl, {}, seconds)
    mine += await requestsPerSecond(url, headers, seconds)
  }
  return { rps: mine / rounds, baseline: theirs / rounds, ratio: mine / theirs }
}

/**
 * One window of a GET driven by autocannon: requests per second and, given `cpuSeconds` (the
 * Worker's CPU clock, see worker.mjs), the Worker's CPU milliseconds per request.
 */
async function measureWindow(url, headers, seconds, cpuSeconds) {
  const before = cpuSeconds?.()
  const result = await autocannon({ url, headers, duration: seconds, connections: 8 })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors`)
  }
  const cpuMs = cpuSeconds ? ((cpuSeconds() - before) * 1000) / result.requests.total : undefined
  return { rps: result.requests.average, cpuMs }
}

const median = (values) => quantile(values, 0.5)
const quantile = (values, q) => {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length

/**
 * A GET sent with headers `a` and with headers `b`, in alternating windows (a b, b a, a b, …,
 * so neither always goes first). Each round compares two adjacent windows, so drift on a shared
 * machine falls on both alike: `ratio` is the median over rounds of a's req/s ÷ b's, `low` and
 * `high` its quartiles; `cpuRatio` the median of b's CPU per request ÷ a's, which other
 * processes' load barely moves.
 */
export async function alternatingThroughput(url, a, b, rounds = 6, seconds = 1, cpuSeconds) {
  const runs = { a: [], b: [] }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['a', 'b'] : ['b', 'a']
    for (const which of order) {
      runs[which].push(await measureWindow(url, which === 'a' ? a : b, seconds, cpuSeconds))
    }
  }
  const ratios = runs.a.map((run, i) => run.rps / runs.b[i].rps)
  const cpuRatios = runs.a.map((run, i) => runs.b[i].cpuMs / run.cpuMs)
  return {
    a: mean(runs.a.map((run) => run.rps)),
    b: mean(runs.b.map((run) => run.rps)),
    ratio: median(ratios),
    low: quantile(ratios, 0.25),
    high: quantile(ratios, 0.75),
    cpuA: cpuSeconds ? median(runs.a.map((run) => run.cpuMs)) : undefined,
    cpuB: cpuSeconds ? median(runs.b.map((run) => run.cpuMs)) : undefined,
    cpuRatio: cpuSeconds ? median(cpuRatios) : undefined,
  }
}

/** Latency percentiles (ms) of sequential requests. */
export async function latency(fn, count = 200, warmup = 20) {
  for (let i = 0; i < warmup; i++) await fn()
  const samples = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  return percentiles(samples)
}

export function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
  return { p50: at(50), p99: at(99), count: sorted.length }
}

export const fmt = (n, digits = 2) => Number(n).toFixed(digits)
