// `npm run load`: 200 visitors (4 tabs of each of 50 conversations, each tab with its live
// socket) write at once while agents reply, with 2 webhooks subscribed to everything, for 60 s
// (`--seconds N` for shorter runs). Then it waits for the webhooks to drain and checks every
// accepted message against D1 (through the API) and against both receivers. It starts its own
// `wrangler dev` (as `npm start` runs it) on a free port with its own state. Loopback only.
//
//   --seconds <s>   length of the load (default 60)
//   --think <ms>    a tab's mean pause between two messages (default 40000: each conversation
//                   hears from its visitor every 10 s, 5 messages/s in all); an agent's is a tenth
import { startLocalWorker } from './local-worker.mjs'
import { flag, mib, ms, percentiles, seconds, sleep, until } from './measure.mjs'
import {
  agentReplies,
  createWebhook,
  seedAccount,
  startVisitor,
  visitorMessages,
  visitorSays,
  visitorSocket,
} from './parley-client.mjs'
import { startReceiver, tally } from './webhook-receiver.mjs'

const PLATFORM_TOKEN = 'load-platform-token-0123456789abcdef0123456789'
const CONVERSATIONS = 50
const TABS = 4
const AGENTS = 5
const loadSeconds = Number(flag('seconds', 60))
const thinkMs = Number(flag('think', 40_000))
/** The webhooks have this long after the load to deliver everything. */
const DRAIN_MS = 10 * 60_000

