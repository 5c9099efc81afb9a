// Issue: webhooks. The delay from an API call to its webhook's receipt at a loopback receiver
// (p50, p99), one call at a time (a bot waiting on each message), then events per second and the
// delay in a burst from eight clients. The first attempt leaves from the request itself
// (worker/webhooks/fast-path.ts); only retries go through the real local queues.
import { createServer } from 'node:http'
import { fmt, percentiles } from './measure.mjs'
import { call, PLATFORM_TOKEN } from './worker.mjs'

export async function benchWebhooks(base) {
  const received = new Map()
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      const payload = JSON.parse(body)
      if (!received.has(payload.id)) received.set(payload.id, performance.now())
      res.writeHead(200).end()
    })
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  const port = server.address().port
  try {
    const acc = await call(base, '/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: 'Hooks' },
    })
    const user = await call(base, '/platform/api/v1/users', {
      token: PLATFORM_TOKEN,
      body: { name: 'Hooks admin', email: 'hooks@bench.test' },
    })
    await call(base, `/platform/api/v1/accounts/${acc.json.id}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: user.json.id, role: 'administrator' },
    })
    const token = user.json.access_token
    const path = `/api/v1/accounts/${acc.json.id}`
    await call(base, `${path}/webhooks`, {
      token,
      body: { url: `http://127.0.0.1:${port}/hook`, subscriptions: ['contact_created'] },
    })
    const waitFor = async (id, ms = 10_000) => {
      const until = performance.now() + ms
      while (!received.has(id) && performance.now() < until)
        await new Promise((r) => setTimeout(r, 1))
    }
    // One at a time: each call waits for its webhook before the next is made.
    const single = []
    for (let i = 0; i < 60; i++) {
      const t = performance.now()
      const res = await call(base, `${path}/contacts`, {
        token,
        body: { name: `Solo ${i}`, email: `solo${i}@bench.test` },
      })
      const id = res.json.payload.contact.id
      await waitFor(id)
      if (i >= 10 && received.has(id)) single.push(received.get(id) - t)
    }
    const one = percentiles(single)
    const count = 300
    const sent = new Map()
    const started = performance.now()
    // Eight clients create contacts as fast as the API takes them; each creates one event.
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < count; i += 8) {
          const t = performance.now()
          const res = await call(base, `${path}/contacts`, {
            token,
            body: { name: `Hook ${i}`, email: `hook${i}@bench.test` },
          })
          sent.set(res.json.payload.contact.id, t)
        }
      }),
    )
    const until = performance.now() + 60_000
    while ([...sent.keys()].some((id) => !received.has(id)) && performance.now() < until)
      await new Promise((r) => setTimeout(r, 50))
    const last = Math.max(...[...sent.keys()].map((id) => received.get(id) ?? 0))
    const delays = [...sent]
      .filter(([id]) => received.has(id))
      .map(([id, t]) => received.get(id) - t)
    const p = percentiles(delays)
    const burst = [...sent.keys()].filter((id) => received.has(id)).length
    return [
      `one call at a time (${single.length} calls): API call → receipt p50 ${fmt(one.p50, 1)} ms, p99 ${fmt(one.p99, 1)} ms (target p50 ≤ 100, p99 ≤ 300)`,
      `burst of ${count} from 8 clients: delivered ${burst} of ${count}`,
      `burst throughput, first API call to last receipt: ${fmt((burst / (last - started)) * 1000, 1)} events/s (before the fast path: 36–47)`,
      `burst delay from API call to receipt: p50 ${fmt(p.p50, 0)} ms, p99 ${fmt(p.p99, 0)} ms`,
    ]
  } finally {
    server.close()
  }
}
