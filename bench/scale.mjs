// Issue 34: `npm run bench -- scale`. One account with 1k and one with 1M contacts and
// conversations (each with a noisy neighbour of a tenth its size on the same shard), seeded by
// the bench Worker's INSERT … SELECT chunks (bench/worker/seed-scale.ts). For each read endpoint
// and each adversarial search term: p50 and p99 of 30 sequential requests after 3 warm-ups at
// both sizes, their ratio, rows read (D1's meta.rows_read over every statement, counted on one
// more request: bench/worker/d1-counter.ts) and items returned, against issue 34's targets.
// Both sizes are seeded first, and each read's requests alternate between them, so a slower
// stretch of the machine weighs on both sides of a ratio alike.
// BENCH_SCALE_SIZES=1000,100000 measures other sizes. Not a test: it prints, and asserts nothing.
import { fmt, percentiles } from './measure.mjs'
import { call, PLATFORM_TOKEN } from './worker.mjs'

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,1000000').split(',').map(Number)
const CHUNK = 50_000
const DAY = 86_400

async function user(base, name) {
  const made = await call(base, '/platform/api/v1/users', {
    token: PLATFORM_TOKEN,
    body: { name, email: `${name.replaceAll(' ', '-').toLowerCase()}-${Date.now()}@bench.test` },
  })
  return { id: made.json.id, token: made.json.access_token }
}

/** An account on `shard` with three inboxes, its rows written chunk by chunk, then rolled up. */
async function seededAccount(base, { name, shard, total, admin, agents, agentOfTwo }) {
  const acc = await call(base, '/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name, shard },
  })
  const id = acc.json.id
  for (const [who, role] of [
    [admin, 'administrator'],
    ...agents.map((agent) => [agent, 'agent']),
  ]) {
    await call(base, `/platform/api/v1/accounts/${id}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: who.id, role },
    })
  }
  const inboxIds = []
  for (const inbox of ['Web', 'Support', 'Sales']) {
    const made = await call(base, `/api/v1/accounts/${id}/inboxes`, {
      token: admin.token,
      body: { name: inbox, channel: { type: 'api' } },
    })
    inboxIds.push(made.json.id)
  }
  if (agentOfTwo) {
    for (const inboxId of inboxIds.slice(0, 2)) {
      await call(base, `/api/v1/accounts/${id}/inbox_members`, {
        token: admin.token,
        body: { inbox_id: inboxId, user_ids: [agentOfTwo.id] },
      })
    }
  }
  const plan = {
    inbox_ids: inboxIds,
    agent_ids: [admin, ...agents].map((u) => u.id),
    total,
    now: Math.floor(Date.now() / 1000),
  }
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1)
    await call(base, `/bench/accounts/${id}/scale_rows`, { body: { ...plan, from, to } })
  }
  await call(base, `/bench/accounts/${id}/scale_rows`, {
    body: { ...plan, from: 1, to: 1, rollups: true },
  })
  return { id, now: plan.now, inboxIds }
}

/** The reads issue 34 lists, as `[name, path, who, items]`. */
function reads(account) {
  const a = `/api/v1/accounts/${account.id}`
  const payload = (json) => (json?.data?.payload ?? json?.payload ?? []).length
  const search = (q, what) => [
    `contacts/search?q=${q} (${what})`,
    `${a}/contacts/search?q=${encodeURIComponent(q)}`,
    'admin',
    payload,
  ]
  const since = account.now - 30 * DAY - 1234
  return [
    ['conversations (default)', `${a}/conversations`, 'admin', payload],
    ['conversations (agent of two inboxes)', `${a}/conversations`, 'agent', payload],
    [
      'conversations (open, unassigned)',
      `${a}/conversations?status=open&assignee_type=unassigned`,
      'admin',
      payload,
    ],
    [
      'conversations (resolved, page 50)',
      `${a}/conversations?status=resolved&page=50`,
      'admin',
      payload,
    ],
    [
      'conversations (resolved, page 50 by its cursor)',
      async (fetchJson) => {
        // A small account may have no page 49 to carry a cursor: page 50 is then empty either way.
        const before = await fetchJson(`${a}/conversations?status=resolved&page=49`)
        const cursor = before.data.meta.next_cursor
        return `${a}/conversations?status=resolved&page=50${cursor ? `&cursor=${cursor}` : ''}`
      },
      'admin',
      payload,
    ],
    [
      // Chatwoot's clients page by number alone: the page before left where this one starts.
      'conversations (resolved, page 50 right after page 49, no cursor)',
      async (fetchJson) => {
        await fetchJson(`${a}/conversations?status=resolved&page=49`)
        return `${a}/conversations?status=resolved&page=50`
      },
      'admin',
      payload,
    ],
    [
      "conversations (one inbox, the dashboard's inbox list)",
      `${a}/conversations?inbox_id=${account.inboxIds[0]}&status=open`,
      'admin',
      payload,
    ],
    [
      'conversations (search, q=conversation 21)',
      `${a}/conversations?q=${encodeURIComponent('conversation 21')}`,
      'admin',
      payload,
    ],
    [
      'conversations (search, q=Message 2 of: in a thousand messages)',
      `${a}/conversations?q=${encodeURIComponent('Message 2 of')}`,
      'admin',
      payload,
    ],
    [
      'conversations (search, q=ge: two letters in every message)',
      `${a}/conversations?q=ge`,
      'admin',
      payload,
    ],
    [
      'conversations (search, q=z: one letter, no match)',
      `${a}/conversations?q=z`,
      'admin',
      payload,
    ],
    ['conversations/meta', `${a}/conversations/meta`, 'admin', () => 0],
    ['conversations/meta (agent)', `${a}/conversations/meta`, 'agent', () => 0],
    ['contacts (page 1)', `${a}/contacts`, 'admin', payload],
    ['contacts (page 50)', `${a}/contacts?page=50`, 'admin', payload],
    [
      'contacts (page 50 by its cursor)',
      async (fetchJson) => {
        const before = await fetchJson(`${a}/contacts?page=49`)
        return `${a}/contacts?page=50&cursor=${before.meta.next_cursor}`
      },
      'admin',
      payload,
    ],
    [
      'contacts (page 50 right after page 49, no cursor)',
      async (fetchJson) => {
        await fetchJson(`${a}/contacts?page=49`)
        return `${a}/contacts?page=50`
      },
      'admin',
      payload,
    ],
    search('z', 'one letter'),
    search('zz', 'two letters, no match'),
    search('ct9@e', 'a rare substring'),
    search('contact', 'matches every contact'),
    search('contact5', 'one in nine'),
    search('0000424', 'digits of a phone number'),
    [
      'reports/summary (30 days, unaligned)',
      `/api/v2/accounts/${account.id}/reports/summary?type=account&since=${since}&until=${account.now - 77}`,
      'admin',
      () => 1,
    ],
    ['conversation details', `${a}/conversations/21`, 'admin', () => 1],
    ['conversation messages', `${a}/conversations/21/messages`, 'admin', payload],
  ]
}

async function get(base, path, token, headers = {}) {
  const res = await fetch(`${base}${path}`, { headers: { api_access_token: token, ...headers } })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`)
  return { json: JSON.parse(text), headers: res.headers }
}

