import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { activityText } from '../../worker/conversations/changes'
import worker from '../../worker/index'
import { runScheduledWork } from '../../worker/scheduled'
import {
  accountPath,
  conversationPath,
  conversationRow,
  createScene,
  eventsOf,
  kindsOf,
  messageRows,
  postMessage,
  type Scene,
} from './conversation-helpers'
import { accountDb, api, shardOfRow, type World } from './helpers'

const HOUR = 3600
const nowSeconds = () => Math.floor(Date.now() / 1000)
/** Runs the cron as if it fired `seconds` from now. */
const runAt = (seconds: number) => runScheduledWork(env, seconds * 1000)

async function setSettings(world: World, settings: Record<string, unknown>) {
  const res = await api(accountPath(world), {
    method: 'PATCH',
    token: world.admin.token,
    body: settings,
  })
  if (res.status !== 200) throw new Error(res.text)
}

async function tableId(scene: Scene, displayId: number) {
  return (await conversationRow(scene.world.accountId, displayId))?.id as number
}

describe('auto-resolve', () => {
  it('resolves open conversations idle longer than auto_resolve_after, with message and label', async () => {
    const scene = await createScene()
    const { world } = scene
    await setSettings(world, {
      auto_resolve_after: 60,
      auto_resolve_message: 'We are closing this for now.',
      auto_resolve_label: 'auto-closed',
    })
    const idle = await scene.conversation()
    const pending = await scene.conversation({ status: 'pending' })
    const fresh = await scene.conversation()
    const start = nowSeconds()
    await (await accountDb(world.accountId))
      .prepare('update conversations set last_activity_at = ? where id = ?')
      .bind(start + 2 * HOUR, await tableId(scene, fresh.id))
      .run()

    await runAt(start + 2 * HOUR)

    const resolved = await api(conversationPath(world, idle.id), { token: world.admin.token })
    expect(resolved.json).toMatchObject({
      status: 'resolved',
      labels: ['auto-closed'],
      waiting_since: 0,
    })
    const history = await api(`${conversationPath(world, idle.id)}/messages`, {
      token: world.admin.token,
    })
    const lines = history.json.payload.map((m: { message_type: number; content: string }) => [
      m.message_type,
      m.content,
    ])
    expect(lines).toEqual([
      [3, 'We are closing this for now.'],
      [2, 'Conversation was marked resolved by system due to 1 hours of inactivity'],
    ])
    expect(resolved.json.last_activity_at).toBe(start + 2 * HOUR)
    const id = await tableId(scene, idle.id)
    const events = await eventsOf(id)
    expect(kindsOf(events)).toEqual([
      'conversation_created',
      'message_created',
      'conversation_status_changed',
      'conversation_updated',
    ])
    const [template] = (await messageRows(id)).filter((m) => m.message_type === 3)
    expect(events[1]?.message_id).toBe(template?.id)
    expect(events[3]?.changed_attributes.map((c) => Object.keys(c)[0])).toEqual([
      'status',
      'labels',
      'waiting_since',
      'updated_at',
    ])
    const labelRows = await shardOfRow(id)
      .prepare('select label from conversation_labels where conversation_id = ?')
      .bind(id)
      .all()
    expect(labelRows.results).toEqual([{ label: 'auto-closed' }])
    expect((await conversationRow(world.accountId, pending.id))?.status).toBe('pending')
    expect((await conversationRow(world.accountId, fresh.id))?.status).toBe('open')

    // Idempotent: a second run (even later) touches nothing already resolved.
    const before = { messages: await messageRows(id), events: await eventsOf(id) }
    await runAt(start + 3 * HOUR)
    expect({ messages: await messageRows(id), events: await eventsOf(id) }).toEqual(before)
  })

  it('leaves accounts without auto_resolve_after alone', async () => {
    const scene = await createScene()
    const conversation = await scene.conversation()
    await runAt(nowSeconds() + 365 * 24 * HOUR)
    expect((await conversationRow(scene.world.accountId, conversation.id))?.status).toBe('open')
    expect(await messageRows(await tableId(scene, conversation.id))).toEqual([])
  })

  it('skips conversations waiting for a reply when auto_resolve_ignore_waiting is set', async () => {
    const scene = await createScene()
    const { world } = scene
    await setSettings(world, { auto_resolve_after: 30, auto_resolve_ignore_waiting: true })
    const waiting = await scene.conversation()
    const answered = await scene.conversation()
    await postMessage(world, answered.id, { content: 'Answered' })
    await runAt(nowSeconds() + HOUR)
    expect((await conversationRow(world.accountId, waiting.id))?.status).toBe('open')
    expect((await conversationRow(world.accountId, answered.id))?.status).toBe('resolved')
    const lines = (await messageRows(await tableId(scene, answered.id))).map((m) => m.content)
    // The agent's reply also assigned the conversation to them (auto_assign_on_reply).
    expect(lines).toEqual([
      'Answered',
      'Admin self-assigned this conversation',
      'Conversation was marked resolved by system due to 30 minutes of inactivity',
    ])
  })

  it('resolves at most 100 conversations of an account per run', async () => {
    const scene = await createScene()
    const { world } = scene
    await setSettings(world, { auto_resolve_after: 1440 })
    await scene.conversation()
    const db = await accountDb(world.accountId)
    await db
      .prepare(
        `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, status, last_activity_at)
         with recursive seq(n) as (select 2 union all select n + 1 from seq where n < 101)
         select ?, n, 'bulk-' || ? || '-' || n, ?, ?, 'open', unixepoch() from seq`,
      )
      .bind(world.accountId, world.accountId, scene.inboxId, scene.contactId)
      .run()
    const open = async () =>
      (
        await db
          .prepare(
            "select count(*) as n from conversations where account_id = ? and status = 'open'",
          )
          .bind(world.accountId)
          .first<{ n: number }>()
      )?.n
    expect(await open()).toBe(101)
    const at = nowSeconds() + 25 * HOUR
    await runAt(at)
    expect(await open()).toBe(1)
    await runAt(at + 60)
    expect(await open()).toBe(0)
    const line = (await messageRows(await tableId(scene, 1))).at(-1)?.content
    expect(line).toBe('Conversation was marked resolved by system due to 1 days of inactivity')
  })

  it('names the idle time in days, hours or minutes by exact division', () => {
    expect(activityText.autoResolved(2880)).toBe(
      'Conversation was marked resolved by system due to 2 days of inactivity',
    )
    expect(activityText.autoResolved(180)).toBe(
      'Conversation was marked resolved by system due to 3 hours of inactivity',
    )
    expect(activityText.autoResolved(90)).toBe(
      'Conversation was marked resolved by system due to 90 minutes of inactivity',
    )
  })
})

