import { describe, expect, it } from 'vitest'
import { outOfOffice } from '../../../worker/automation/out-of-office'
import { nowSeconds } from '../../../worker/lib/time'
import {
  agentPost,
  conversationOf,
  createVisitor,
  eventRows,
  publicScene,
  startConversation,
} from '../public-helpers'
import {
  automaticMessageSent,
  automaticMessages,
  eventIdsOf,
  messagesOf,
  rerunAutomations,
  runWithMessageTime,
} from './automation-helpers'

const AWAY = 'We are away; we answer from Monday 9:00 (Berlin time).'
const at = (iso: string) => Date.parse(iso) / 1000
const days = [0, 1, 2, 3, 4, 5, 6]
const weekdays = days.map((day) =>
  day === 0 || day === 6
    ? { day_of_week: day, closed_all_day: true }
    : { day_of_week: day, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0 },
)
const alwaysClosed = days.map((day) => ({ day_of_week: day, closed_all_day: true }))
/** What the runs with a controlled clock switch on (the real requests run with it off). */
const ON = { working_hours_enabled: true }

async function awayScene(settings: Record<string, unknown> = {}) {
  const { world, inbox } = await publicScene('web_widget', {
    settings: {
      working_hours_enabled: false,
      working_hours: weekdays,
      timezone: 'Europe/Berlin',
      out_of_office_message: AWAY,
      ...settings,
    },
  })
  const visitor = await createVisitor(inbox)
  const conversation = await startConversation(inbox, visitor)
  /** The visitor writes; returns the id of its message_created event. */
  const write = async (content: string) => {
    const res = await inbox.call(`${conversationOf(visitor, conversation.displayId)}/messages`, {
      body: { content },
    })
    expect(res.status, res.text).toBe(200)
    return (await eventIdsOf(world.accountId, conversation.id, 'message_created')).slice(-1)
  }
  return { world, inbox, visitor, conversation, write, accountId: world.accountId }
}

describe('the out-of-office message', () => {
  it('answers a visitor who writes while closed, once per conversation, not once per message', async () => {
    const s = await awayScene({ working_hours_enabled: true, working_hours: alwaysClosed })
    await s.write('Hello?')
    const sent = await automaticMessageSent(s.accountId, s.conversation.id, 'out_of_office')
    expect(sent).toMatchObject({ message_type: 3, content: AWAY, private: 0 })
    expect(
      (await eventRows(s.accountId, 'message_created')).some((e) => e.message_id === sent.id),
    ).toBe(true)
    await s.write('Anyone there?')
    // Every message's follow-up, run again as after a crash, sends nothing more.
    const all = await eventIdsOf(s.accountId, s.conversation.id, 'message_created')
    expect(await rerunAutomations(s.accountId, all, nowSeconds())).toEqual([])
    expect(await automaticMessages(s.accountId, s.conversation.id, 'out_of_office')).toHaveLength(1)
  })

  it('is sent for a message written on a closed Saturday, and only once for a second one', async () => {
    const s = await awayScene()
    const saturday = at('2026-01-17T10:00:00Z') // 11:00 in Berlin
    const first = await s.write('Hello?')
    expect(
      (await runWithMessageTime(outOfOffice, s.accountId, first, saturday, ON)).length,
    ).toBeGreaterThan(0)
    const second = await s.write('Anyone?')
    expect(await runWithMessageTime(outOfOffice, s.accountId, second, saturday + 60, ON)).toEqual(
      [],
    )
    expect(await automaticMessages(s.accountId, s.conversation.id, 'out_of_office')).toHaveLength(1)
  })

  it('stays silent inside working hours on the inbox clock, across the DST change', async () => {
    const s = await awayScene()
    const ids = await s.write('Question')
    // Monday 2026-03-30 09:30 CEST (07:30 UTC): open, the day after Berlin's spring change.
    expect(
      await runWithMessageTime(outOfOffice, s.accountId, ids, at('2026-03-30T07:30:00Z'), ON),
    ).toEqual([])
    // Wednesday 2026-01-14 16:59 CET (15:59 UTC): open; 17:00 is closing time.
    expect(
      await runWithMessageTime(outOfOffice, s.accountId, ids, at('2026-01-14T15:59:00Z'), ON),
    ).toEqual([])
    expect(await automaticMessages(s.accountId, s.conversation.id, 'out_of_office')).toEqual([])
    // Friday 2026-03-27 08:30 CET (07:30 UTC): not yet open.
    expect(
      (await runWithMessageTime(outOfOffice, s.accountId, ids, at('2026-03-27T07:30:00Z'), ON))
        .length,
    ).toBeGreaterThan(0)
  })

  it('stays silent when working hours are off, the message is blank, or an agent wrote', async () => {
    const sunday = at('2026-01-18T12:00:00Z')
    const off = await awayScene()
    expect(
      await runWithMessageTime(outOfOffice, off.accountId, await off.write('Hi'), sunday),
    ).toEqual([])
    const blank = await awayScene({ out_of_office_message: '  ' })
    expect(
      await runWithMessageTime(outOfOffice, blank.accountId, await blank.write('Hi'), sunday, ON),
    ).toEqual([])
    const s = await awayScene()
    await agentPost(s.world, s.conversation.displayId, { content: 'An agent writes' })
    const agentEvent = (await eventIdsOf(s.accountId, s.conversation.id, 'message_created')).slice(
      -1,
    )
    expect(await runWithMessageTime(outOfOffice, s.accountId, agentEvent, sunday, ON)).toEqual([])
  })

  it('does not interrupt a conversation an agent answered in the last five minutes', async () => {
    const s = await awayScene({ working_hours: alwaysClosed })
    await agentPost(s.world, s.conversation.displayId, { content: 'Still here' })
    const ids = await s.write('Thanks, one more thing')
    const message = (await messagesOf(s.accountId, s.conversation.id)).at(-1)!
    expect(await runWithMessageTime(outOfOffice, s.accountId, ids, message.created_at, ON)).toEqual(
      [],
    )
    // Had the visitor written six minutes after that reply, the message would go.
    expect(
      (await runWithMessageTime(outOfOffice, s.accountId, ids, message.created_at + 360, ON))
        .length,
    ).toBeGreaterThan(0)
  })
})
