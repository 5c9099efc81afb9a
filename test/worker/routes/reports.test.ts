import { beforeAll, describe, expect, it } from 'vitest'
import { createInbox, insertTeam } from '../conversation-helpers'
import { api, createWorld, expectError, type World } from '../helpers'
import {
  getReport,
  type Happening,
  rebuildRollups,
  recordHistory,
  reportsPath,
  rollupRows,
} from '../reports/report-helpers'

const H = 3600
const DAY = 86400
/** Monday 2 March 2026, 00:00 UTC. */
const D = Date.UTC(2026, 2, 2) / 1000

let world: World
let inboxA: number
let inboxB: number
let teamX: number

/**
 * A constructed history. Conversations: #1 Mon 10:15 (inbox A, team X, the agent), #2 Mon 23:30
 * (inbox A), #3 Tue 02:00 (inbox B, the admin), #4 Mon 9 Mar 12:00 (the agent), #5 Wed 1 Apr
 * 00:00 UTC, which is still 31 March at UTC−5.
 */
function history(): Happening[] {
  const agent = world.agent.id
  const admin = world.admin.id
  return [
    { name: 'conversation_created', at: D + 10 * H + 900, userId: agent, teamId: teamX },
    { name: 'conversation_created', at: D + 23 * H + 1800 },
    { name: 'conversation_created', at: D + DAY + 2 * H, inboxId: inboxB, userId: admin },
    { name: 'conversation_created', at: D + 7 * DAY + 12 * H, userId: agent },
    { name: 'conversation_created', at: D + 30 * DAY },
    { name: 'incoming_message', at: D + 10 * H + 900, teamId: teamX },
    { name: 'incoming_message', at: D + 23 * H + 1800 },
    { name: 'incoming_message', at: D + DAY + 2 * H, inboxId: inboxB },
    { name: 'outgoing_message', at: D + 10 * H + 1200, userId: agent, teamId: teamX },
    { name: 'outgoing_message', at: D + DAY + 2 * H + 600, inboxId: inboxB, userId: admin },
    {
      name: 'first_response',
      at: D + 10 * H + 1200,
      value: 300,
      userId: agent,
      teamId: teamX,
    },
    {
      name: 'first_response',
      at: D + DAY + 2 * H + 600,
      value: 600,
      inboxId: inboxB,
      userId: admin,
    },
    { name: 'first_response', at: D + 7 * DAY + 12 * H + 60, value: 60, userId: agent },
    { name: 'reply_time', at: D + 10 * H + 1200, value: 300, userId: agent, teamId: teamX },
    { name: 'conversation_resolved', at: D + DAY, value: 49_500, userId: agent, teamId: teamX },
    { name: 'conversation_resolved', at: D + 8 * DAY, value: 43_200, userId: agent },
  ]
}

const zeros = {
  conversations_count: 0,
  incoming_messages_count: 0,
  outgoing_messages_count: 0,
  avg_first_response_time: 0,
  avg_resolution_time: 0,
  resolutions_count: 0,
  reply_time: 0,
}

const summary = (query: string) =>
  getReport(world.accountId, `reports/summary?${query}`, world.admin.token)
const series = (query: string) => getReport(world.accountId, `reports?${query}`, world.admin.token)
const conversations = (query: string) => series(`metric=conversations_count&${query}`)

beforeAll(async () => {
  world = await createWorld()
  inboxA = (await createInbox(world, 'api')).id
  inboxB = (await createInbox(world, 'api')).id
  teamX = (await insertTeam(world.accountId)).id
  await recordHistory(world.accountId, inboxA, history())
})

