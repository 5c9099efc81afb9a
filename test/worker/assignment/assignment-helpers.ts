import { expect } from 'vitest'
import {
  addInboxMember,
  type Conversation,
  conversationsPath,
  createInbox,
  insertContact,
} from '../conversation-helpers'
import {
  accountDb,
  api,
  createUser,
  createWorld,
  PLATFORM_TOKEN,
  type User,
  type World,
} from '../helpers'

export type AssignmentScene = {
  world: World
  inboxId: number
  /** The inbox's members, by id (the round-robin order); as many as the scene was made with. */
  agents: User[] & Record<0 | 1 | 2, User>
  contactId: number
  /** A new conversation in the inbox (through the API, as the administrator). */
  open: () => Promise<Conversation>
}

/** An account with an inbox (auto-assignment on unless `settings` say otherwise) of `n` agents. */
export async function assignmentScene(
  n: number,
  settings: Record<string, unknown> = {},
): Promise<AssignmentScene> {
  const world = await createWorld()
  const inbox = await createInbox(world, 'api', settings)
  const agents: User[] = []
  for (let i = 0; i < n; i++) {
    const user = await createUser(PLATFORM_TOKEN, `Agent ${i + 1}`)
    const res = await api(`/platform/api/v1/accounts/${world.accountId}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: user.id, role: 'agent' },
    })
    if (res.status !== 200) throw new Error(`member: ${res.status} ${res.text}`)
    await addInboxMember(world, inbox.id, user.id)
    agents.push(user)
  }
  agents.sort((a, b) => a.id - b.id)
  const contactId = await insertContact(world.accountId)
  return {
    world,
    inboxId: inbox.id,
    agents: agents as AssignmentScene['agents'],
    contactId,
    open: async () => {
      const res = await api(conversationsPath(world), {
        token: world.admin.token,
        body: { inbox_id: inbox.id, contact_id: contactId },
      })
      if (res.status !== 200) throw new Error(`conversation: ${res.status} ${res.text}`)
      return res.json as Conversation
    },
  }
}

/**
 * The agent chooses a status. These tests are about assignment, not presence: the agent has
 * auto_offline off, so the choice holds without a dashboard open (test/worker/live/presence.test.ts
 * covers auto_offline).
 */
export async function setAvailability(
  world: World,
  user: User,
  availability: 'online' | 'offline' | 'busy',
) {
  const kept = await api(`/api/v1/accounts/${world.accountId}/agents/${user.id}`, {
    method: 'PATCH',
    token: world.admin.token,
    body: { auto_offline: false },
  })
  if (kept.status !== 200) throw new Error(`auto_offline: ${kept.status} ${kept.text}`)
  const res = await api('/api/v1/profile/availability', {
    token: user.token,
    body: { profile: { account_id: world.accountId, availability } },
  })
  if (res.status !== 200) throw new Error(`availability: ${res.status} ${res.text}`)
}

/** The assignee of each conversation (by display id), in the order given; null: unassigned. */
export async function assigneesOf(world: World, displayIds: number[]) {
  const db = await accountDb(world.accountId)
  const out: (number | null)[] = []
  for (const id of displayIds) {
    const row = await db
      .prepare('select assignee_id from conversations where account_id = ? and display_id = ?')
      .bind(world.accountId, id)
      .first<{ assignee_id: number | null }>()
    out.push(row?.assignee_id ?? null)
  }
  return out
}

/** Waits until the conversations' assignees are `expected` (assignment runs after publishing). */
export async function expectAssignees(
  world: World,
  displayIds: number[],
  expected: (number | null)[],
) {
  await expect.poll(() => assigneesOf(world, displayIds), { timeout: 10_000 }).toEqual(expected)
}

/** A capacity policy of the account, with its agents and limits, written directly. */
export async function insertPolicy(
  world: World,
  agents: User[],
  limits: { inboxId?: number; inboxLimit?: number; overall?: number | null },
) {
  const db = await accountDb(world.accountId)
  const policy = await db
    .prepare(
      'insert into agent_capacity_policies (account_id, name, overall_conversation_limit) values (?, ?, ?) returning id',
    )
    .bind(world.accountId, 'Policy', limits.overall ?? null)
    .first<{ id: number }>()
  if (!policy) throw new Error('insertPolicy returned nothing')
  if (limits.inboxId !== undefined && limits.inboxLimit !== undefined) {
    await db
      .prepare(
        'insert into inbox_capacity_limits (account_id, agent_capacity_policy_id, inbox_id, conversation_limit) values (?, ?, ?, ?)',
      )
      .bind(world.accountId, policy.id, limits.inboxId, limits.inboxLimit)
      .run()
  }
  for (const agent of agents) {
    await db
      .prepare(
        'update account_users set agent_capacity_policy_id = ? where account_id = ? and user_id = ?',
      )
      .bind(policy.id, world.accountId, agent.id)
      .run()
  }
  return policy.id
}
