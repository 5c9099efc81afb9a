// `npm run chaos`: faults injected into a running Parley, one line of figures per scenario. It
// starts its own `wrangler dev` (as `npm start` runs it, with the minute cron, on a free port and
// its own state under .wrangler/chaos-state), so it needs nothing else running.
//
//   --outage <s>   length of the receiver outage (default 15)
//   --fast         sweeps' ages 5 s and the cron every 5 s, instead of production's 30-60 s
//                  and every minute (recovery figures are then not production's)

import { killMidBurst, receiverOutage, socketDrops } from './chaos-scenarios.mjs'
import { fireCron } from './local-cron.mjs'
import { startLocalWorker } from './local-worker.mjs'
import { flag, hasFlag } from './measure.mjs'

const PLATFORM_TOKEN = 'chaos-platform-token-0123456789abcdef012345678'
const fast = hasFlag('fast')
const outageSeconds = Number(flag('outage', 15))

const worker = await startLocalWorker({
  name: 'chaos',
  cron: !fast,
  vars: {
    PLATFORM_API_TOKEN: PLATFORM_TOKEN,
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost',
    ...(fast ? { SWEEP_AGE_SECONDS: '5' } : {}),
  },
})
// Under --fast the cron runs every 5 s; a run while the worker is down just fails.
const ticker = fast
  ? setInterval(() => fireCron(worker.base, '* * * * *').catch(() => {}), 5_000)
  : null
console.log(
  `Parley under wrangler dev at ${worker.base}; ` +
    (fast
      ? 'sweeps after 5 s, cron every 5 s (--fast)'
      : 'sweeps after 30 s (unpublished) and 60 s (not fanned out, overdue), cron every minute'),
)
try {
  console.log(await receiverOutage(worker, PLATFORM_TOKEN, { outageSeconds, messages: 40 }))
  console.log(await killMidBurst(worker, PLATFORM_TOKEN, { visitorCount: 5, perVisitor: 12 }))
  console.log(await socketDrops(worker, PLATFORM_TOKEN, { visitorCount: 10, replies: 200 }))
} finally {
  if (ticker) clearInterval(ticker)
  await worker.stop()
}
