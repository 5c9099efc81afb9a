import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { SHARD_ID_SPAN } from '../../../worker/db/queries/sequences'
import { sha256Hex } from '../../../worker/lib/crypto'
import {
  api,
  countsOnEveryDatabase as counts,
  createWorld,
  expectError,
  PLATFORM_TOKEN,
  type User,
  uniq,
  type World,
} from '../helpers'
import { createPublicInbox, createVisitor } from '../public-helpers'

// Issue 18 through the API, on the two shards the tests run with (docs/scaling.md): where
// accounts land, that an id made on one shard names nothing on the other, and that revocations
// are refused at once on both.

const shardOf = async (accountId: number) =>
  (
    await env.DIRECTORY.prepare('select shard from account_shards where account_id = ?')
      .bind(accountId)
      .first<{ shard: number }>()
  )?.shard

/** The shard an id of account data was made on: shard k's sequences start at k·2^40. */
const idShard = (id: number) => Math.floor(id / SHARD_ID_SPAN)

/** New accounts go to the emptiest shard: make worlds until one is on each. */
async function worldsOnBothShards(): Promise<[World, World]> {
  const found: (World | undefined)[] = [undefined, undefined]
  for (let i = 0; i < 12 && !(found[0] && found[1]); i++) {
    const world = await createWorld()
    const shard = await shardOf(world.accountId)
    if (shard === 0 || shard === 1) found[shard] ??= world
  }
  if (!found[0] || !found[1]) throw new Error('no account landed on one of the shards')
  return [found[0], found[1]]
}