describe('GET /api/v2/accounts/{id}/reports/summary', () => {
  it("sums a week of the account's history, with the week before as previous", async () => {
    expect(await summary(`since=${D}&until=${D + 7 * DAY}`)).toEqual({
      conversations_count: 3,
      incoming_messages_count: 3,
      outgoing_messages_count: 2,
      avg_first_response_time: 450,
      avg_resolution_time: 49_500,
      resolutions_count: 1,
      reply_time: 300,
      previous: zeros,
    })
  })

  it('counts exactly at ragged edges inside hours, and the equally long range before', async () => {
    // From 10:16 Monday to 02:00 Tuesday (exclusive): #2 only, the 10:20 reply, the midnight resolution.
    const since = D + 10 * H + 960
    const until = D + DAY + 2 * H
    expect(await summary(`since=${since}&until=${until}`)).toEqual({
      conversations_count: 1,
      incoming_messages_count: 1,
      outgoing_messages_count: 1,
      avg_first_response_time: 300,
      avg_resolution_time: 49_500,
      resolutions_count: 1,
      reply_time: 300,
      previous: { ...zeros, conversations_count: 1, incoming_messages_count: 1 },
    })
  })

  it('counts by the minute: a range inside a minute counts that whole minute', async () => {
    // #1 was created at 10:15:00; the range 10:15:30–10:15:45 widens to 10:15–10:16.
    const inside = await summary(`since=${D + 10 * H + 930}&until=${D + 10 * H + 945}`)
    expect(inside.conversations_count).toBe(1)
    const after = await summary(`since=${D + 10 * H + 960}&until=${D + 10 * H + 1190}`)
    expect(after.conversations_count).toBe(0)
  })

  it('narrows to an agent (the conversations they hold), an inbox or a team', async () => {
    const range = `since=${D}&until=${D + 31 * DAY}`
    expect(await summary(`${range}&type=agent&id=${world.agent.id}`)).toMatchObject({
      conversations_count: 2,
      incoming_messages_count: 0,
      outgoing_messages_count: 1,
      avg_first_response_time: 180,
      avg_resolution_time: 46_350,
      resolutions_count: 2,
      reply_time: 300,
    })
    expect(await summary(`${range}&type=inbox&id=${inboxB}`)).toMatchObject({
      conversations_count: 1,
      incoming_messages_count: 1,
      outgoing_messages_count: 1,
      avg_first_response_time: 600,
      resolutions_count: 0,
    })
    expect(await summary(`${range}&type=team&id=${teamX}`)).toMatchObject({
      conversations_count: 1,
      incoming_messages_count: 1,
      avg_first_response_time: 300,
      resolutions_count: 1,
    })
  })

  it('reads the same figures after the rollups are rebuilt from the events', async () => {
    const before = await rollupRows(world.accountId)
    const figures = await summary(`since=${D - DAY}&until=${D + 40 * DAY}`)
    await rebuildRollups(world.accountId)
    expect(await rollupRows(world.accountId)).toEqual(before)
    expect(await summary(`since=${D - DAY}&until=${D + 40 * DAY}`)).toEqual(figures)
    expect(figures.conversations_count).toBe(5)
  })
})

describe('GET /api/v2/accounts/{id}/reports', () => {
  it('groups by UTC day by default, zeros included', async () => {
    expect(await conversations(`since=${D}&until=${D + 3 * DAY}`)).toEqual([
      { value: 2, timestamp: D },
      { value: 1, timestamp: D + DAY },
      { value: 0, timestamp: D + 2 * DAY },
    ])
  })

  it('groups by the days of timezone_offset, starting with the period holding since', async () => {
    // At UTC−5 Monday runs from 05:00 to 05:00 UTC: #1, #2 and #3 all fall on it.
    expect(
      await conversations(`since=${D}&until=${D + 3 * DAY}&group_by=day&timezone_offset=-5`),
    ).toEqual([
      { value: 0, timestamp: D - 19 * H },
      { value: 3, timestamp: D + 5 * H },
      { value: 0, timestamp: D + 29 * H },
      { value: 0, timestamp: D + 53 * H },
    ])
    // At UTC+5:30 days turn at 18:30 UTC, inside an hour: #2 (23:30) is on Tuesday with #3.
    expect(await conversations(`since=${D}&until=${D + 3 * DAY}&timezone_offset=5.5`)).toEqual([
      { value: 1, timestamp: D - 5.5 * H },
      { value: 2, timestamp: D + 18.5 * H },
      { value: 0, timestamp: D + 42.5 * H },
      { value: 0, timestamp: D + 66.5 * H },
    ])
  })

  it('averages the time metrics per period, with how many events each average is over', async () => {
    expect(await series(`metric=avg_first_response_time&since=${D}&until=${D + 2 * DAY}`)).toEqual([
      { value: 300, timestamp: D, count: 1 },
      { value: 600, timestamp: D + DAY, count: 1 },
    ])
    expect(
      await series(`metric=avg_resolution_time&since=${D}&until=${D + 14 * DAY}&group_by=week`),
    ).toEqual([
      { value: 49_500, timestamp: D, count: 1 },
      { value: 43_200, timestamp: D + 7 * DAY, count: 1 },
    ])
  })

  it('groups by weeks from Monday, months and years, in the offset', async () => {
    expect(await conversations(`since=${D - DAY}&until=${D + 14 * DAY}&group_by=week`)).toEqual([
      { value: 0, timestamp: D - 7 * DAY },
      { value: 3, timestamp: D },
      { value: 1, timestamp: D + 7 * DAY },
    ])
    const mayFirst = Date.UTC(2026, 4, 1) / 1000
    const month = (m: number) => Date.UTC(2026, m, 1) / 1000
    expect(await conversations(`since=${D - DAY}&until=${mayFirst}&group_by=month`)).toEqual([
      { value: 4, timestamp: month(2) },
      { value: 1, timestamp: month(3) },
    ])
    // At UTC−5, #5 (1 April 00:00 UTC) is still in March, and 1 March 00:00 UTC in February.
    expect(
      await conversations(`since=${D - DAY}&until=${mayFirst}&group_by=month&timezone_offset=-5`),
    ).toEqual([
      { value: 0, timestamp: month(1) + 5 * H },
      { value: 5, timestamp: month(2) + 5 * H },
      { value: 0, timestamp: month(3) + 5 * H },
    ])
    expect(await conversations(`since=${D}&until=${D + 40 * DAY}&group_by=year`)).toEqual([
      { value: 5, timestamp: Date.UTC(2026, 0, 1) / 1000 },
    ])
  })

  it('groups by hour, and narrows a series to an agent, inbox or team', async () => {
    const hours = `since=${D + 10 * H}&until=${D + 12 * H}&group_by=hour`
    expect(await series(`metric=outgoing_messages_count&${hours}`)).toEqual([
      { value: 1, timestamp: D + 10 * H },
      { value: 0, timestamp: D + 11 * H },
    ])
    const days = `since=${D}&until=${D + 2 * DAY}`
    expect(await conversations(`${days}&type=agent&id=${world.agent.id}`)).toEqual([
      { value: 1, timestamp: D },
      { value: 0, timestamp: D + DAY },
    ])
    expect(await conversations(`${days}&type=inbox&id=${inboxB}`)).toEqual([
      { value: 0, timestamp: D },
      { value: 1, timestamp: D + DAY },
    ])
    expect(await series(`metric=resolutions_count&${days}&type=team&id=${teamX}`)).toEqual([
      { value: 0, timestamp: D },
      { value: 1, timestamp: D + DAY },
    ])
  })
})

