// Issue: application API reads. (a) requests/s of conversation details (50 messages), contact
// search and conversation list against a bare route with one trivial D1 query; (b) search and
// list latency with 1k, 10k and 100k rows in the account; (c) D1 round trips per read.

import { fmt, latency, relativeThroughput, requestsPerSecond } from './measure.mjs'
import { call, d1, PLATFORM_TOKEN } from './worker.mjs'

const SIZES = [1_000, 10_000, 100_000]
const D1_TIME_SAMPLES = 20

/**
 * An account with an administrator and a website inbox, made through the API; on the shard
 * `options.shard` names (the platform API's operator option), else where Parley places it.
 */
export async function account(base, name, options = {}) {
  const acc = await call(base, '/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: options.shard === undefined ? { name } : { name, shard: options.shard },
  })
  const user = await call(base, '/platform/api/v1/users', {
    token: PLATFORM_TOKEN,
    body: { name: `${name} admin`, email: `${name.toLowerCase().replace(/\W+/g, '-')}@bench.test` },
  })
  await call(base, `/platform/api/v1/accounts/${acc.json.id}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.json.id, role: 'administrator' },
  })
  const token = user.json.access_token
  const inbox = await call(base, `/api/v1/accounts/${acc.json.id}/inboxes`, {
    token,
    body: { name: 'Web', channel: { type: 'web_widget', website_url: 'https://bench.test' } },
  })
  return {
    id: acc.json.id,
    token,
    inboxId: inbox.json.id,
    inboxIdentifier: inbox.json.inbox_identifier,
  }
}

/** `rows` contacts, each with a contact inbox and one conversation, inserted in bulk. */
export async function seedRows(acc, rows) {
  const seq = `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${rows})`
  await d1(
    `insert into contacts (account_id, name, email, phone_number, last_activity_at, created_at) ${seq} ` +
      `select ${acc.id}, 'Contact ' || n, 'contact' || n || '@example.com', '+1555' || printf('%07d', n), ` +
      `1700000000 + n, 1700000000 + n from seq`,
    acc.id,
  )
  await d1(
    `insert into contact_inboxes (account_id, contact_id, inbox_id, source_id, pubsub_token) ` +
      `select ${acc.id}, id, ${acc.inboxId}, 'src-' || id, 'pub-' || id from contacts where account_id = ${acc.id}`,
    acc.id,
  )
  await d1(
    `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, contact_inbox_id, status, last_activity_at, created_at) ` +
      `select ${acc.id}, row_number() over (order by ci.id), 'uuid-' || ci.id, ${acc.inboxId}, ci.contact_id, ci.id, ` +
      `case when ci.id % 4 = 0 then 'resolved' else 'open' end, 1700000000 + ci.id, 1700000000 + ci.id ` +
      `from contact_inboxes ci where ci.account_id = ${acc.id}`,
    acc.id,
  )
}

/** The mean over D1_TIME_SAMPLES calls of what D1 says a read's statements took (`x-d1-duration-ms`). */
async function meanD1Time(base, path, token) {
  let sum = 0
  for (let i = 0; i < D1_TIME_SAMPLES; i++) {
    const { headers } = await call(base, path, { token })
    sum += Number(headers.get('x-d1-duration-ms'))
  }
  return sum / D1_TIME_SAMPLES
}

export async function seedMessages(acc, displayId, count) {
  const seq = `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${count})`
  await d1(
    `insert into messages (account_id, inbox_id, conversation_id, message_type, content, sender_type, sender_id, created_at) ${seq} ` +
      `select ${acc.id}, ${acc.inboxId}, c.id, n % 2, 'Message number ' || n, case when n % 2 = 0 then 'Contact' else null end, ` +
      `case when n % 2 = 0 then c.contact_id else null end, 1700000000 + n from seq, conversations c ` +
      `where c.account_id = ${acc.id} and c.display_id = ${displayId}`,
    acc.id,
  )
}

export async function benchApi(base) {
  const out = []
  const accounts = {}
  for (const size of SIZES) {
    const acc = await account(base, `Bench ${size}`)
    await seedRows(acc, size)
    accounts[size] = acc
  }
  const small = accounts[SIZES[0]]
  await seedMessages(small, 1, 50)

  const headers = { api_access_token: small.token }
  const paths = {
    'conversation details (50 messages)': `/api/v1/accounts/${small.id}/conversations/1`,
    'contact search': `/api/v1/accounts/${small.id}/contacts/search?q=contact12`,
    'conversation list': `/api/v1/accounts/${small.id}/conversations`,
  }
  out.push(
    '## (a) requests per second against a bare route with one trivial D1 query',
    '(alternating 1 s windows of each, five rounds; 8 connections; each read twice: as',
    "configured, and with the API rate limiter answered in the isolate's memory: locally",
    "`limit()` is Miniflare's stand-in, a fetch to a Durable Object per request, where",
    "production's limiter is built into the runtime; bench/worker/memory-limiter.ts)",
  )
  const inMemory = { ...headers, 'x-bench-limiter': 'memory' }
  for (const [name, path] of Object.entries(paths)) {
    // Warm the isolate (JIT, remembered token) before measuring.
    await requestsPerSecond(`${base}${path}`, headers, 1)
    await requestsPerSecond(`${base}${path}`, inMemory, 1)
    const local = await relativeThroughput(`${base}${path}`, `${base}/bench/baseline`, headers)
    const memory = await relativeThroughput(`${base}${path}`, `${base}/bench/baseline`, inMemory)
    out.push(
      `${name}: ${fmt(local.rps, 0)} req/s vs baseline ${fmt(local.baseline, 0)} req/s, ` +
        `ratio ${fmt(local.ratio)}; limiter in memory ${fmt(memory.rps, 0)} vs ` +
        `${fmt(memory.baseline, 0)} req/s, ratio ${fmt(memory.ratio)} (target ≥ 0.7)`,
    )
  }

  out.push('', '## (b) latency by rows in the account (sequential requests, ms)')
  for (const [name, make] of [
    [
      'contact search (q matching many)',
      (acc) => `/api/v1/accounts/${acc.id}/contacts/search?q=contact`,
    ],
    [
      'contact search (q matching one)',
      (acc) => `/api/v1/accounts/${acc.id}/contacts/search?q=contact777@`,
    ],
    ['conversation list', (acc) => `/api/v1/accounts/${acc.id}/conversations`],
  ]) {
    const p50s = {}
    for (const size of SIZES) {
      const acc = accounts[size]
      const result = await latency(() => call(base, make(acc), { token: acc.token }), 100, 10)
      p50s[size] = result.p50
      out.push(`${name} @ ${size}: p50 ${fmt(result.p50)} p99 ${fmt(result.p99)}`)
    }
    out.push(`${name}: 100k/1k p50 ratio ${fmt(p50s[100_000] / p50s[1_000])} (target < 2)`)
  }

  const baselineD1Ms = await meanD1Time(base, '/bench/baseline')
  out.push(
    '',
    '## (c) D1 round trips per request (target one)',
    '(the token lookup rides in the first read once this isolate has seen the token; the first',
    'request of a token in an isolate makes one more round trip for the lookup itself; D1 time is',
    "the mean of what D1 says its statements took over 20 calls: locally D1 runs in the Worker's",
    "process, so it is part of the cost (a) measures, where production's runs on D1's machines)",
    `(baseline: D1 time ${fmt(baselineD1Ms)} ms)`,
  )
  const reads = {
    ...paths,
    'conversation meta': `/api/v1/accounts/${small.id}/conversations/meta`,
    'contact list': `/api/v1/accounts/${small.id}/contacts`,
    'contact show': `/api/v1/accounts/${small.id}/contacts/1`,
    'messages list': `/api/v1/accounts/${small.id}/conversations/1/messages`,
    'inbox list': `/api/v1/accounts/${small.id}/inboxes`,
    profile: '/api/v1/profile',
  }
  for (const [name, path] of Object.entries(reads)) {
    try {
      const first = await call(base, path, { token: small.token })
      const next = await call(base, path, { token: small.token })
      const d1Ms = await meanD1Time(base, path, small.token)
      out.push(
        `${name}: ${next.headers.get('x-d1-round-trips')} (first call here: ${first.headers.get('x-d1-round-trips')}); ` +
          `D1 time ${fmt(d1Ms)} ms`,
      )
    } catch (error) {
      out.push(`${name}: failed: ${error.message}`)
    }
  }
  return out
}
