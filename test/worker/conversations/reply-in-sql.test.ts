import { describe, expect, it } from 'vitest'
import {
  type Conversation,
  connectAgentBot,
  conversationsPath,
  createAgentBot,
  createInbox,
  createScene,
  eventsOf,
  expectUnchanged,
  insertTeam,
  messagesPath,
  postMessage,
  type Scene,
  sendForm,
  snapshot,
} from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, shardOfRow } from '../helpers'
import { sumsByNameSql } from '../reports/report-helpers'

/**
 * An agent's reply goes one of two ways: JSON without files takes the one-batch SQL path
 * (worker/conversations/reply-in-sql.ts); a reply with a file takes createMessage's. Each case
 * below starts two conversations alike, sends the same message down each way, and compares what
 * the message did: the conversation, its events, its reporting rows and the rollups.
 */

const isTime = (v: unknown) => typeof v === 'number' && v > 1_000_000_000
/** Times become 'T' (the two replies may straddle a second); durations of a few seconds, '~'. */
function normalized(value: unknown): unknown {
  if (isTime(value)) return 'T'
  if (Array.isArray(value)) return value.map(normalized)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalized(v)]))
  }
  return value
}

async function tableIdOf(accountId: number, displayId: number) {
  const row = await (await accountDb(accountId))
    .prepare('select id from conversations where account_id = ? and display_id = ?')
    .bind(accountId, displayId)
    .first<{ id: number }>()
  return row?.id as number
}

/** A conversation's rows are on its shard, the one its id names. */
async function conversationFacts(id: number) {
  const row = await shardOfRow(id)
    .prepare(
      'select status, assignee_id, team_id, waiting_since, first_reply_created_at, last_activity_at, updated_at from conversations where id = ?',
    )
    .bind(id)
    .first()
  return normalized(row)
}

async function reportingRows(id: number) {
  const { results } = await shardOfRow(id)
    .prepare(
      'select name, value, user_id, inbox_id, team_id, created_at from reporting_events where conversation_id = ? order by id',
    )
    .bind(id)
    .all<{ name: string; value: number | null; user_id: number | null }>()
  // A duration of a few seconds differs by the second the two replies fell in.
  return results.map((r) =>
    normalized({ ...r, value: r.value === null ? null : Number(r.value) < 5 }),
  )
}

