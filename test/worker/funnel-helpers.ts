import { expect } from 'vitest'
import { accountDb, api, createWorld, shardOfRow, type World } from './helpers'
import {
  addInboxMember,
  createApiInbox,
  insertConversation,
  type TestConversation,
} from './product-helpers'

export type Stage = {
  id: number
  funnel_id: number
  name: string
  color: string
  position: number
  time_limit_minutes: number | null
  checklist_template: { title: string; required: boolean }[]
}

export const accountPath = (world: World, rest: string) =>
  `/api/v1/accounts/${world.accountId}${rest}`
export const conversationPath = (world: World, conversation: TestConversation, rest: string) =>
  accountPath(world, `/conversations/${conversation.displayId}${rest}`)

export async function createFunnel(
  world: World,
  body: Record<string, unknown> = { name: 'Sales' },
) {
  const res = await api(accountPath(world, '/funnels'), { token: world.admin.token, body })
  expect(res.status, res.text).toBe(200)
  return res.json as { id: number; name: string; description: string | null; stages: Stage[] }
}

export async function createStage(world: World, funnelId: number, body: Record<string, unknown>) {
  const res = await api(accountPath(world, `/funnels/${funnelId}/stages`), {
    token: world.admin.token,
    body,
  })
  expect(res.status, res.text).toBe(200)
  return res.json as Stage
}

/** A world with an inbox the agent is a member of, one conversation in it, and a 3-stage funnel. */
export async function funnelWorld() {
  const world = await createWorld()
  const inbox = await createApiInbox(world)
  await addInboxMember(world, inbox.id, world.agent.id)
  const conversation = await insertConversation(world, inbox.id)
  const funnel = await createFunnel(world, { name: 'Pipeline', description: 'Deals' })
  const lead = await createStage(world, funnel.id, {
    name: 'Lead',
    color: '#112233',
    checklist_template: [
      { title: 'Qualify budget', required: true },
      { title: 'Send brochure', required: false },
    ],
  })
  const proposal = await createStage(world, funnel.id, {
    name: 'Proposal',
    time_limit_minutes: 60,
    checklist_template: [{ title: 'Send quote', required: true }],
  })
  const won = await createStage(world, funnel.id, { name: 'Won' })
  return { world, inbox, conversation, funnel, stages: { lead, proposal, won } }
}

export function place(
  world: World,
  conversation: TestConversation,
  funnelId: number,
  stageId: number,
  token = world.admin.token,
  extra: Record<string, unknown> = {},
) {
  return api(conversationPath(world, conversation, '/funnel_stage'), {
    token,
    body: { funnel_id: funnelId, stage_id: stageId, ...extra },
  })
}

export async function placeOk(
  world: World,
  conversation: TestConversation,
  funnelId: number,
  stageId: number,
  token = world.admin.token,
  extra: Record<string, unknown> = {},
) {
  const res = await place(world, conversation, funnelId, stageId, token, extra)
  expect(res.status, res.text).toBe(200)
  return res.json
}

/** Labels written both to the conversation's JSON and its label rows (what filters read). */
export async function setLabels(
  conversation: TestConversation,
  accountId: number,
  labels: string[],
) {
  const db = await accountDb(accountId)
  await db.batch([
    db
      .prepare('update conversations set labels = ? where id = ?')
      .bind(JSON.stringify(labels), conversation.id),
    db.prepare('delete from conversation_labels where conversation_id = ?').bind(conversation.id),
    ...labels.map((label) =>
      db
        .prepare(
          'insert into conversation_labels (account_id, conversation_id, label) values (?, ?, ?)',
        )
        .bind(accountId, conversation.id, label),
    ),
  ])
}

export async function setAssignee(conversation: TestConversation, userId: number) {
  await shardOfRow(conversation.id)
    .prepare("update conversations set assignee_id = ?, assignee_type = 'User' where id = ?")
    .bind(userId, conversation.id)
    .run()
}

export async function addProduct(
  world: World,
  conversation: TestConversation,
  value: string | number,
  quantity = 1,
) {
  const res = await api(conversationPath(world, conversation, '/products'), {
    token: world.admin.token,
    body: { product_name: 'Item', product_value: value, quantity },
  })
  expect(res.status, res.text).toBe(200)
}

/**
 * Rows of a table for a conversation (table id), for reading back what a request changed; from
 * the shard the conversation's id names.
 */
export async function rowsOf<T = Record<string, unknown>>(table: string, conversationId: number) {
  const { results } = await shardOfRow(conversationId)
    .prepare(`select * from ${table} where conversation_id = ? order by rowid`)
    .bind(conversationId)
    .all<T>()
  return results
}

/** Moves a placement's clock back, as if the conversation entered its stage `seconds` earlier. */
export async function backdatePlacement(conversationId: number, funnelId: number, seconds: number) {
  await shardOfRow(conversationId)
    .prepare(
      'update conversation_stages set entered_at = entered_at - ? where conversation_id = ? and funnel_id = ?',
    )
    .bind(seconds, conversationId, funnelId)
    .run()
}

export { addInboxMember, createApiInbox, insertConversation, type TestConversation }
