// Issue 16: reports. The summary and a 90-day daily series with 1,000 and with 100,000
// conversations in 90 days, side by side in one run (the ratio should stay under 1.5), with the
// D1 round trips and rows read per request. Histories are written as reporting events in bulk
// and rolled up by the worker's own rebuild (bench/worker/routes.ts).
import { fmt, percentiles } from './measure.mjs'
import { call, d1, PLATFORM_TOKEN } from './worker.mjs'

const DAY = 86400
const DAYS = 90

async function reportsAccount(base, conversations, until) {
  const name = `Reports ${conversations}`
  const acc = await call(base, '/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name },
  })
  const users = []
  for (let i = 0; i < 5; i++) {
    const user = await call(base, '/platform/api/v1/users', {
      token: PLATFORM_TOKEN,
      body: { name: `${name} agent ${i}`, email: `reports-${conversations}-${i}@bench.test` },
    })
    await call(base, `/platform/api/v1/accounts/${acc.json.id}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: user.json.id, role: i === 0 ? 'administrator' : 'agent' },
    })
    users.push(user.json)
  }
  const a = acc.json.id
  const token = users[0].access_token
  const inbox = await call(base, `/api/v1/accounts/${a}/inboxes`, {
    token,
    body: { name: 'API', channel: { type: 'api' } },
  })
  const agent = (n) =>
    `case ${n} % 5 ${users.map((u, i) => `when ${i} then ${u.id}`).join(' ')} end`
  // Conversation n starts at a spread-out second of the 90 days; each has two incoming and two
  // outgoing messages, a first response, a reply time and a resolution.
  const seq = `with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${conversations - 1}),
    c(n, at) as (select n, ${until - DAYS * DAY} + (n * 7919) % ${DAYS * DAY} from seq)`
  const event = (nameSql, offset, value, user) =>
    `select ${a}, ${nameSql}, ${value}, n, ${inbox.json.id}, ${user}, null, min(at + ${offset}, ${until - 1}) from c`
  const insert = `insert into reporting_events (account_id, name, value, conversation_id, inbox_id, user_id, team_id, created_at) ${seq}`
  // D1 allows only a few terms in one compound SELECT: two statements of four.
  await d1(
    `${insert} ${event("'conversation_created'", 0, 'null', agent('n'))}
    union all ${event("'incoming_message'", 0, 'null', 'null')}
    union all ${event("'incoming_message'", 600, 'null', 'null')}
    union all ${event("'outgoing_message'", 120, 'null', agent('n'))}`,
    a,
  )
  await d1(
    `${insert} ${event("'outgoing_message'", 900, 'null', agent('n'))}
    union all ${event("'first_response'", 120, 120, agent('n'))}
    union all ${event("'reply_time'", 900, 300, agent('n'))}
    union all ${event("'conversation_resolved'", 3600, 3600, agent('n'))}`,
    a,
  )
  await call(base, `/bench/accounts/${a}/report_rollups`, { method: 'POST' })
  return { token, path: `/api/v2/accounts/${a}` }
}

export async function benchReports(base) {
  const out = []
  const until = Math.floor(Date.now() / 1000 / DAY) * DAY + DAY
  const since = until - DAYS * DAY
  const sizes = [1_000, 100_000]
  const queries = {
    summary: `/reports/summary?since=${since}&until=${until}`,
    'daily series (UTC)': `/reports?metric=conversations_count&since=${since}&until=${until}&group_by=day`,
    'daily series (UTC−5)': `/reports?metric=avg_first_response_time&since=${since}&until=${until}&group_by=day&timezone_offset=-5`,
    'agents table': `/summary_reports/agent?since=${since}&until=${until}`,
  }
  const accounts = []
  for (const size of sizes) accounts.push({ size, ...(await reportsAccount(base, size, until)) })
  for (const [label, query] of Object.entries(queries)) {
    // The sizes take turns request by request, so a busy machine slows both alike.
    const samples = new Map(accounts.map((acc) => [acc.size, []]))
    for (let round = 0; round < 110; round++) {
      for (const acc of accounts) {
        const started = performance.now()
        await call(base, `${acc.path}${query}`, { token: acc.token })
        if (round >= 10) samples.get(acc.size).push(performance.now() - started)
      }
    }
    const p50 = {}
    for (const acc of accounts) {
      const result = percentiles(samples.get(acc.size))
      p50[acc.size] = result.p50
      const res = await call(base, `${acc.path}${query}`, { token: acc.token })
      out.push(
        `${label} @ ${acc.size.toLocaleString('en')} conversations: p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, ` +
          `D1 round trips ${res.headers.get('x-d1-round-trips')}, rows read ${res.headers.get('x-d1-rows-read')}`,
      )
    }
    out.push(
      `${label}: 100,000/1,000 p50 ratio ${fmt(p50[100_000] / p50[1_000])} (target < 1.5)`,
      '',
    )
  }
  return out
}
