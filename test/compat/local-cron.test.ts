import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { configuredCrons, cronMatches, fireCron } from '../../scripts/local-cron.mjs'
import { plain, world } from './world'

/**
 * The local cron as `npm start` runs it: `wrangler dev --test-scheduled` (this suite's worker is
 * started with the same flag), fired through `/__scheduled` by the same `fireCron` the
 * minute ticker calls, so auto-resolve and snooze wake-ups happen locally as they do deployed.
 */
const w = world()
const root = path.resolve(import.meta.dirname, '../..')
const accountPath = `/api/v1/accounts/${w.accountId}`
const nowSeconds = () => Math.floor(Date.now() / 1000)

async function newConversation() {
  const contact = await plain(`${accountPath}/contacts`, w.admin.token, {
    method: 'POST',
    body: JSON.stringify({ inbox_id: w.inboxId, name: `Cron ${Date.now()}` }),
  })
  expect(contact.status).toBe(200)
  const conversation = await plain(`${accountPath}/conversations`, w.admin.token, {
    method: 'POST',
    body: JSON.stringify({
      source_id: contact.json.payload.contact_inbox.source_id,
      message: { content: 'Is anyone there?' },
    }),
  })
  expect(conversation.status).toBe(200)
  return conversation.json.id as number
}

const statusOf = async (displayId: number) =>
  (await plain(`${accountPath}/conversations/${displayId}`, w.admin.token)).json.status

/**
 * Runs SQL on one of the running worker's local databases: the rows of its result. The running
 * worker holds the same SQLite file and writes to it on its own (the cron, queue consumers), so a
 * write from here can find it locked for a moment: SQLITE_BUSY is tried again, anything else fails.
 */
function d1Execute(binding: string, sql: string): Record<string, unknown>[] {
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync(
      path.join(root, 'node_modules', '.bin', 'wrangler'),
      [
        'd1',
        'execute',
        binding,
        '--local',
        '--persist-to',
        w.persistDir,
        '--json',
        '--command',
        sql,
      ],
      { cwd: root, encoding: 'utf8' },
    )
    if (run.status === 0) return JSON.parse(run.stdout)[0]?.results ?? []
    if (attempt >= 5 || !/SQLITE_BUSY|database is locked/.test(run.stderr)) {
      throw new Error(`wrangler d1 execute failed: ${run.stderr}`)
    }
  }
}

/** Moves a conversation's last activity into the past, on the shard that holds the account. */
function ageConversation(displayId: number, seconds: number) {
  const [row] = d1Execute(
    'DIRECTORY',
    `select shard from account_shards where account_id = ${w.accountId}`,
  )
  if (!row) throw new Error(`account ${w.accountId} is on no shard`)
  d1Execute(
    `SHARD_${row.shard}`,
    `update conversations set last_activity_at = last_activity_at - ${seconds} where account_id = ${w.accountId} and display_id = ${displayId}`,
  )
}

describe('the local cron', () => {
  it("reads wrangler.toml's crons and matches them minute by minute", () => {
    expect(configuredCrons()).toEqual(['* * * * *'])
    const at = new Date(Date.UTC(2026, 10, 23, 22, 30))
    expect(cronMatches('* * * * *', at)).toBe(true)
    expect(cronMatches('*/15 * * * *', at)).toBe(true)
    expect(cronMatches('*/7 * * * *', at)).toBe(false)
    expect(cronMatches('30 22 * * 1', at)).toBe(true)
    expect(cronMatches('0 0 1 * *', at)).toBe(false)
    expect(() => cronMatches('@daily', at)).toThrow(/unsupported/)
  })

  it('wakes a snoozed conversation once its snoozed_until has passed', async () => {
    const displayId = await newConversation()
    const snoozed = await plain(
      `${accountPath}/conversations/${displayId}/toggle_status`,
      w.admin.token,
      {
        method: 'POST',
        body: JSON.stringify({ status: 'snoozed', snoozed_until: nowSeconds() + 1 }),
      },
    )
    expect(snoozed.status).toBe(200)
    expect(await statusOf(displayId)).toBe('snoozed')
    await expect
      .poll(
        async () => {
          await fireCron(w.base, '* * * * *')
          return statusOf(displayId)
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('open')
  })

  it("auto-resolves a conversation idle past the account's auto_resolve_after", async () => {
    const settings = await plain(accountPath, w.admin.token, {
      method: 'PATCH',
      body: JSON.stringify({ auto_resolve_after: 60 }),
    })
    expect(settings.status).toBe(200)
    const idle = await newConversation()
    const busy = await newConversation()
    await fireCron(w.base, '* * * * *')
    expect(await statusOf(idle)).toBe('open')
    ageConversation(idle, 2 * 3600)
    await fireCron(w.base, '* * * * *')
    expect(await statusOf(idle)).toBe('resolved')
    expect(await statusOf(busy)).toBe('open')
    await plain(accountPath, w.admin.token, {
      method: 'PATCH',
      body: JSON.stringify({ auto_resolve_after: null }),
    })
  })
})
