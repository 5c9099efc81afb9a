import { env } from 'cloudflare:test'
import { type ScalePlan, seedScale } from '../../../bench/worker/seed-scale'
import { shardBinding } from '../../../worker/db/shards'
import { api, createUser, PLATFORM_TOKEN, type User, uniq } from '../helpers'

/** The shard both scale accounts are placed on, so the neighbour's rows share its indexes. */
export const SCALE_SHARD = 0

export type ScaleWorld = {
  plan: ScalePlan
  admin: User
  /** An agent who is a member of the first two inboxes only. */
  agent: User
  /** An account on the same shard with rows of its own (the same names and emails). */
  neighbour: ScalePlan
}

async function account(name: string) {
  const res = await api('/platform/api/v1/accounts', {
    token: PLATFORM_TOKEN,
    body: { name, shard: SCALE_SHARD },
  })
  if (res.status !== 200) throw new Error(`account: ${res.status} ${res.text}`)
  return res.json.id as number
}

async function member(accountId: number, user: User, role: 'administrator' | 'agent') {
  const res = await api(`/platform/api/v1/accounts/${accountId}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.id, role },
  })
  if (res.status !== 200) throw new Error(`member: ${res.status} ${res.text}`)
}

async function inboxes(accountId: number, admin: User) {
  const ids: number[] = []
  for (const name of ['Web', 'Support', 'Sales']) {
    const res = await api(`/api/v1/accounts/${accountId}/inboxes`, {
      token: admin.token,
      body: { name, channel: { type: 'api' } },
    })
    if (res.status !== 200) throw new Error(`inbox: ${res.status} ${res.text}`)
    ids.push(res.json.id)
  }
  return ids
}

/**
 * An account with `total` contacts and conversations (bench/worker/seed-scale.ts says which
 * rows are what), three agents (the second also its agent of two inboxes), and a neighbour
 * account on the same shard with `neighbourTotal` rows of its own.
 */
export async function seedScaleWorld(total: number, neighbourTotal: number): Promise<ScaleWorld> {
  const now = Math.floor(Date.now() / 1000)
  const accountId = await account(uniq('Scale '))
  const neighbourId = await account(uniq('Neighbour '))
  const admin = await createUser(PLATFORM_TOKEN, 'Scale admin')
  const agent = await createUser(PLATFORM_TOKEN, 'Scale agent')
  const other = await createUser(PLATFORM_TOKEN, 'Scale agent two')
  await member(accountId, admin, 'administrator')
  await member(accountId, agent, 'agent')
  await member(accountId, other, 'agent')
  await member(neighbourId, admin, 'administrator')
  const inboxIds = await inboxes(accountId, admin)
  for (const inboxId of inboxIds.slice(0, 2)) {
    const res = await api(`/api/v1/accounts/${accountId}/inbox_members`, {
      token: admin.token,
      body: { inbox_id: inboxId, user_ids: [agent.id] },
    })
    if (res.status !== 200) throw new Error(`inbox_members: ${res.status} ${res.text}`)
  }
  const agentIds = [admin.id, agent.id, other.id]
  const plan: ScalePlan = { accountId, inboxIds, agentIds, total, now }
  const neighbour: ScalePlan = {
    accountId: neighbourId,
    inboxIds: await inboxes(neighbourId, admin),
    agentIds: [admin.id],
    total: neighbourTotal,
    now,
  }
  const shard = shardBinding(env, SCALE_SHARD)
  await seedScale(shard, plan)
  await seedScale(shard, neighbour)
  return { plan, admin, agent, neighbour }
}
