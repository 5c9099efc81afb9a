// Issue: what each layer of the read path earns (worker/db/client.ts ReadLayers: the D1 gate,
// templates, packing, the row mapper). For each layer and each read endpoint it serves, requests
// per second with the layer on and off (the benchmark entry's `x-bench-layers-off` header), in
// alternating windows in one run; the gain is on ÷ off. A layer should earn at least 5%.

import { account, seedMessages, seedRows } from './api.mjs'
import { alternatingThroughput, fmt, requestsPerSecond } from './measure.mjs'

const LAYERS = ['gate', 'templates', 'packing', 'rowMapper']
const ROUNDS = Number(process.env.BENCH_LAYER_ROUNDS ?? 6)

export async function benchLayers(base) {
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
    'and conversations; gain = req/s on ÷ req/s off)',
  ]
  for (const layer of LAYERS) {
    const off = { ...on, 'x-bench-layers-off': layer }
    const gains = []
    out.push('', `## ${layer}`)
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const url = `${base}${endpoint}`
      // Warm the isolate both ways (JIT, remembered token, templates) before measuring.
      await requestsPerSecond(url, on, 1)
      await requestsPerSecond(url, off, 1)
      const { a, b } = await alternatingThroughput(url, on, off, ROUNDS)
      gains.push(a / b)
      out.push(
        `${layer} · ${name}: on ${fmt(a, 0)} req/s, off ${fmt(b, 0)} req/s, gain ${fmt(a / b)}`,
      )
    }
    const mean = Math.exp(gains.reduce((sum, g) => sum + Math.log(g), 0) / gains.length)
    out.push(`${layer}: geometric mean gain over its endpoints ${fmt(mean)} (keep if ≥ 1.05)`)
  }
  return out
}
