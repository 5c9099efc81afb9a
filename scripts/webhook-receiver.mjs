// A loopback webhook receiver for the crash-recovery test and the chaos and load scripts. It
// records every request (webhook-id, event, status answered, time) and can be "down": while down
// it answers 503 without Retry-After, which Parley retries on its backoff schedule, like a
// receiver whose upstream is unavailable. Plain ESM.
import { createServer } from 'node:http'

export async function startReceiver({ up = true } = {}) {
  let isUp = up
  /** Every request in arrival order: { webhookId, event, id, status, at }. */
  const requests = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      let payload = {}
      try {
        payload = JSON.parse(body)
      } catch {}
      const status = isUp ? 200 : 503
      requests.push({
        webhookId: String(req.headers['webhook-id'] ?? ''),
        event: payload.event,
        id: payload.id,
        status,
        at: Date.now(),
      })
      res.writeHead(status).end()
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    setUp(value) {
      isUp = value
    },
    /** Requests answered 2xx, in arrival order. */
    accepted: () => requests.filter((r) => r.status === 200),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}

/**
 * What a receiver accepted, checked against the webhook-ids it should have got: `lost` expected
 * ids never accepted, `duplicated` ids accepted more than once, `unexpected` ids accepted that
 * were not expected.
 */
export function tally(receiver, expectedIds) {
  const counts = new Map()
  for (const r of receiver.accepted()) counts.set(r.webhookId, (counts.get(r.webhookId) ?? 0) + 1)
  const expected = new Set(expectedIds)
  return {
    delivered: [...counts.keys()].filter((id) => expected.has(id)).length,
    lost: [...expected].filter((id) => !counts.has(id)).length,
    duplicated: [...counts.values()].filter((n) => n > 1).length,
    unexpected: [...counts.keys()].filter((id) => !expected.has(id)).length,
  }
}
