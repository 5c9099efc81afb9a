import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { shardBinding } from '../../../worker/db/shards'
import { conversationPath, createFunnel, createStage, funnelWorld, place } from '../funnel-helpers'
import { api, createUser, expectError, PLATFORM_TOKEN, pngBytes, sendForm } from '../helpers'

const shardOf = async (accountId: number) =>
  (
    await env.DIRECTORY.prepare('select shard, read_only from account_shards where account_id = ?')
      .bind(accountId)
      .first<{ shard: number; read_only: number }>()
  )?.shard as number

const move = (accountId: number, shard: number, token = PLATFORM_TOKEN) =>
  api(`/platform/api/v1/accounts/${accountId}/move`, { token, body: { shard } })
const finish = (accountId: number, from: number) =>
  api(`/platform/api/v1/accounts/${accountId}/move/finish`, {
    token: PLATFORM_TOKEN,
    body: { from },
  })

const countOn = async (shard: number, table: string, accountId: number) =>
  (
    await shardBinding(env, shard)
      .prepare(`select count(*) as n from ${table} where account_id = ?`)
      .bind(accountId)
      .first<{ n: number }>()
  )?.n

/** An account with a conversation, messages (one with a file), a funnel placement and a webhook. */
async function busyAccount() {
  const scene = await funnelWorld()
  const { world, conversation, funnel, stages } = scene
  const token = world.admin.token
  const messages = `/api/v1/accounts/${world.accountId}/conversations/${conversation.displayId}/messages`
  for (const content of ['Hello', 'How can I help?']) {
    expect((await api(messages, { token, body: { content } })).status).toBe(200)
  }
  const form = new FormData()
  form.append('content', 'A picture')
  form.append('attachments[]', new File([pngBytes()], 'a.png', { type: 'image/png' }))
  expect((await sendForm(messages, token, form)).status).toBe(200)
  expect((await place(world, conversation, funnel.id, stages.lead.id)).status).toBe(200)
  const hook = await api(`/api/v1/accounts/${world.accountId}/webhooks`, {
    token,
    body: { url: 'https://hooks.example.com/parley', subscriptions: ['message_created'] },
  })
  expect(hook.status, hook.text).toBe(200)
  return { ...scene, messages }
}

/** What an integrator sees of the account, through the API. */
async function visible(scene: Awaited<ReturnType<typeof busyAccount>>) {
  const token = scene.world.admin.token
  const base = `/api/v1/accounts/${scene.world.accountId}`
  const [messages, webhooks, funnels, stage] = await Promise.all([
    api(scene.messages, { token }),
    api(`${base}/webhooks`, { token }),
    api(`${base}/funnels`, { token }),
    api(conversationPath(scene.world, scene.conversation, '/funnel_stages'), { token }),
  ])
  for (const res of [messages, webhooks, funnels]) expect(res.status, res.text).toBe(200)
  return {
    messages: messages.json.payload.map((m: Record<string, unknown>) => ({
      id: m.id,
      content: m.content,
      attachments: (m.attachments as Record<string, unknown>[] | undefined)?.map((a) => ({
        id: a.id,
        file_type: a.file_type,
        file_size: a.file_size,
      })),
    })),
    webhooks: webhooks.json,
    funnels: funnels.json,
    // Time in a stage grows while the test runs; what it measures from is compared instead.
    stage: JSON.parse(
      JSON.stringify(stage.json, (key, value) =>
        key === 'time_in_stage_seconds' ? undefined : value,
      ),
    ),
  }
}

// Each test copies whole accounts back and forth: seconds on a busy machine.
describe('moving an account between shards', { timeout: 30_000 }, () => {
  it('round-trips an account with its conversations, messages, attachments, funnels and webhooks', async () => {
    const scene = await busyAccount()
    const accountId = scene.world.accountId
    const home = await shardOf(accountId)
    const away = 1 - home
    const before = await visible(scene)
    const messageRows = await countOn(home, 'messages', accountId)
    expect(messageRows).toBeGreaterThanOrEqual(3)
    expect(before.messages.some((m: { attachments?: unknown[] }) => m.attachments?.length)).toBe(
      true,
    )

    const moved = await move(accountId, away)
    expect(moved.status, moved.text).toBe(200)
    expect(moved.json).toMatchObject({ account_id: accountId, from: home, to: away })
    const tables = Object.fromEntries(
      moved.json.tables.map((t: { table: string; rows: number }) => [t.table, t.rows]),
    )
    expect(tables).toMatchObject({ messages: messageRows, attachments: 1, funnels: 1, webhooks: 1 })
    expect(await shardOf(accountId)).toBe(away)
    expect(await visible(scene)).toEqual(before)
    // The old copy is read-only until finished: a write there is refused, whoever makes it.
    await expect(
      shardBinding(env, home)
        .prepare('update conversations set priority = ? where account_id = ?')
        .bind('high', accountId)
        .run(),
    ).rejects.toThrow(/account-read-only/)

    expect((await finish(accountId, home)).status).toBe(200)
    expect(await countOn(home, 'messages', accountId)).toBe(0)
    expect(await countOn(away, 'messages', accountId)).toBe(messageRows)

    // New rows on the new shard, then back again: ids kept both ways.
    expect(
      (await api(scene.messages, { token: scene.world.admin.token, body: { content: 'Back' } }))
        .status,
    ).toBe(200)
    const after = await visible(scene)
    const back = await move(accountId, home)
    expect(back.status, back.text).toBe(200)
    expect((await finish(accountId, away)).status).toBe(200)
    expect(await visible(scene)).toEqual(after)
    expect(await countOn(away, 'conversations', accountId)).toBe(0)
  })

  it('keeps the account writable after a move that failed, and leaves no partial copy', async () => {
    const scene = await busyAccount()
    const accountId = scene.world.accountId
    const home = await shardOf(accountId)
    const refused = await move(accountId, 7)
    expectError(refused, 409, 'conflict')
    expect(await shardOf(accountId)).toBe(home)
    const write = await api(scene.messages, {
      token: scene.world.admin.token,
      body: { content: 'Still here' },
    })
    expect(write.status, write.text).toBe(200)
    expect(await countOn(1 - home, 'messages', accountId)).toBe(0)
  })

  it('is for platform tokens only, and refuses a move to where the account is', async () => {
    const scene = await funnelWorld()
    const accountId = scene.world.accountId
    expectError(await move(accountId, await shardOf(accountId)), 409, 'conflict')
    const user = await createUser()
    expectError(await move(accountId, 0, user.token), 401)
    expectError(await finish(accountId, await shardOf(accountId)), 409, 'conflict')
  })

  it('moves funnels with their stages and placements', async () => {
    const scene = await funnelWorld()
    const funnel = await createFunnel(scene.world, { name: 'Second' })
    await createStage(scene.world, funnel.id, { name: 'Only' })
    const home = await shardOf(scene.world.accountId)
    const res = await move(scene.world.accountId, 1 - home)
    expect(res.status, res.text).toBe(200)
    const tables = Object.fromEntries(
      res.json.tables.map((t: { table: string; rows: number }) => [t.table, t.rows]),
    )
    expect(tables).toMatchObject({ funnels: 2, funnel_stages: 4 })
  })
})
