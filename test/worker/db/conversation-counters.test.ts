import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { shardBinding } from '../../../worker/db/shards'
import {
  accountPath,
  conversationPath,
  conversationsPath,
  createInbox,
  insertContact,
} from '../conversation-helpers'
import { accountDb, api, createWorld, PLATFORM_TOKEN, type World } from '../helpers'

type Bucket = {
  status: string
  inbox_id: number
  assignee_type: string
  assignee_id: number
  n: number
}

const sortBuckets = (rows: Bucket[]) =>
  [...rows].sort((a, b) =>
    `${a.status}|${a.inbox_id}|${a.assignee_type}|${a.assignee_id}`.localeCompare(
      `${b.status}|${b.inbox_id}|${b.assignee_type}|${b.assignee_id}`,
    ),
  )

/** The counters of the account, and the same buckets counted from its conversations. */
async function countersAndTruth(accountId: number) {
  const db = await accountDb(accountId)
  const counters = await db
    .prepare(
      'select status, inbox_id, assignee_type, assignee_id, conversation_count as n from conversation_counters where account_id = ?',
    )
    .bind(accountId)
    .all<Bucket>()
  const truth = await db
    .prepare(
      `select status, inbox_id, case when assignee_id is null then '' else coalesce(assignee_type, '') end as assignee_type,
        coalesce(assignee_id, 0) as assignee_id, count(*) as n
       from conversations where account_id = ? group by 1, 2, 3, 4`,
    )
    .bind(accountId)
    .all<Bucket>()
  return { counters: sortBuckets(counters.results), truth: sortBuckets(truth.results) }
}

/** A small deterministic generator, so a failing sequence can be replayed. */
function randomOf(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state % n
  }
}

async function ok(res: { status: number; text: string }, what: string) {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.text}`)
}

describe('conversation counters', () => {
  // First in the file: a move meets account_users ids another world on the target shard took
  // (account_users ids are not spanned per shard), which this test is not about.
  it('are rebuilt on the shard an account moves to, and leave none behind', async () => {
    const world = await createWorld()
    const inboxId = (await createInbox(world)).id
    const contactId = await insertContact(world.accountId)
    for (const assignee of [world.agent.id, null, null]) {
      const res = await api(conversationsPath(world), {
        token: world.admin.token,
        body: { inbox_id: inboxId, contact_id: contactId, assignee_id: assignee },
      })
      await ok(res, 'create')
    }
    const before = await countersAndTruth(world.accountId)
    expect(before.counters.map((b) => b.n).sort()).toEqual([1, 2])
    const shardRow = await env.DIRECTORY.prepare(
      'select shard from account_shards where account_id = ?',
    )
      .bind(world.accountId)
      .first<{ shard: number }>()
    const home = shardRow?.shard as number
    const moved = await api(`/platform/api/v1/accounts/${world.accountId}/move`, {
      token: PLATFORM_TOKEN,
      body: { shard: 1 - home },
    })
    expect(moved.status, moved.text).toBe(200)
    const finished = await api(`/platform/api/v1/accounts/${world.accountId}/move/finish`, {
      token: PLATFORM_TOKEN,
      body: { from: home },
    })
    expect(finished.status, finished.text).toBe(200)
    const after = await countersAndTruth(world.accountId)
    expect(after.counters).toEqual(before.counters)
    expect(after.truth).toEqual(before.truth)
    const left = await shardBinding(env, home)
      .prepare('select count(*) as n from conversation_counters where account_id = ?')
      .bind(world.accountId)
      .first<{ n: number }>()
    expect(left?.n).toBe(0)
  })
  it('equal a count(*) per bucket after a random sequence of every kind of write', async () => {
    const world: World = await createWorld()
    const inboxes = [(await createInbox(world)).id, (await createInbox(world)).id]
    const contacts = [await insertContact(world.accountId), await insertContact(world.accountId)]
    const db = await accountDb(world.accountId)
    const random = randomOf(34)
    const pick = <T>(items: T[]) => items[random(items.length)] as T
    const displayIds: number[] = []
    const admin = { token: world.admin.token }
    const kinds = new Set<string>()

    for (let step = 0; step < 60; step++) {
      const kind =
        displayIds.length < 3
          ? 'create'
          : pick(['create', 'assign', 'unassign', 'status', 'delete', 'move', 'bulk'])
      kinds.add(kind)
      const displayId = pick(displayIds)
      if (kind === 'create') {
        const res = await api(conversationsPath(world), {
          ...admin,
          body: {
            inbox_id: pick(inboxes),
            contact_id: pick(contacts),
            status: pick(['open', 'pending', 'snoozed', 'resolved']),
            ...(random(2) ? { assignee_id: pick([world.admin.id, world.agent.id]) } : {}),
          },
        })
        await ok(res, 'create')
        displayIds.push(res.json.id)
      } else if (kind === 'assign' || kind === 'unassign') {
        const assignee = kind === 'assign' ? pick([world.admin.id, world.agent.id]) : null
        const res = await api(`${conversationPath(world, displayId)}/assignments`, {
          ...admin,
          body: { assignee_id: assignee },
        })
        await ok(res, kind)
      } else if (kind === 'status') {
        const status = pick(['open', 'resolved', 'pending', 'snoozed'])
        const res = await api(`${conversationPath(world, displayId)}/toggle_status`, {
          ...admin,
          body: status === 'snoozed' ? { status, snoozed_until: 4_000_000_000 } : { status },
        })
        await ok(res, `status ${status}`)
      } else if (kind === 'delete') {
        await db
          .prepare('delete from conversations where account_id = ? and display_id = ?')
          .bind(world.accountId, displayId)
          .run()
        displayIds.splice(displayIds.indexOf(displayId), 1)
      } else if (kind === 'move') {
        await db
          .prepare('update conversations set inbox_id = ? where account_id = ? and display_id = ?')
          .bind(pick(inboxes), world.accountId, displayId)
          .run()
      } else {
        // One statement over many rows: every row's change is counted.
        await db
          .prepare("update conversations set status = 'open' where account_id = ? and status = ?")
          .bind(world.accountId, pick(['pending', 'resolved']))
          .run()
      }
      const { counters, truth } = await countersAndTruth(world.accountId)
      expect(counters, `after step ${step} (${kind})`).toEqual(truth)
    }
    expect([...kinds].sort()).toEqual(
      ['assign', 'bulk', 'create', 'delete', 'move', 'status', 'unassign'].sort(),
    )

    // Deleting an inbox (its conversations go by cascade) and a contact empties their buckets.
    await ok(
      await api(`${accountPath(world)}/inboxes/${inboxes[0]}`, { ...admin, method: 'DELETE' }),
      'delete inbox',
    )
    await ok(
      await api(`${accountPath(world)}/contacts/${contacts[0]}`, { ...admin, method: 'DELETE' }),
      'delete contact',
    )
    const after = await countersAndTruth(world.accountId)
    expect(after.counters).toEqual(after.truth)
    expect(after.counters.every((b) => b.n > 0 && b.inbox_id !== inboxes[0])).toBe(true)
  })
})
