// The faults `npm run chaos` injects into a running Parley, one function per scenario; each
// returns its one line of figures. Every loop is bounded in count and time; loopback only.

import { seconds, sleep, until } from './measure.mjs'
import {
  agentReplies,
  createWebhook,
  deliveryLog,
  seedAccount,
  startVisitor,
  visitorMessages,
  visitorSays,
  visitorSocket,
} from './parley-client.mjs'
import { startReceiver, tally } from './webhook-receiver.mjs'

/** Long enough for a retry scheduled before a crash to come back through the minute sweep. */
const SETTLE_MS = 6 * 60_000

/**
 * Waits until the account's delivery log shows every event delivered (a terminal state: nothing
 * is sent again after success), then checks the receiver against the events D1 holds.
 * `sentAt` maps a message id to when its API call was made, for the delay to its webhook.
 */
async function webhookFigures(worker, scene, hook, receiver, sentAt) {
  const events = await worker.d1(
    `select id from events where account_id = ${scene.accountId}`,
    scene.accountId,
  )
  const expected = events.map((e) => `msg_${e.id}_w${hook.id}`)
  await until(
    async () => {
      const log = await deliveryLog(worker.base, scene, hook.id).catch(() => [])
      return log.filter((row) => row.status === 'succeeded').length >= expected.length
    },
    { timeoutMs: SETTLE_MS, intervalMs: 1000 },
  )
  const firstReceipt = new Map()
  for (const r of receiver.accepted()) {
    if (r.event === 'message_created' && !firstReceipt.has(r.id)) firstReceipt.set(r.id, r.at)
  }
  const delays = [...sentAt].filter(([id]) => firstReceipt.has(id))
  const maxDelay = Math.max(0, ...delays.map(([id, at]) => firstReceipt.get(id) - at))
  return { events: expected.length, maxDelay, ...tally(receiver, expected) }
}

const webhookLine = (f) =>
  `${f.delivered} delivered, lost ${f.lost}, duplicated ${f.duplicated}` +
  `${f.unexpected ? `, unexpected ${f.unexpected}` : ''}, max delay ${seconds(f.maxDelay)}`

/** How many webhook-ids were accepted both before `at` and after it. */
function duplicatesAcross(receiver, at) {
  const before = new Set(
    receiver
      .accepted()
      .filter((r) => r.at < at)
      .map((r) => r.webhookId),
  )
  const after = new Set(
    receiver
      .accepted()
      .filter((r) => r.at >= at)
      .map((r) => r.webhookId),
  )
  return [...before].filter((id) => after.has(id)).length
}

/** N visitor messages while the receiver answers 503 for K seconds; then it comes back. */
export async function receiverOutage(worker, token, { outageSeconds, messages }) {
  const receiver = await startReceiver({ up: false })
  try {
    const started = Date.now()
    const scene = await seedAccount(worker.base, token, { agents: 0, name: 'Chaos outage' })
    const hook = await createWebhook(worker.base, scene, receiver.url)
    const visitors = []
    for (let i = 0; i < 4; i++) {
      visitors.push(await startVisitor(worker.base, scene, { address: `10.1.0.${i + 1}` }))
    }
    const sentAt = new Map()
    const spacing = (outageSeconds * 800) / messages
    for (let i = 0; i < messages; i++) {
      const at = Date.now()
      const res = await visitorSays(worker.base, visitors[i % visitors.length], `outage ${i}`)
      if (res.status === 200) sentAt.set(res.json.id, at)
      await sleep(Math.max(0, started + (i + 1) * spacing - Date.now()))
    }
    await sleep(Math.max(0, started + outageSeconds * 1000 - Date.now()))
    receiver.setUp(true)
    const f = await webhookFigures(worker, scene, hook, receiver, sentAt)
    const refused = receiver.requests.filter((r) => r.status !== 200).length
    return (
      `receiver outage: ${f.events} events (${sentAt.size} messages) during a ${outageSeconds} s ` +
      `outage (${refused} attempts refused) → ${webhookLine(f)}`
    )
  } finally {
    await receiver.close()
  }
}

/**
 * Visitors write while the worker is killed (SIGKILL, workerd included) half-way through; each
 * unanswered message is sent again with its echo_id once the worker is back, as the widget's
 * offline outbox does, so every message is stored once and its events all reach the receiver.
 */
