// Issue: funnels. The board's latency with 100 and with 10,000 conversations in the funnel, in
// one run (the ratio should stay under 2), and its D1 round trips per request.
import { fmt, latency } from './measure.mjs'
import { call, d1, PLATFORM_TOKEN } from './worker.mjs'

async function funnelAccount(base, conversations) {
  const name = `Board ${conversations}`
  const acc = await call(base, '/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name },
  })
  const user = await call(base, '/platform/api/v1/users', {
    token: PLATFORM_TOKEN,
    body: { name: `${name} admin`, email: `board-${conversations}@bench.test` },
  })
  await call(base, `/platform/api/v1/accounts/${acc.json.id}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.json.id, role: 'administrator' },
  })
  const token = user.json.access_token
  const path = `/api/v1/accounts/${acc.json.id}`
  const inbox = await call(base, `${path}/inboxes`, {
    token,
    body: { name: 'API', channel: { type: 'api' } },
  })
  const funnel = await call(base, `${path}/funnels`, { token, body: { name: 'Sales' } })
  const stages = []
  for (const stage of ['Lead', 'Qualified', 'Proposal', 'Negotiation', 'Won']) {
    stages.push(
      (
        await call(base, `${path}/funnels/${funnel.json.id}/stages`, {
          token,
          body: { name: stage },
        })
      ).json.id,
    )
  }
  const a = acc.json.id
  const seq = `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${conversations})`
  await d1(`insert into contacts (account_id, name) ${seq} select ${a}, 'Deal ' || n from seq`, a)
  await d1(
    `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, status, last_activity_at) ` +
      `select ${a}, row_number() over (order by id), 'b-' || id, ${inbox.json.id}, id, 'open', 1700000000 + id from contacts where account_id = ${a}`,
    a,
  )
  const stageCase = `case c.id % 5 ${stages.map((s, i) => `when ${i} then ${s}`).join(' ')} end`
  await d1(
    `insert into conversation_stages (account_id, conversation_id, funnel_id, stage_id, entered_at) ` +
      `select ${a}, c.id, ${funnel.json.id}, ${stageCase}, 1700000000 + c.id from conversations c where c.account_id = ${a}`,
    a,
  )
  await d1(
    `insert into conversation_products (account_id, conversation_id, product_name, product_value_minor, quantity) ` +
      `select ${a}, c.id, 'Plan', 199900 + (c.id % 7) * 1000, 1 + c.id % 3 from conversations c where c.account_id = ${a}`,
    a,
  )
  return { token, path: `${path}/funnels/${funnel.json.id}/board` }
}

export async function benchBoard(base) {
  const out = []
  const sizes = [100, 10_000]
  const p50 = {}
  for (const size of sizes) {
    const acc = await funnelAccount(base, size)
    const result = await latency(() => call(base, acc.path, { token: acc.token }), 100, 10)
    p50[size] = result.p50
    const trips = (await call(base, acc.path, { token: acc.token })).headers.get('x-d1-round-trips')
    out.push(
      `board @ ${size} conversations: p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, D1 round trips ${trips} (incl. the token lookup)`,
    )
  }
  out.push(`board 10,000/100 p50 ratio ${fmt(p50[10_000] / p50[100])} (target < 2)`)
  return out
}
