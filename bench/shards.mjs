// Issue: scale-out. (a) D1 round trips of read endpoints for accounts on each shard: one on a
// warm isolate, as before sharding (the first request for an account in an isolate also asks the
// directory where it lives); (b) write throughput with the same load spread over two shards
// against all of it on one, in alternating windows of one run; (c) the rows each shard holds
// (local D1 allows no size pragma; `wrangler d1 info` gives a remote database's size).
import autocannon from 'autocannon'
import { account } from './api.mjs'
import { fmt } from './measure.mjs'
import { call, d1 } from './worker.mjs'

const ACCOUNTS = 4
const ROUNDS = 4
const SECONDS = 2

/** An account on `shard` (the platform API's operator option) with one conversation. */
async function accountOn(base, name, shard) {
  const acc = await account(base, name, { shard })
  const pub = `/public/api/v1/inboxes/${acc.inboxIdentifier}`
  const contact = await call(base, `${pub}/contacts`, { body: { name: 'Visitor' } })
  const conversation = await call(base, `${pub}/contacts/${contact.json.source_id}/conversations`, {
    body: {},
  })
  return { ...acc, shard, displayId: conversation.json.id }
}

/** Agents' replies into each account's conversation, for `SECONDS`, 8 connections. */
async function replies(base, accounts) {
  const result = await autocannon({
    url: base,
    connections: 8,
    duration: SECONDS,
    requests: accounts.map((acc) => ({
      method: 'POST',
      path: `/api/v1/accounts/${acc.id}/conversations/${acc.displayId}/messages`,
      headers: { api_access_token: acc.token, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'load' }),
    })),
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`replies: ${result.non2xx} non-2xx and ${result.errors} errors`)
  }
  return result.requests.average
}

async function roundTrips(base, acc) {
  const path = `/api/v1/accounts/${acc.id}`
  const out = []
  for (const [name, url] of [
    ['conversation list', `${path}/conversations`],
    ['conversation', `${path}/conversations/${acc.displayId}`],
    ['messages', `${path}/conversations/${acc.displayId}/messages`],
    ['contacts', `${path}/contacts`],
  ]) {
    const first = await call(base, url, { token: acc.token })
    const next = await call(base, url, { token: acc.token })
    out.push(
      `${name}: ${next.headers.get('x-d1-round-trips')} (first call here: ${first.headers.get('x-d1-round-trips')})`,
    )
  }
  return out.join('; ')
}

export async function benchShards(base) {
  const out = ['## (a) D1 round trips of reads, per shard (warm isolate)']
  const spread = []
  const single = []
  for (let i = 0; i < ACCOUNTS; i++) {
    spread.push(await accountOn(base, `Spread ${i}`, i % 2))
    single.push(await accountOn(base, `Single ${i}`, 0))
  }
  for (const acc of spread.slice(0, 2))
    out.push(`shard ${acc.shard}: ${await roundTrips(base, acc)}`)

  out.push('', `## (b) replies per second, ${ACCOUNTS} accounts, 8 connections`)
  const rates = { spread: [], single: [] }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['single', 'spread'] : ['spread', 'single']
    for (const which of order) {
      rates[which].push(await replies(base, which === 'spread' ? spread : single))
    }
  }
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length
  const ratios = rates.spread.map((rate, i) => rate / rates.single[i])
  out.push(
    `all on one shard: ${fmt(mean(rates.single), 0)} req/s; spread over two: ` +
      `${fmt(mean(rates.spread), 0)} req/s; ratio ${fmt(mean(ratios))} ` +
      `(per round: ${ratios.map((r) => fmt(r)).join(', ')})`,
    'Locally every shard is a SQLite file in one workerd process on this machine, so this shows ' +
      'what the sharded path costs, not the capacity separate D1 databases add.',
  )

  out.push('', '## (c) what each shard holds after the run')
  for (const shard of [0, 1]) {
    const [result] = await d1(
      'select (select count(*) from messages) as messages, (select count(*) from conversations) as conversations',
      shard === 0 ? single[0].id : spread[1].id,
    )
    const row = result?.results?.[0] ?? {}
    out.push(`shard ${shard}: ${row.messages} messages, ${row.conversations} conversations`)
  }
  return out
}