describe('GET /api/v2/accounts/{id}/summary_reports/{agent,inbox,team}', () => {
  it("lists each agent's, inbox's and team's figures, null where nothing is averaged", async () => {
    const range = `since=${D}&until=${D + 31 * DAY}`
    const agents = await getReport(
      world.accountId,
      `summary_reports/agent?${range}`,
      world.admin.token,
    )
    expect(agents).toEqual(
      [
        {
          id: world.admin.id,
          conversations_count: 1,
          resolved_conversations_count: 0,
          avg_resolution_time: null,
          avg_first_response_time: 600,
          avg_reply_time: null,
        },
        {
          id: world.agent.id,
          conversations_count: 2,
          resolved_conversations_count: 2,
          avg_resolution_time: 46_350,
          avg_first_response_time: 180,
          avg_reply_time: 300,
        },
      ].sort((a, b) => a.id - b.id),
    )
    const inboxes = await getReport(
      world.accountId,
      `summary_reports/inbox?${range}`,
      world.admin.token,
    )
    expect(
      inboxes.map((r: { id: number; conversations_count: number }) => [
        r.id,
        r.conversations_count,
      ]),
    ).toEqual([
      [inboxA, 4],
      [inboxB, 1],
    ])
    const teams = await getReport(
      world.accountId,
      `summary_reports/team?${range}`,
      world.admin.token,
    )
    expect(teams).toEqual([
      {
        id: teamX,
        conversations_count: 1,
        resolved_conversations_count: 1,
        avg_resolution_time: 49_500,
        avg_first_response_time: 300,
        avg_reply_time: 300,
      },
    ])
  })
})

describe('the reports API refuses', () => {
  const path = (rest: string) => reportsPath(world.accountId, rest)

  it('bad queries with a 422 in the envelope', async () => {
    const token = world.admin.token
    for (const rest of [
      `reports/summary?type=agent`,
      `reports/summary?since=${D}&until=${D}`,
      `reports/summary?type=label&id=1`,
      `reports?metric=nonsense`,
      `reports?metric=conversations_count&since=${D}&until=${D + 90 * DAY}&group_by=hour`,
      `reports?metric=conversations_count&timezone_offset=15`,
      `reports?metric=conversations_count&since=soon`,
    ]) {
      expectError(await api(path(rest), { token }), 422)
    }
  })

  it("another account's agents, inboxes and teams with 404", async () => {
    const other = await createWorld()
    const otherInbox = (await createInbox(other, 'api')).id
    const otherTeam = (await insertTeam(other.accountId)).id
    const token = world.admin.token
    for (const query of [
      `type=inbox&id=${otherInbox}`,
      `type=team&id=${otherTeam}`,
      `type=agent&id=${other.agent.id}`,
    ]) {
      expectError(await api(path(`reports/summary?${query}`), { token }), 404, 'not_found')
      const days = `since=${D}&until=${D + DAY}`
      const res = await api(path(`reports?metric=conversations_count&${days}&${query}`), { token })
      expectError(res, 404, 'not_found')
    }
  })

  it("agents (403), another account's members (403) and no credentials (401)", async () => {
    const other = await createWorld()
    const routes = [
      'reports/summary',
      'reports?metric=conversations_count',
      'summary_reports/agent',
      'summary_reports/inbox',
      'summary_reports/team',
    ]
    for (const rest of routes) {
      expectError(await api(path(rest), { token: world.agent.token }), 403)
      for (const token of [other.admin.token, other.agent.token]) {
        const res = await api(path(rest), { token })
        expectError(res, 403)
        expect(res.text).not.toContain('conversations_count')
      }
      expectError(await api(path(rest)), 401)
    }
  })
})
