// Issue: what each layer of the read path earns (worker/db/client.ts ReadLayers: the D1 gate,
// templates, packing). For each layer and each read endpoint it serves, requests
// per second with the layer on and off (the benchmark entry's `x-bench-layers-off` header), in
// alternating windows in one run; the gain is on ÷ off. A layer should earn at least 5%.

import { loadavg } from 'node:os'
import { account, seedMessages, seedRows } from './api.mjs'
import { alternatingThroughput, fmt, requestsPerSecond } from './measure.mjs'

const ENDPOINTS = [
  'conversation details (50 messages)',
  'conversation list',
  'contact search',
  'contact list',
]
/** Each layer with the read endpoints it serves (packing: the conversation views' joined rows). */
const SERVED = {
  gate: ENDPOINTS,
  templates: ENDPOINTS,
  packing: ENDPOINTS.slice(0, 2),
}
// BENCH_LAYERS=gate,packing measures only those.
const LAYERS = process.env.BENCH_LAYERS?.split(',') ?? Object.keys(SERVED)
const ROUNDS = Number(process.env.BENCH_LAYER_ROUNDS ?? 16)

export async function benchLayers(base, worker) {
  const acc = await account(base, 'Layers')
  await seedRows(acc, 1_000)
  await seedMessages(acc, 1, 50)
  const path = `/api/v1/accounts/${acc.id}`
  const endpoints = {
    'conversation details (50 messages)': `${path}/conversations/1`,
    'conversation list': `${path}/conversations`,
    'contact search': `${path}/contacts/search?q=contact12`,
    'contact list': `${path}/contacts`,
  }
  const on = { api_access_token: acc.token }
  const out = [
    `(1 s windows, layer on and off alternating, ${ROUNDS} rounds each; 8 connections; 1,000 contacts`,
    'and conversations; gain = median over rounds of req/s on ÷ req/s off in adjacent windows,',
    "with its quartiles; and the Worker's CPU ms per request (workerd's, from /proc: what other",
    "processes' load barely moves), on and off, and its gain off ÷ on)",
  ]
  for (const layer of LAYERS) {
    const off = { ...on, 'x-bench-layers-off': layer }
    const gains = []
    const cpuGains = []
    out.push('', `## ${layer}`)
    for (const name of SERVED[layer]) {
      const url = `${base}${endpoints[name]}`
      // Warm the isolate both ways (JIT, remembered token, templates) before measuring.
      await requestsPerSecond(url, on, 1)
      await requestsPerSecond(url, off, 1)
      const m = await alternatingThroughput(url, on, off, ROUNDS, 1, worker.cpuSeconds)
      gains.push(m.ratio)
      cpuGains.push(m.cpuRatio)
      out.push(
        `${layer} · ${name}: on ${fmt(m.a, 0)} req/s, off ${fmt(m.b, 0)} req/s, ` +
          `gain ${fmt(m.ratio)} (quartiles ${fmt(m.low)}–${fmt(m.high)}); ` +
          `CPU ${fmt(m.cpuA)} vs ${fmt(m.cpuB)} ms/request, gain ${fmt(m.cpuRatio)}; ` +
          `load ${fmt(loadavg()[0], 1)}`,
      )
    }
    const geomean = (values) =>
      Math.exp(values.reduce((sum, g) => sum + Math.log(g), 0) / values.length)
    out.push(
      `${layer}: geometric mean gain over its endpoints: req/s ${fmt(geomean(gains))}, ` +
        `CPU ${fmt(geomean(cpuGains))} (keep if ≥ 1.05)`,
    )
  }
  return out
}
