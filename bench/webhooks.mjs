// Issue: webhooks. Events per second from the outbox to a loopback receiver, and the delay from
// the API call to receipt (p50, p99), through the real queues of the local runtime.
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
    while (received.size < count && performance.now() < until)
      await new Promise((r) => setTimeout(r, 50))
    const last = Math.max(...received.values())
    const delays = [...sent]
      .filter(([id]) => received.has(id))
      .map(([id, t]) => received.get(id) - t)
    const p = percentiles(delays)
    return [
      `events delivered: ${received.size} of ${count}`,
      `throughput, first API call to last receipt: ${fmt((received.size / (last - started)) * 1000, 1)} events/s`,
      `delay from API call to receipt: p50 ${fmt(p.p50, 0)} ms, p99 ${fmt(p.p99, 0)} ms ` +
        '(local queues: batches wait up to max_batch_timeout = 1 s, twice: events then deliveries)',
    ]
  } finally {
    server.close()
  }
}
