import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { runAutomations } from '../../../worker/automation/run'
import { createDb } from '../../../worker/db/client'
import { recordReportingEventsStatements } from '../../../worker/db/queries/reporting-events'
import { businessHoursReporting } from '../../../worker/reports/business-hours'
import { accountDb, api, createWorld } from '../helpers'
import {
  conversationOf,
  createPublicInbox,
  createVisitor,
  startConversation,
} from '../public-helpers'

// Monday 2026-03-02 10:00 in Madrid (09:00 UTC); the first response came 66 hours after the
// conversation began on Friday 16:00. Working hours Monday to Friday 9:00–17:00 (the default):
// one hour on Friday, one on Monday.
const MONDAY_10 = Date.UTC(2026, 2, 2, 9) / 1000
const WAITED = 66 * 3600

async function scene(workingHours: boolean) {
  const world = await createWorld()
  const inbox = await createPublicInbox(world, 'web_widget', {
    settings: { working_hours_enabled: workingHours, timezone: 'Europe/Madrid' },
  })
  const visitor = await createVisitor(inbox, { name: 'Mia' })
  const conversation = await startConversation(inbox, visitor)
  const path = `${conversationOf(visitor, conversation.displayId)}/messages`
  expect((await inbox.call(path, { body: { content: 'Hello' } })).status).toBe(200)
  const db = createDb(await accountDb(world.accountId))
  // The first response as the write path records it, on the test's clock.
  await db.batch([
    ...recordReportingEventsStatements(db, [
      {
        accountId: world.accountId,
        name: 'first_response',
        value: WAITED,
        conversationId: conversation.id,
        inboxId: inbox.id,
        userId: null,
        teamId: null,
        createdAt: MONDAY_10,
      },
    ]),
  ] as never)
  const { results } = await (await accountDb(world.accountId))
    .prepare("select id from events where conversation_id = ? and kind = 'message_created'")
    .bind(conversation.id)
    .all<{ id: number }>()
  const run = () =>
    runAutomations(
      env,
      db,
      world.accountId,
      results.map((r) => r.id),
      [businessHoursReporting],
      MONDAY_10,
    )
  const summary = async (query: string) =>
    (
      await api(`/api/v2/accounts/${world.accountId}/reports/summary?${query}`, {
        token: world.admin.token,
      })
    ).json.avg_first_response_time
  return { run, summary }
}

const wholeDay = `since=${MONDAY_10 - 9 * 3600}&until=${MONDAY_10 + 15 * 3600}`
const raggedEdge = `since=${MONDAY_10 - 1}&until=${MONDAY_10 + 1}`

describe('reports with business_hours=true', () => {
  it("count first response in the inbox's working hours, from hour and minute sums alike", async () => {
    const s = await scene(true)
    await s.run()
    expect(await s.summary(wholeDay)).toBe(WAITED)
    expect(await s.summary(`${wholeDay}&business_hours=true`)).toBe(2 * 3600)
    expect(await s.summary(`${raggedEdge}&business_hours=true`)).toBe(2 * 3600)
    expect(await s.summary(`${raggedEdge}&business_hours=false`)).toBe(WAITED)
  })

  it('correct each event once, however often the follow-up runs again', async () => {
    const s = await scene(true)
    await s.run()
    await s.run()
    expect(await s.summary(`${wholeDay}&business_hours=true`)).toBe(2 * 3600)
  })

  it('count every hour for an inbox without working hours', async () => {
    const s = await scene(false)
    await s.run()
    expect(await s.summary(`${wholeDay}&business_hours=true`)).toBe(WAITED)
  })
})
