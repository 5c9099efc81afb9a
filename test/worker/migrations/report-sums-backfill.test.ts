import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createInbox, insertTeam } from '../conversation-helpers'
import { accountDb, createWorld } from '../helpers'
import { recordHistory } from '../reports/report-helpers'

const H = 3600
const DAY = 86400
/** Monday 2 March 2026, 00:00 UTC. */
const D = Date.UTC(2026, 2, 2) / 1000

async function allSums(db: D1Database) {
  const { results } = await db
    .prepare('select * from report_sums order by account_id, dimension, dimension_id, span, bucket')
    .all()
  return results
}

describe('migration 0025 (report sums from the events)', () => {
  it('sums the events already written into exactly the rows the write path keeps', async () => {
    const world = await createWorld()
    const team = await insertTeam(world.accountId)
    const agent = world.agent.id
    const inbox = await createInbox(world)
    await recordHistory(world.accountId, inbox.id, [
      { name: 'conversation_created', at: D + 10 * H + 917, userId: agent, teamId: team.id },
      { name: 'conversation_created', at: D + 23 * H + 1800 },
      { name: 'incoming_message', at: D + 10 * H + 917, teamId: team.id },
      { name: 'outgoing_message', at: D + 10 * H + 1200, userId: agent, teamId: team.id },
      { name: 'first_response', at: D + 10 * H + 1200, value: 283, userId: agent },
      { name: 'reply_time', at: D + 10 * H + 1230, value: 30, userId: agent, teamId: team.id },
      { name: 'conversation_resolved', at: D + DAY + 5, value: 49_500, userId: agent },
    ])
    const db = await accountDb(world.accountId)
    const written = await allSums(db)
    expect(written.length).toBeGreaterThan(20)

    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.includes('report_sums_backfill'))
    expect(backfill).toBeDefined()
    await db.prepare('delete from report_sums').run()
    for (const query of backfill?.queries ?? []) await db.prepare(query).run()
    expect(await allSums(db)).toEqual(written)
  })
})