/** The path a read asks at one size (a cursor read asks for the page before it first). */
async function pathOf(base, pathOrPrepare, token) {
  return typeof pathOrPrepare === 'string'
    ? pathOrPrepare
    : await pathOrPrepare(async (p) => (await get(base, p, token)).json)
}

/**
 * Every read at both sizes: rows read and items counted on one request each, then `count`
 * timed requests a side after `warmup`, alternating between the sizes.
 */
async function measure(base, sides, count = 30, warmup = 3) {
  const results = [new Map(), new Map()]
  const readsOf = sides.map((side) => reads(side.account))
  for (const [i, [name]] of readsOf[0].entries()) {
    try {
      const asked = []
      for (const [k, side] of sides.entries()) {
        const [, pathOrPrepare, who, items] = readsOf[k][i]
        const token = side.users[who].token
        const path = await pathOf(base, pathOrPrepare, token)
        const counted = await get(base, path, token)
        asked.push({
          ask: () => get(base, path, token, { 'x-bench-uncounted': '1' }),
          rows: Number(counted.headers.get('x-d1-rows-read')),
          unmeasured: Number(counted.headers.get('x-d1-unmeasured')),
          items: items(counted.json),
          samples: [],
        })
      }
      for (let round = 0; round < warmup + count; round++) {
        for (const side of asked) {
          const start = performance.now()
          await side.ask()
          if (round >= warmup) side.samples.push(performance.now() - start)
        }
      }
      for (const [k, side] of asked.entries()) {
        const { rows, unmeasured, items, samples } = side
        results[k].set(name, { ...percentiles(samples), rows, unmeasured, items })
      }
    } catch (error) {
      for (const result of results) {
        result.set(name, { error: String(error.message ?? error).slice(0, 120) })
      }
    }
  }
  return results
}

export async function benchScale(base) {
  const [small, large] = SIZES
  const sides = []
  const lines = []
  for (const [k, total] of SIZES.entries()) {
    const started = performance.now()
    const admin = await user(base, `Scale ${total} admin`)
    const agent = await user(base, `Scale ${total} agent`)
    const other = await user(base, `Scale ${total} agent two`)
    const account = await seededAccount(base, {
      name: `Scale ${total}`,
      shard: k % 2,
      total,
      admin,
      agents: [agent, other],
      agentOfTwo: agent,
    })
    await seededAccount(base, {
      name: `Scale ${total} neighbour`,
      shard: k % 2,
      total: Math.max(1000, Math.floor(total / 10)),
      admin,
      agents: [],
    })
    lines.push(
      `seeded ${total} rows (and a neighbour of ${Math.max(1000, Math.floor(total / 10))}) on shard ${k % 2} in ${fmt((performance.now() - started) / 1000, 1)} s`,
    )
    sides.push({ account, users: { admin, agent } })
  }
  const measured = await measure(base, sides)
  const [at1, at2] = measured
  lines.push(
    '',
    `| read | p50 ${small} → ${large} (ms) | p99 ${small} → ${large} (ms) | p50 ratio | rows read at ${small} / ${large} | items | rows target (≤ 10×items+200) | ratio target (≤ 1.2) |`,
    '|---|---|---|---|---|---|---|---|',
  )
  for (const [name, one] of at1) {
    const two = at2.get(name)
    if (one.error || two.error) {
      lines.push(`| ${name} | ${one.error ?? ''} ${two.error ?? ''} | | | | | | |`)
      continue
    }
    const ratio = two.p50 / one.p50
    const target = 10 * two.items + 200
    const unmeasured = one.unmeasured + two.unmeasured
    lines.push(
      `| ${name} | ${fmt(one.p50, 1)} → ${fmt(two.p50, 1)} | ${fmt(one.p99, 1)} → ${fmt(two.p99, 1)} | ${fmt(ratio)} | ${one.rows} / ${two.rows}${unmeasured ? ` (+${unmeasured} unmeasured)` : ''} | ${two.items} | ${target}: ${two.rows <= target ? 'met' : 'MISSED'} | ${ratio <= 1.2 ? 'met' : 'MISSED'} |`,
    )
  }
  return lines
}
