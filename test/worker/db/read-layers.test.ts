import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { countingD1 } from '../../../bench/worker/d1-counter'
import { createApp } from '../../../worker/app'
import { ALL_READ_LAYERS, createDb, type ReadLayers } from '../../../worker/db/client'
import { findVisibleContact } from '../../../worker/db/queries/contacts'
import {
  listContactConversations,
  listConversations,
  loadConversationViews,
  loadConversationWithMessages,
} from '../../../worker/db/queries/conversations'
import { viewStatements } from '../../../worker/db/queries/conversations/views'
import { loadMessageViews } from '../../../worker/db/queries/messages'
import { shardBindings } from '../../../worker/db/shards'
import {
  accountPath,
  connectAgentBot,
  conversationRow,
  createAgentBot,
  createScene,
  insertTeam,
  messagesPath,
  pngBytes,
  postMessage,
  sendForm,
} from '../conversation-helpers'
import { accountDb, type World } from '../helpers'

/**
 * Each layer of the read path (ReadLayers) off must read exactly what all of them on read: the
 * benchmark compares the two, so they must be the same work with and without the layer.
 */
const VARIANTS: [string, ReadLayers][] = [
  ...(Object.keys(ALL_READ_LAYERS) as (keyof ReadLayers)[]).map((layer): [string, ReadLayers] => [
    `${layer} off`,
    { ...ALL_READ_LAYERS, [layer]: false },
  ]),
  ['every layer off', { gate: false, templates: false, packing: false }],
]

type Data = { world: World; contactId: number; displayIds: number[]; ids: number[] }
let data: Data

/** Conversations with every kind of sender, assignee and attachment a view shows, and none. */
async function seed(): Promise<Data> {
  const scene = await createScene('api')
  const { world } = scene
  const team = await insertTeam(world.accountId)
  const bot = await createAgentBot(world)
  const assigned = await scene.conversation({ assignee_id: world.admin.id, team_id: team.id })
  const toBot = await scene.conversation()
  const bare = await scene.conversation()
  await connectAgentBot(world, scene.inboxId, bot.id)
  await postMessage(world, assigned.id, { content: 'From the agent' })
  const form = new FormData()
  form.append('content', 'With files')
  form.append('attachments[]', new File([pngBytes(64)], 'a.png', { type: 'image/png' }))
  form.append('attachments[]', new File(['x,y\n'], 'b.csv', { type: 'text/csv' }))
  expect((await sendForm(messagesPath(world, assigned.id), world.admin.token, form)).status).toBe(
    200,
  )
  await postMessage(world, toBot.id, { content: 'From the bot' }, bot.token)
  const rows = await Promise.all(
    [assigned, toBot, bare].map((c) => conversationRow(world.accountId, c.id)),
  )
  const ids = rows.map((row) => row?.id as number)
  const shard = await accountDb(world.accountId)
  await shard.batch([
    shard
      .prepare("update conversations set assignee_type = 'AgentBot', assignee_id = ? where id = ?")
      .bind(bot.id, ids[1]),
    shard
      .prepare(
        "insert into messages (account_id, inbox_id, conversation_id, message_type, content, sender_type, sender_id) values (?, ?, ?, 0, 'From the contact', 'Contact', ?)",
      )
      .bind(world.accountId, scene.inboxId, ids[0], scene.contactId),
    // A sender that no longer exists reads as none.
    shard
      .prepare(
        "insert into messages (account_id, inbox_id, conversation_id, message_type, content, sender_type, sender_id) values (?, ?, ?, 1, 'From a deleted user', 'User', -5)",
      )
      .bind(world.accountId, scene.inboxId, ids[0]),
  ])
  return { world, contactId: scene.contactId, displayIds: [assigned.id, toBot.id, bare.id], ids }
}

/** Every read function the layers serve, on the same data. */
async function readAll(layers: ReadLayers, { world, contactId, displayIds, ids }: Data) {
  const accountId = world.accountId
  const db = createDb(await accountDb(accountId), layers)
  const details = []
  for (const displayId of displayIds) {
    details.push(await loadConversationWithMessages(db, accountId, displayId, null, 'details'))
    details.push(await loadConversationWithMessages(db, accountId, displayId, world.agent.id, {}))
  }
  const views = await loadConversationViews(db, accountId, ids)
  const messageIds = details.flatMap((d) => d.messages.map((m) => m.message.id))
  return {
    details,
    views,
    messages: await loadMessageViews(db, accountId, messageIds),
    list: await listConversations(db, {
      accountId,
      agentId: null,
      userId: world.admin.id,
      status: 'all',
      assigneeType: 'all',
      sort: 'last_activity_at_desc',
      page: 1,
      perPage: 25,
    }),
    contactConversations: await listContactConversations(db, accountId, contactId, null),
    contact: await findVisibleContact(db, accountId, contactId, null),
  }
}