async function addToAccount(user: User, world: World, role = 'administrator') {
  const res = await api(`/platform/api/v1/accounts/${world.accountId}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.id, role },
  })
  expect(res.status, res.text).toBe(200)
}

/** What a token gets on each account's routes: one request to each shard. */
const statuses = (token: string, worlds: World[]) =>
  Promise.all(
    worlds.map(
      async (w) => (await api(`/api/v1/accounts/${w.accountId}/inboxes`, { token })).status,
    ),
  )

/** An inbox, a contact, conversations with a message each: ids made on the account's shard. */
async function seed(world: World, conversations: number) {
  const call = (rest: string, body?: Record<string, unknown>) =>
    api(`/api/v1/accounts/${world.accountId}${rest}`, { token: world.admin.token, body })
  const inbox = await call('/inboxes', { name: uniq('Inbox '), channel: { type: 'api' } })
  const contact = await call('/contacts', { name: 'Casey', email: `${uniq('c')}@example.com` })
  const made = { inboxId: inbox.json.id, contactId: contact.json.payload.contact.id }
  let last = { displayId: 0, messageId: 0 }
  for (let i = 0; i < conversations; i++) {
    const conversation = await call('/conversations', {
      inbox_id: made.inboxId,
      contact_id: made.contactId,
    })
    expect(conversation.status, conversation.text).toBe(200)
    const displayId = conversation.json.id as number
    const message = await call(`/conversations/${displayId}/messages`, { content: 'hi' })
    expect(message.status, message.text).toBe(200)
    last = { displayId, messageId: message.json.id }
  }
  return { ...made, ...last }
}

describe('placing accounts', () => {
  it('puts accounts made with the platform API on both shards, each copied everywhere', async () => {
    const loads = await Promise.all(
      [0, 1].map((shard) =>
        env.DIRECTORY.prepare('select count(*) as n from account_shards where shard = ?')
          .bind(shard)
          .first<{ n: number }>(),
      ),
    )
    // Each goes to the emptiest shard, so this many reach both however uneven they start.
    const needed = Math.abs((loads[0]?.n ?? 0) - (loads[1]?.n ?? 0)) + 2
    const ids: number[] = []
    for (let i = 0; i < needed; i++) {
      const res = await api('/platform/api/v1/accounts', {
        token: PLATFORM_TOKEN,
        body: { name: uniq('Placed ') },
      })
      expect(res.status, res.text).toBe(200)
      ids.push(res.json.id)
    }
    const shards = await Promise.all(ids.map(shardOf))
    expect(new Set(shards)).toEqual(new Set([0, 1]))
    for (const id of ids) {
      expect(await counts('select count(*) from accounts where id = ?', id)).toEqual([1, 1, 1])
    }
  })

  it('puts an account on the shard the root platform app names', async () => {
    for (const shard of [1, 0, 1]) {
      const res = await api('/platform/api/v1/accounts', {
        token: PLATFORM_TOKEN,
        body: { name: uniq('Named '), shard },
      })
      expect(res.status, res.text).toBe(200)
      expect(await shardOf(res.json.id)).toBe(shard)
    }
  })
})

describe('isolation across shards', () => {
  it("never resolves one shard's ids on the other, even for a member of both accounts", async () => {
    const [zero, one] = await worldsOnBothShards()
    await addToAccount(zero.admin, one)
    const token = zero.admin.token
    // Account zero has two conversations, account one only one: display id 2 is zero's alone.
    const ids = [await seed(zero, 2), await seed(one, 1)] as const
    for (const [shard, made] of ids.entries()) {
      for (const id of [made.inboxId, made.contactId, made.messageId])
        expect(idShard(id)).toBe(shard)
    }
    const paths = (world: World, made: (typeof ids)[number], own: (typeof ids)[number]) => {
      const base = `/api/v1/accounts/${world.accountId}`
      return [
        `${base}/conversations/${made.displayId}`,
        `${base}/contacts/${made.contactId}`,
        `${base}/inboxes/${made.inboxId}`,
        `${base}/conversations/${own.displayId}/messages/${made.messageId}`,
      ]
    }
    for (const [world, own, foreign] of [
      [zero, ids[0], ids[1]],
      [one, ids[1], ids[0]],
    ] as const) {
      // Its own ids resolve (a message by PATCH of its status: there is no GET of one)...
      const [conversation, contact, inbox, message] = paths(world, own, own)
      for (const path of [conversation, contact, inbox]) {
        expect((await api(path!, { token })).status, path).toBe(200)
      }
      const edit = { method: 'PATCH', token, body: { status: 'delivered' } }
      expect((await api(message!, edit)).status, message).toBe(200)
      // ...and the other shard's do not.
      const [fConversation, fContact, fInbox, fMessage] = paths(world, foreign, own)
      if (world === one) expectError(await api(fConversation!, { token }), 404)
      expectError(await api(fContact!, { token }), 404)
      expectError(await api(fInbox!, { token }), 404)
      expectError(await api(fMessage!, edit), 404)
      expectError(await api(fMessage!, { method: 'DELETE', token }), 404)
    }
  })
})

describe('revocation on both shards', () => {
  async function memberOfBoth() {
    const [zero, one] = await worldsOnBothShards()
    await addToAccount(zero.agent, one, 'agent')
    // Warm: this isolate now knows both accounts' shards.
    expect(await statuses(zero.agent.token, [zero, one])).toEqual([200, 200])
    return { zero, one, user: zero.agent }
  }

  it('refuses a rotated token at once on both shards, and takes the new one', async () => {
    const { zero, one, user } = await memberOfBoth()
    const rotated = await api(`/platform/api/v1/users/${user.id}/token`, {
      method: 'POST',
      token: PLATFORM_TOKEN,
    })
    expect(rotated.status).toBe(200)
    expect(await statuses(user.token, [zero, one])).toEqual([401, 401])
    expect(await statuses(rotated.json.access_token, [zero, one])).toEqual([200, 200])
    const hash = 'select count(*) from access_tokens where token_hash = ?'
    expect(await counts(hash, await sha256Hex(user.token))).toEqual([0, 0, 0])
    expect(await counts(hash, await sha256Hex(rotated.json.access_token))).toEqual([1, 1, 1])
  })

  it("refuses a deleted user's token at once on both shards", async () => {
    const { zero, one, user } = await memberOfBoth()
    const res = await api(`/platform/api/v1/users/${user.id}`, {
      method: 'DELETE',
      token: PLATFORM_TOKEN,
    })
    expect(res.status).toBe(200)
    expect(await statuses(user.token, [zero, one])).toEqual([401, 401])
    expect(await counts('select count(*) from users where id = ?', user.id)).toEqual([0, 0, 0])
  })

  it('refuses a removed membership at once, on the shard of each account', async () => {
    const { zero, one, user } = await memberOfBoth()
    const remove = (world: World) =>
      api(`/platform/api/v1/accounts/${world.accountId}/account_users`, {
        method: 'DELETE',
        token: PLATFORM_TOKEN,
        body: { user_id: user.id },
      })
    const membership = 'select count(*) from account_users where account_id = ? and user_id = ?'
    expect((await remove(zero)).status).toBe(200)
    expect(await statuses(user.token, [zero, one])).toEqual([403, 200])
    expect(await counts(membership, zero.accountId, user.id)).toEqual([0, 0, 0])
    expect((await remove(one)).status).toBe(200)
    expect(await statuses(user.token, [zero, one])).toEqual([403, 403])
    expect(await counts(membership, one.accountId, user.id)).toEqual([0, 0, 0])
  })

  it('fails closed: a rotation the directory fails leaves the old token refused on both', async () => {
    const { zero, one, user } = await memberOfBoth()
    const trigger = `f${uniq()}`
    // The directory refuses to drop the user's tokens: the window between the two writes.
    await env.DIRECTORY.prepare(
      `create trigger ${trigger} before delete on access_tokens for each row when old.owner_type = 'user' and old.owner_id = ${user.id} begin select raise(abort, 'injected'); end`,
    ).run()
    try {
      const rotated = await api(`/platform/api/v1/users/${user.id}/token`, {
        method: 'POST',
        token: PLATFORM_TOKEN,
      })
      expect(rotated.status).toBe(500)
      expect(await statuses(user.token, [zero, one])).toEqual([401, 401])
    } finally {
      await env.DIRECTORY.prepare(`drop trigger ${trigger}`).run()
    }
  })
})

describe('the public client API on both shards', () => {
  it("finds each shard's inboxes by identifier, and their contacts only there", async () => {
    const [zero, one] = await worldsOnBothShards()
    const inboxes = [await createPublicInbox(zero, 'api'), await createPublicInbox(one, 'api')]
    for (const [shard, inbox] of inboxes.entries()) {
      expect(idShard(inbox.id)).toBe(shard)
      const shown = await inbox.call('')
      expect(shown.status, shown.text).toBe(200)
      const route = await env.DIRECTORY.prepare(
        'select account_id from inbox_routes where identifier = ?',
      )
        .bind(inbox.identifier)
        .first<{ account_id: number }>()
      expect(route?.account_id).toBe(inbox.world.accountId)
      const visitor = await createVisitor(inbox)
      expect(idShard(visitor.contactId)).toBe(shard)
      expect((await inbox.call(`/contacts/${visitor.sourceId}`)).status).toBe(200)
      // The same contact asked for through the other shard's inbox names nothing.
      const other = inboxes[1 - shard]!
      expectError(await other.call(`/contacts/${visitor.sourceId}`), 404)
    }
  })
})