export async function killMidBurst(worker, token, { visitorCount, perVisitor }) {
  const receiver = await startReceiver({ up: true })
  try {
    const scene = await seedAccount(worker.base, token, { agents: 0, name: 'Chaos kill' })
    const hook = await createWebhook(worker.base, scene, receiver.url)
    const visitors = []
    for (let i = 0; i < visitorCount; i++) {
      visitors.push(await startVisitor(worker.base, scene, { address: `10.2.0.${i + 1}` }))
    }
    const total = visitorCount * perVisitor
    const sentAt = new Map()
    let answered = 0
    let answeredBeforeKill = 0
    let resent = 0
    let restartMs = 0
    let back = null
    let killedAt = 0
    const crash = async () => {
      answeredBeforeKill = answered
      killedAt = Date.now()
      await worker.kill()
      const t = Date.now()
      await worker.restart()
      restartMs = Date.now() - t
    }
    const lane = async (visitor, v) => {
      for (let i = 0; i < perVisitor; i++) {
        const firstTry = Date.now()
        for (let attempt = 0; attempt < 20; attempt++) {
          const res = await visitorSays(
            worker.base,
            visitor,
            `kill ${v}.${i}`,
            `chaos-${v}-${i}`,
          ).catch(() => null)
          if (res?.status === 200) {
            if (!sentAt.has(res.json.id)) sentAt.set(res.json.id, firstTry)
            answered++
            if (attempt > 0) resent++
            if (answered === Math.floor(total / 2) && !back) back = crash()
            break
          }
          // The worker is down (or restarting): wait for it, then send the same message again.
          await (back ?? sleep(500))
          await sleep(200)
        }
        await sleep(50)
      }
    }
    await Promise.all(visitors.map((visitor, v) => lane(visitor, v)))
    await back
    let stored = 0
    let duplicatedMessages = 0
    for (const visitor of visitors) {
      const contents = (await visitorMessages(worker.base, visitor)).map((m) => m.content)
      stored += new Set(contents).size
      duplicatedMessages += contents.length - new Set(contents).size
    }
    const f = await webhookFigures(worker, scene, hook, receiver, sentAt)
    // A delivery the receiver answered just before the kill, whose success the kill kept from
    // being recorded, is sent again under the same webhook-id: at least once, never lost.
    const cutOff = duplicatesAcross(receiver, killedAt)
    return (
      `kill and restart mid-burst: ${total} messages, killed after ${answeredBeforeKill} were ` +
      `answered (restart ${seconds(restartMs)}), ${resent} re-sent with their echo_id → ` +
      `${stored} stored, ${duplicatedMessages} twice; ${f.events} events → ${webhookLine(f)}` +
      (f.duplicated
        ? ` (${cutOff} of them answered before the kill, unrecorded: same webhook-id again)`
        : '')
    )
  } finally {
    await receiver.close()
  }
}

/**
 * An agent replies in many conversations while the visitors' sockets keep dropping; each
 * reconnects with `?after=` its last message id. Every reply must arrive once per visitor.
 */
export async function socketDrops(worker, token, { visitorCount, replies }) {
  const scene = await seedAccount(worker.base, token, { agents: 1, name: 'Chaos sockets' })
  const clients = []
  for (let i = 0; i < visitorCount; i++) {
    const visitor = await startVisitor(worker.base, scene, { address: `10.3.0.${i + 1}` })
    clients.push({ visitor, counts: new Map(), lastId: 0, socket: null, replies: [] })
  }
  const connect = (client) => {
    const connection = { dropped: false }
    connection.socket = visitorSocket(worker.base, client.visitor, {
      after: client.lastId,
      onFrame: (frame) => {
        // A dropped socket's late frames are not the client's any more.
        if (connection.dropped || frame.event !== 'message.created') return
        client.counts.set(frame.data.id, (client.counts.get(frame.data.id) ?? 0) + 1)
        client.lastId = Math.max(client.lastId, frame.data.id)
      },
    })
    client.connection = connection
    return connection.socket.ready.catch(() => {})
  }
  await Promise.all(clients.map(connect))
  let drops = 0
  let replying = true
  const monkey = (async () => {
    for (let n = 0; replying && n < 10_000; n++) {
      const client = clients[Math.floor(Math.random() * clients.length)]
      client.connection.dropped = true
      client.connection.socket.close()
      drops++
      await sleep(Math.random() * 100)
      await connect(client)
      await sleep(50 + Math.random() * 100)
    }
  })()
  const agent = scene.agents[0]
  for (let i = 0; i < replies; i++) {
    const client = clients[i % clients.length]
    const res = await agentReplies(worker.base, scene, agent, client.visitor.displayId, `r${i}`)
    if (res.status === 200) client.replies.push(res.json.id)
  }
  replying = false
  await monkey
  const received = (c) => c.replies.every((id) => c.counts.has(id))
  await until(() => clients.every(received), { timeoutMs: 60_000, intervalMs: 200 })
  const sent = clients.reduce((n, c) => n + c.replies.length, 0)
  const missing = clients.reduce(
    (n, c) => n + c.replies.filter((id) => !c.counts.has(id)).length,
    0,
  )
  const duplicated = clients.reduce(
    (n, c) => n + c.replies.filter((id) => (c.counts.get(id) ?? 0) > 1).length,
    0,
  )
  for (const c of clients) c.connection.socket.close()
  return (
    `socket drops during replies: ${sent} replies to ${visitorCount} visitors while their ` +
    `sockets dropped ${drops} times and reconnected with ?after= → ` +
    `${sent - missing - duplicated} received exactly once, missing ${missing}, duplicated ${duplicated}`
  )
}