async function rollupTotals(accountId: number) {
  const { results } = await (await accountDb(accountId))
    .prepare(
      `select dimension, dimension_id, name, span, sum(count) as count from (${sumsByNameSql})
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    )
    .bind(accountId)
    .all<{ dimension: string; dimension_id: number; name: string; span: number; count: number }>()
  return new Map(
    results.map((r) => [`${r.dimension}:${r.dimension_id}:${r.name}:${r.span}`, r.count]),
  )
}

const delta = (before: Map<string, number>, after: Map<string, number>) =>
  Object.fromEntries(
    [...after]
      .filter(([k, n]) => n !== (before.get(k) ?? 0))
      .map(([k, n]) => [k, n - (before.get(k) ?? 0)]),
  )

type Case = {
  name: string
  /** Makes the conversation's state before the reply. */
  prepare(scene: Scene, conversation: Conversation): Promise<void>
  /** Who replies: 'admin', 'agent' or 'bot'. */
  as: 'admin' | 'agent' | 'bot'
  body: Record<string, unknown>
  assigned?: boolean
}

const visitorWrites = async (scene: Scene, conversation: Conversation) => {
  const res = await postMessage(scene.world, conversation.id, {
    content: 'Hello?',
    message_type: 'incoming',
  })
  expect(res.status).toBe(200)
}
const answered = async (scene: Scene, conversation: Conversation) => {
  await visitorWrites(scene, conversation)
  const res = await postMessage(scene.world, conversation.id, { content: 'First answer' })
  expect(res.status).toBe(200)
}

const CASES: Case[] = [
  {
    name: "an assigned agent's first public reply to a waiting visitor",
    prepare: visitorWrites,
    as: 'agent',
    body: { content: 'Here to help' },
    assigned: true,
  },
  {
    name: "an administrator's public reply after the first, nobody waiting",
    prepare: answered,
    as: 'admin',
    body: { content: 'One more thing' },
  },
  {
    name: "an agent's private note while the visitor waits",
    prepare: visitorWrites,
    as: 'agent',
    body: { content: 'Checking', private: true },
  },
  {
    name: "a bot's public reply to a waiting visitor",
    prepare: visitorWrites,
    as: 'bot',
    body: { content: 'Bot here' },
  },
  {
    name: "an administrator's template message",
    prepare: visitorWrites,
    as: 'admin',
    body: { content: 'Pick one', message_type: 'template' },
  },
]

async function send(
  scene: Scene,
  displayId: number,
  token: string,
  body: Record<string, unknown>,
  withFile: boolean,
) {
  if (!withFile) return postMessage(scene.world, displayId, body, token)
  const form = new FormData()
  for (const [key, value] of Object.entries(body)) form.append(key, String(value))
  form.append('attachments[]', new File(['a,b\n'], 'notes.csv', { type: 'text/csv' }))
  return sendForm(messagesPath(scene.world, displayId), token, form)
}

describe('an agent reply in one batch', () => {
  for (const testCase of CASES) {
    it(`writes what the general path writes: ${testCase.name}`, async () => {
      const scene = await createScene('api')
      const { world } = scene
      const { id: teamId } = await insertTeam(world.accountId)
      const bot = testCase.as === 'bot' ? await createAgentBot(world) : undefined
      const token =
        testCase.as === 'bot'
          ? (bot?.token as string)
          : testCase.as === 'agent'
            ? world.agent.token
            : world.admin.token
      const start = {
        team_id: teamId,
        ...(testCase.assigned ? { assignee_id: world.agent.id } : {}),
      }
      const inSql = await scene.conversation(start)
      const general = await scene.conversation(start)
      // A bot acts on its inbox's conversations only (connected after they started open).
      if (bot) await connectAgentBot(world, scene.inboxId, bot.id)
      for (const c of [inSql, general]) await testCase.prepare(scene, c)
      const tableIds = new Map([
        [inSql.id, await tableIdOf(world.accountId, inSql.id)],
        [general.id, await tableIdOf(world.accountId, general.id)],
      ])
      const tableId = (displayId: number) => tableIds.get(displayId) as number
      const eventsBefore = {
        inSql: (await eventsOf(tableId(inSql.id))).length,
        general: (await eventsOf(tableId(general.id))).length,
      }
      const reportsBefore = {
        inSql: (await reportingRows(tableId(inSql.id))).length,
        general: (await reportingRows(tableId(general.id))).length,
      }

      const rawRow = (id: number) =>
        shardOfRow(id)
          .prepare('select updated_at, waiting_since from conversations where id = ?')
          .bind(id)
          .first<{ updated_at: number; waiting_since: number | null }>()
      const rowsBefore = new Map([
        [inSql.id, await rawRow(tableId(inSql.id))],
        [general.id, await rawRow(tableId(general.id))],
      ])
      const rollups0 = await rollupTotals(world.accountId)
      const one = await send(scene, inSql.id, token, testCase.body, false)
      expect(one.status).toBe(200)
      const rollups1 = await rollupTotals(world.accountId)
      const two = await send(scene, general.id, token, testCase.body, true)
      expect(two.status).toBe(200)
      const rollups2 = await rollupTotals(world.accountId)

      const { id: _a, attachments: _b, conversation_id: _c, ...shownOne } = one.json
      const { id: _d, attachments: _e, conversation_id: _f, ...shownTwo } = two.json
      expect(normalized(shownOne)).toEqual(normalized(shownTwo))
      expect(await conversationFacts(tableId(inSql.id))).toEqual(
        await conversationFacts(tableId(general.id)),
      )
      const newEvents = async (id: number, from: number) =>
        (await eventsOf(id))
          .slice(from)
          .map((e) => normalized({ kind: e.kind, changed: e.changed_attributes }))
      expect(await newEvents(tableId(inSql.id), eventsBefore.inSql)).toEqual(
        await newEvents(tableId(general.id), eventsBefore.general),
      )
      // The previous values are the row's own before the reply (times are 'T' above).
      for (const displayId of [inSql.id, general.id]) {
        const before = rowsBefore.get(displayId)
        const from = displayId === inSql.id ? eventsBefore.inSql : eventsBefore.general
        for (const event of (await eventsOf(tableId(displayId))).slice(from)) {
          for (const change of event.changed_attributes) {
            if ('updated_at' in change) {
              expect(change.updated_at?.previous_value).toBe(before?.updated_at)
            }
            if ('waiting_since' in change) {
              expect(change.waiting_since?.previous_value).toBe(before?.waiting_since)
            }
          }
        }
      }
      const newReports = async (id: number, from: number) => (await reportingRows(id)).slice(from)
      const reportsInSql = await newReports(tableId(inSql.id), reportsBefore.inSql)
      expect(reportsInSql).toEqual(await newReports(tableId(general.id), reportsBefore.general))
      expect(delta(rollups0, rollups1)).toEqual(delta(rollups1, rollups2))
    })
  }

  it('answers 403 and 404 as the general path does, writing nothing', async () => {
    const scene = await createScene('api')
    const { world } = scene
    const hidden = await createInbox(world, 'api')
    const made = await api(conversationsPath(world), {
      token: world.admin.token,
      body: { inbox_id: hidden.id, contact_id: scene.contactId },
    })
    expect(made.status).toBe(200)
    const id = await tableIdOf(world.accountId, made.json.id)
    const before = await snapshot(id)
    // The agent is not a member of that inbox.
    expectError(await postMessage(world, made.json.id, { content: 'x' }, world.agent.token), 403)
    expectError(await postMessage(world, made.json.id + 50, { content: 'x' }), 404)
    const other = await createWorld()
    expectError(await postMessage(world, made.json.id, { content: 'x' }, other.admin.token), 403)
    await expectUnchanged(id, before)
    expect(await postMessage(world, made.json.id, { content: 'x' })).toMatchObject({ status: 200 })
  })
})