describe('the read path with a layer off', () => {
  beforeAll(async () => {
    data = await seed()
  })

  it('the data covers what the layers read differently', async () => {
    const all = await readAll(ALL_READ_LAYERS, data)
    const senders = all.messages.map((m) => m.sender?.type ?? null)
    expect(senders).toEqual(expect.arrayContaining(['User', 'Contact', 'AgentBot', null]))
    expect(all.messages.some((m) => m.attachments.length === 2)).toBe(true)
    expect(
      all.views.map((v) => [v.assignee !== null, v.assigneeBot !== null, v.team !== null]),
    ).toEqual([
      [true, false, true],
      [false, true, false],
      [false, false, false],
    ])
  })

  it('does the work differently with a layer off (the comparisons above are not vacuous)', async () => {
    const sqlOf = (layers: ReadLayers) =>
      viewStatements(createDb(env.SHARD_0, layers), 1, sql`(select 1 as id)`, []).map(
        (s) => s.toSQL().sql,
      )
    const [packed, unpacked] = [
      sqlOf(ALL_READ_LAYERS),
      sqlOf({ ...ALL_READ_LAYERS, packing: false }),
    ]
    // Packed, one statement reads the rows with their last messages and attachments.
    expect(packed).toHaveLength(1)
    expect(packed[0]).toContain('json_array(')
    expect(packed[0]).toContain('json_group_array(')
    // Unpacked, the last messages and their attachments are read apart, and no row is packed.
    expect(unpacked).toHaveLength(3)
    expect(unpacked.join(' ')).not.toContain('json_array(')

    const { world } = data
    const tripsOf = async (layers: ReadLayers) => {
      const counter = { trips: 0 }
      const app = createApp({ readLayers: () => layers })
      // Every database counted: the directory (the account's shard is looked up there until
      // this isolate remembers it) and each shard.
      const counted = {
        ...env,
        DIRECTORY: countingD1(env.DIRECTORY, counter),
        ...Object.fromEntries(
          shardBindings(env).map((binding, k) => [`SHARD_${k}`, countingD1(binding, counter)]),
        ),
      }
      const headers = { api_access_token: world.admin.token }
      await app.request(`${accountPath(world)}/conversations`, { headers }, counted)
      counter.trips = 0
      await app.request(`${accountPath(world)}/conversations`, { headers }, counted)
      return counter.trips
    }
    // The remembered token's lookup rides in the read's batch, or runs on its own first.
    expect(await tripsOf(ALL_READ_LAYERS)).toBe(1)
    expect(await tripsOf({ ...ALL_READ_LAYERS, gate: false })).toBe(2)
  })

  for (const [name, layers] of VARIANTS) {
    it(`reads the same rows and views: ${name}`, async () => {
      const all = await readAll(ALL_READ_LAYERS, data)
      // Twice: the first use of a template builds it, the second runs it from the cache.
      for (let run = 0; run < 2; run++) {
        expect(await readAll(layers, data)).toStrictEqual(all)
      }
    })

    it(`answers the read endpoints with the same JSON: ${name}`, async () => {
      const [production, variant] = [createApp(), createApp({ readLayers: () => layers })]
      const { world, contactId, displayIds } = data
      const base = accountPath(world)
      const paths = [
        ...displayIds.map((id) => `${base}/conversations/${id}`),
        ...displayIds.map((id) => `${base}/conversations/${id}/messages`),
        `${base}/conversations`,
        `${base}/contacts`,
        `${base}/contacts/search?q=Casey`,
        `${base}/contacts/${contactId}`,
        `${base}/contacts/${contactId}/conversations`,
      ]
      const get = async (app: typeof production, path: string) => {
        const res = await app.request(
          path,
          { headers: { api_access_token: world.admin.token } },
          env,
        )
        expect(res.status, path).toBe(200)
        return res.json()
      }
      for (const path of paths) {
        // Twice each: the gate carries a token this isolate has seen only from the second on.
        for (let run = 0; run < 2; run++) {
          expect(await get(variant, path), path).toStrictEqual(await get(production, path))
        }
      }
    })
  }
})