describe('snooze wake-up', () => {
  it('reopens snoozed conversations once snoozed_until has passed, and only then', async () => {
    const scene = await createScene()
    const { world } = scene
    const start = nowSeconds()
    const snoozed = await scene.conversation({ status: 'snoozed', snoozed_until: start + HOUR })
    const untilReply = await scene.conversation({ status: 'snoozed' })
    const id = await tableId(scene, snoozed.id)

    await runAt(start + HOUR - 1)
    expect((await conversationRow(world.accountId, snoozed.id))?.status).toBe('snoozed')

    await runAt(start + HOUR)
    expect(await conversationRow(world.accountId, snoozed.id)).toMatchObject({
      status: 'open',
      snoozed_until: null,
    })
    const events = await eventsOf(id)
    expect(kindsOf(events)).toEqual([
      'conversation_created',
      'conversation_status_changed',
      'conversation_updated',
    ])
    expect(events[2]?.changed_attributes.slice(0, 2)).toEqual([
      { status: { previous_value: 'snoozed', current_value: 'open' } },
      { snoozed_until: { previous_value: start + HOUR, current_value: null } },
    ])
    expect((await conversationRow(world.accountId, untilReply.id))?.status).toBe('snoozed')

    await runAt(start + 2 * HOUR)
    expect(await eventsOf(id)).toEqual(events)
  })

  it('runs through the worker scheduled handler with the controller time', async () => {
    const scene = await createScene()
    const start = nowSeconds()
    const snoozed = await scene.conversation({ status: 'snoozed', snoozed_until: start + 600 })
    const controller = createScheduledController({
      scheduledTime: (start + 600) * 1000,
      cron: '* * * * *',
    })
    const ctx = createExecutionContext()
    await worker.scheduled(controller, env, ctx)
    await waitOnExecutionContext(ctx)
    expect((await conversationRow(scene.world.accountId, snoozed.id))?.status).toBe('open')
  })
})