const worker = await startLocalWorker({
  name: 'load',
  vars: { PLATFORM_API_TOKEN: PLATFORM_TOKEN, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost' },
})
const receivers = [await startReceiver(), await startReceiver()]
const base = worker.base
try {
  const scene = await seedAccount(base, PLATFORM_TOKEN, { agents: AGENTS, name: 'Load' })
  const hooks = []
  for (const receiver of receivers) hooks.push(await createWebhook(base, scene, receiver.url))
  // The worker takes each visitor's address from CF-Connecting-IP (kept by wrangler dev when
  // the client sends it): one address per conversation, as 50 visitors on their own machines.
  const conversations = []
  for (let c = 0; c < CONVERSATIONS; c++) {
    const address = `10.9.${Math.floor(c / 250)}.${(c % 250) + 1}`
    conversations.push({ visitor: await startVisitor(base, scene, { address }), tabs: [] })
  }
  const apiLatencies = []
  const socketLatencies = []
  const replySentAt = new Map()
  const accepted = { visitor: [], agent: [] }
  let refused = 0
  let failed = 0
  const record = (res, kind) => {
    apiLatencies.push(res.ms)
    if (res.status === 200) accepted[kind].push({ id: res.json.id, content: res.json.content })
    else if (res.status === 429) refused++
    else failed++
  }
  for (const conversation of conversations) {
    for (let t = 0; t < TABS; t++) {
      const socket = visitorSocket(base, conversation.visitor, {
        onFrame: (frame) => {
          const sent = replySentAt.get(frame.data?.content)
          if (frame.event === 'message.created' && sent)
            socketLatencies.push(performance.now() - sent)
        },
      })
      conversation.tabs.push(socket)
    }
  }
  await Promise.all(conversations.flatMap((c) => c.tabs.map((s) => s.ready)))
  const rssAtStart = worker.rss()

  const loadEnds = Date.now() + loadSeconds * 1000
  const pause = (mean) => sleep(mean * (0.5 + Math.random()))
  const tab = async (conversation, c, t) => {
    // Tabs start spread over one pause, so the load is even from the first second.
    await sleep(Math.random() * thinkMs)
    for (let n = 0; Date.now() < loadEnds; n++) {
      const res = await visitorSays(base, conversation.visitor, `v${c}.${t}.${n}`).catch(() => null)
      if (res) record(res, 'visitor')
      else failed++
      await pause(thinkMs)
    }
  }
  const agent = async (a) => {
    const mine = conversations.filter((_, c) => c % AGENTS === a)
    for (let n = 0; Date.now() < loadEnds; n++) {
      const conversation = mine[n % mine.length]
      const content = `a${a}.${n}`
      replySentAt.set(content, performance.now())
      const res = await agentReplies(
        base,
        scene,
        scene.agents[a],
        conversation.visitor.displayId,
        content,
      ).catch(() => null)
      if (res) record(res, 'agent')
      else failed++
      await pause(thinkMs / 10)
    }
  }
  await Promise.all([
    ...conversations.flatMap((conversation, c) =>
      conversation.tabs.map((_, t) => tab(conversation, c, t)),
    ),
    ...scene.agents.map((_, a) => agent(a)),
  ])
  const loadEndedAt = Date.now()

  // Drained: every event fanned out and every delivery settled (terminal states in D1).
  const pending = async () => {
    const [row] = await worker.d1(
      `select (select count(*) from events where account_id = ${scene.accountId} and fanned_out_at is null)
        + (select count(*) from webhook_deliveries where account_id = ${scene.accountId} and status != 'succeeded') as n`,
      scene.accountId,
    )
    return row.n
  }
  await until(async () => (await pending()) === 0, { timeoutMs: DRAIN_MS, intervalMs: 2000 })
  const drainedAfter = Date.now() - loadEndedAt
  const stillPending = await pending()

  // Every accepted message is in D1 once (the API's list), and reached both receivers once.
  const stored = new Map()
  for (const { visitor } of conversations) {
    for (const m of await visitorMessages(base, visitor)) {
      stored.set(m.content, (stored.get(m.content) ?? 0) + 1)
    }
  }
  const all = [...accepted.visitor, ...accepted.agent]
  const lost = all.filter((m) => !stored.has(m.content)).length
  const duplicated = [...stored.values()].filter((n) => n > 1).length
  const events = await worker.d1(
    `select id from events where account_id = ${scene.accountId}`,
    scene.accountId,
  )
  const hooksTally = receivers.map((receiver, i) =>
    tally(
      receiver,
      events.map((e) => `msg_${e.id}_w${hooks[i].id}`),
    ),
  )
  const announced = receivers.map(
    (r) =>
      new Set(
        r
          .accepted()
          .filter((x) => x.event === 'message_created')
          .map((x) => x.id),
      ),
  )
  const unannounced = all.filter((m) => announced.some((set) => !set.has(m.id))).length
  const sum = (key) => hooksTally.reduce((n, t) => n + t[key], 0)
  const api = percentiles(apiLatencies)
  const live = percentiles(socketLatencies)
  const rssAtEnd = worker.rss()

  console.log(
    `load: ${CONVERSATIONS * TABS} visitors (${TABS} tabs in each of ${CONVERSATIONS} conversations) ` +
      `and ${AGENTS} agents for ${loadSeconds} s, 2 webhooks, at ${base}`,
  )
  console.log(
    `messages accepted: ${all.length} (${accepted.visitor.length} from visitors, ` +
      `${accepted.agent.length} agent replies); lost ${lost}, duplicated ${duplicated} ` +
      `(against D1 through the API); other failures ${failed}`,
  )
  console.log(`rate-limit refusals (429): ${refused}`)
  console.log(
    `webhook events delivered: ${sum('delivered')} of ${events.length * 2} (2 receivers), ` +
      `lost ${sum('lost')}, duplicated ${sum('duplicated')}, accepted messages without their ` +
      `message_created ${unannounced}; drained ${seconds(drainedAfter)} after the load` +
      (stillPending ? ` (${stillPending} still pending)` : ''),
  )
  console.log(`API calls: p50 ${ms(api.p50)}, p99 ${ms(api.p99)} (${apiLatencies.length} calls)`)
  console.log(
    `socket delivery, agent reply → visitor socket frame: p50 ${ms(live.p50)}, ` +
      `p99 ${ms(live.p99)} (${socketLatencies.length} frames)`,
  )
  console.log(`workerd memory (RSS): ${mib(rssAtStart)} at the start, ${mib(rssAtEnd)} at the end`)
  for (const conversation of conversations) for (const s of conversation.tabs) s.close()
} finally {
  await Promise.all(receivers.map((r) => r.close()))
  await worker.stop()
}
