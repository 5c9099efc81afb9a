// The cron triggers of wrangler.toml, run locally. `wrangler dev` never fires them on its own, so
// without this nothing would auto-resolve, wake snoozed conversations or sweep the outbox under
// `npm start`. It runs `wrangler dev --test-scheduled` and calls its `/__scheduled` route at
// each minute a cron matches, as Cloudflare does deployed. Plain ESM for Node 20 and 22.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The flag that makes `wrangler dev` serve `/__scheduled`. */
export const TEST_SCHEDULED_FLAG = '--test-scheduled'

/** The `crons = [...]` of wrangler.toml's `[triggers]`. */
export function configuredCrons(configPath = path.join(root, 'wrangler.toml')) {
  const text = readFileSync(configPath, 'utf8')
  const triggers = text.split(/^\[triggers\]\s*$/m)[1]?.split(/^\[/m)[0] ?? ''
  const list = triggers.match(/^\s*crons\s*=\s*\[([^\]]*)\]/m)?.[1] ?? ''
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1])
}

const FIELD_RANGES = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
]

/** Whether `value` is in one cron field (`*`, `n`, `a-b`, `*​/s`, `a-b/s` and lists of them). */
function fieldMatches(field, value, [min, max]) {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/')
    const step = stepText === undefined ? 1 : Number(stepText)
    const [from, to] =
      range === '*'
        ? [min, max]
        : range.includes('-')
          ? range.split('-').map(Number)
          : [Number(range), stepText === undefined ? Number(range) : max]
    if (![from, to, step].every(Number.isInteger) || step < 1) {
      throw new Error(`unsupported cron field: ${field}`)
    }
    return value >= from && value <= to && (value - from) % step === 0
  })
}

/**
 * Whether a five-field cron expression fires at this minute (UTC, as Cloudflare runs them). As
 * in cron, when both day fields are restricted a day matching either one fires.
 */
export function cronMatches(expression, date) {
  const fields = expression.trim().split(/\s+/)
  if (fields.length !== 5) throw new Error(`unsupported cron expression: ${expression}`)
  const [, , day, , weekday] = fields
  const values = [
    date.getUTCMinutes(),
    date.getUTCHours(),
    date.getUTCDate(),
    date.getUTCMonth() + 1,
    date.getUTCDay(),
  ]
  const is = (i) => fieldMatches(fields[i], values[i], FIELD_RANGES[i])
  const dayMatches = day !== '*' && weekday !== '*' ? is(2) || is(4) : is(2) && is(4)
  return is(0) && is(1) && is(3) && dayMatches
}

/** Runs the scheduled handler once for `cron`, through wrangler's `/__scheduled` route. */
export async function fireCron(baseUrl, cron) {
  const res = await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent(cron)}`)
  await res.text()
  if (!res.ok) throw new Error(`/__scheduled answered ${res.status}`)
}

/**
 * Fires each configured cron at every minute it matches, until stopped. A run that fails (the
 * server restarting) is logged and the next minute tries again, as the cron would.
 */
export function startLocalCron(baseUrl, { crons = configuredCrons(), log = console } = {}) {
  let timer
  const tick = () => {
    const now = new Date()
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000)
    for (const cron of crons) {
      if (!cronMatches(cron, minute)) continue
      fireCron(baseUrl, cron).catch((error) =>
        log.error(`[local cron] ${cron}: ${error instanceof Error ? error.message : error}`),
      )
    }
    schedule()
  }
  const schedule = () => {
    // A second past each minute boundary, so a run sees the minute it belongs to.
    const wait = 60_000 - (Date.now() % 60_000) + 1_000
    timer = setTimeout(tick, wait)
    timer.unref?.()
  }
  schedule()
  return { stop: () => clearTimeout(timer) }
}
