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
 * Requests per second of one GET sent with headers `a` and with headers `b`, in alternating
 * windows (a b, b a, a b, …, so neither always goes first) so drift on a shared machine falls on
 * both alike.
 */
export async function alternatingThroughput(url, a, b, rounds = 6, seconds = 1) {
  let sumA = 0
  let sumB = 0
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['a', 'b'] : ['b', 'a']
    for (const which of order) {
      const rps = await requestsPerSecond(url, which === 'a' ? a : b, seconds)
      if (which === 'a') sumA += rps
      else sumB += rps
    }
  }
  return { a: sumA / rounds, b: sumB / rounds }
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
