// Issue: live conversations. Latency from an agent's POST …/messages to receipt on the visitor's
// socket, p50 and p99, with 1, 10 and 100 sockets on the conversation, against a Durable Object
// that only broadcasts (same HTTP hop, same sockets), against that object after one D1 write (the
// floor any durable reply pays), and against that write behind the application API's middleware
// (rate limit, token check in the write's batch); and messages per second one conversation
// sustains.
import autocannon from 'autocannon'
import WebSocket from 'ws'
import { fmt, percentiles } from './measure.mjs'
import { call, PLATFORM_TOKEN } from './worker.mjs'

const SOCKET_COUNTS = process.env.BENCH_SOCKETS
  ? process.env.BENCH_SOCKETS.split(',').map(Number)
  : [1, 10, 100]
const SAMPLES = 60
const WARMUP = 10
const PAUSE_MS = 30

function openSocket(url, auth) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    const listeners = new Set()
    ws.on('message', (data) => {
      const text = String(data)
      for (const listener of listeners) listener(text)
    })
    ws.on('error', reject)
    ws.on('open', () => {
      if (!auth) return resolve({ ws, listeners })
      ws.send(JSON.stringify({ type: 'auth', token: auth }))
      const ready = (text) => {
        if (JSON.parse(text).event === 'ready') {
          listeners.delete(ready)
          resolve({ ws, listeners })
        }
      }
      listeners.add(ready)
    })
  })
}

/** One sample: `trigger()`, then the time until every socket has seen a frame `matches`. */
async function sample(sockets, trigger, matches, marker) {
  const start = performance.now()
  const arrivals = sockets.map(
    (s) =>
      new Promise((resolve) => {
        const listener = (text) => {
          if (!matches(text, marker)) return
          s.listeners.delete(listener)
          resolve(performance.now() - start)
        }
        s.listeners.add(listener)
      }),
  )
  await trigger(marker)
  return Promise.all(arrivals)
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Latency at rest of each side, sampled alternately so that drift on a shared machine falls on
 * both alike: WARMUP unrecorded rounds, then SAMPLES rounds, each side followed by a short pause
 * so one sample's background work (event publishing) does not land in the next.
 */
async function measurePair(sides) {
  const samples = sides.map(() => [])
  for (let round = 0; round < WARMUP + SAMPLES; round++) {
    for (const [index, side] of sides.entries()) {
      const times = await sample(
        side.sockets,
        side.trigger,
        side.matches,
        `m-${round}-${Math.random()}`,
      )
      if (round >= WARMUP) samples[index].push(...times)
      await pause(PAUSE_MS)
    }
  }
  return samples.map(percentiles)
}

export async function benchLive(base) {
  const ws = base.replace(/^http/, 'ws')
  const acc = await call(base, '/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name: 'Live' },
  })
  const user = await call(base, '/platform/api/v1/users', {
    token: PLATFORM_TOKEN,
    body: { name: 'Live admin', email: 'live@bench.test' },
  })
  await call(base, `/platform/api/v1/accounts/${acc.json.id}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.json.id, role: 'administrator' },
  })
  const token = user.json.access_token
  const path = `/api/v1/accounts/${acc.json.id}`
  const inbox = await call(base, `${path}/inboxes`, {
    token,
    body: { name: 'Web', channel: { type: 'web_widget', website_url: 'https://bench.test' } },
  })
  const pub = `/public/api/v1/inboxes/${inbox.json.inbox_identifier}`
  const contact = await call(base, `${pub}/contacts`, { body: { name: 'Visitor' } })
  const conversation = await call(base, `${pub}/contacts/${contact.json.source_id}/conversations`, {
    body: {},
  })
  const live = `${ws}${pub}/contacts/${contact.json.source_id}/conversations/${conversation.json.id}/live`
  const messages = `${path}/conversations/${conversation.json.id}/messages`

  const out = []
  for (const n of SOCKET_COUNTS) {
    const visitors = await Promise.all(
      Array.from({ length: n }, () => openSocket(live, contact.json.pubsub_token)),
    )
    const room = `room-${n}`
    const baselineSockets = await Promise.all(
      Array.from({ length: n }, () => openSocket(`${ws}/bench/rooms/${room}/live`)),
    )
    const floorRoom = `floor-${n}`
    const floorSockets = await Promise.all(
      Array.from({ length: n }, () => openSocket(`${ws}/bench/rooms/${floorRoom}/live`)),
    )
    const authRoom = `auth-floor-${n}`
    const authSockets = await Promise.all(
      Array.from({ length: n }, () => openSocket(`${ws}/bench/rooms/${authRoom}/live`)),
    )
    const [parley, baseline, floor, authFloor] = await measurePair([
      {
        sockets: visitors,
        trigger: (marker) => call(base, messages, { token, body: { content: marker } }),
        matches: (text, marker) => text.includes(marker) && text.includes('"message.created"'),
      },
      {
        sockets: baselineSockets,
        trigger: (marker) =>
          call(base, `/bench/rooms/${room}/broadcast`, { body: { text: marker } }),
        matches: (text, marker) => text === marker,
      },
      {
        sockets: floorSockets,
        trigger: (marker) =>
          call(base, `/bench/rooms/${floorRoom}/broadcast`, {
            body: { text: marker, after_d1_write: true },
          }),
        matches: (text, marker) => text === marker,
      },
      {
        sockets: authSockets,
        trigger: (marker) =>
          call(base, `${path}/bench/rooms/${authRoom}/broadcast`, {
            token,
            body: { text: marker },
          }),
        matches: (text, marker) => text === marker,
      },
    ])
    for (const s of [...visitors, ...baselineSockets, ...floorSockets, ...authSockets]) {
      s.ws.close()
    }
    out.push(
      `${n} socket(s): agent POST → visitor socket p50 ${fmt(parley.p50)} ms, p99 ${fmt(parley.p99)} ms; ` +
        `broadcast-only DO p50 ${fmt(baseline.p50)} ms, p99 ${fmt(baseline.p99)} ms; ` +
        `p50 ratio ${fmt(parley.p50 / baseline.p50)} (target ≤ 1.5: ${parley.p50 / baseline.p50 <= 1.5 ? 'met' : 'NOT met'}), ` +
        `p99 ratio ${fmt(parley.p99 / baseline.p99)}`,
      `  the floor of a durable reply here (one D1 write round trip, then the same broadcast): ` +
        `p50 ${fmt(floor.p50)} ms, p99 ${fmt(floor.p99)} ms, ${fmt(floor.p50 / baseline.p50)}× the ` +
        `broadcast-only p50; Parley's reply is ${fmt(parley.p50 / floor.p50)}× this floor`,
      `  the same write behind the API's middleware (rate limit, then the token check in the ` +
        `write's batch): p50 ${fmt(authFloor.p50)} ms, p99 ${fmt(authFloor.p99)} ms, ` +
        `${fmt(authFloor.p50 / baseline.p50)}× the broadcast-only p50 (locally the rate limit is ` +
        `a Durable Object call per request; production's limiter answers from the machine's memory)`,
    )
  }
  const result = await autocannon({
    url: `${base}${messages}`,
    method: 'POST',
    headers: { api_access_token: token, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'load' }),
    duration: 5,
    connections: 8,
  })
  out.push(
    `messages per second into one conversation: ${fmt(result.requests.average, 0)} ` +
      `(${result.non2xx} non-2xx of ${result.requests.total})`,
  )
  return out
}
