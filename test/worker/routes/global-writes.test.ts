import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../worker/lib/crypto'
import { createWorldWithPasswords, PASSWORD, sessionOf, signIn, withCookie } from '../auth-helpers'
import { api, countsOnEveryDatabase as counts, createWorld, everyDatabase, uniq } from '../helpers'
import { accountPath } from '../members-helpers'

const membership = (accountId: number, userId: number) =>
  counts(
    'select count(*) from account_users where account_id = ? and user_id = ?',
    accountId,
    userId,
  )
const roleOf = async (accountId: number, userId: number) =>
  Promise.all(
    everyDatabase().map(async (db) => {
      const row = await db
        .prepare('select role from account_users where account_id = ? and user_id = ?')
        .bind(accountId, userId)
        .first<{ role: string }>()
      return row?.role ?? null
    }),
  )
const sessionRows = async (token: string) =>
  counts('select count(*) from user_sessions where token_hash = ?', await sha256Hex(token))

/** A trigger that makes one kind of write fail on one database, to open the crash window. */
async function failing(db: D1Database, name: string, on: string, when: string) {
  await db
    .prepare(
      `create trigger ${name} before ${on} for each row when ${when} begin select raise(abort, 'injected'); end`,
    )
    .run()
  return () => db.prepare(`drop trigger ${name}`).run()
}

describe('global rows written from users and account paths', () => {
  it('sign-in copies the session to every shard; sign-out ends it everywhere', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.agent.email)
    expect(await sessionRows(session)).toEqual([1, 1, 1])
    const res = await withCookie('/auth/sign_out', session, { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect(await sessionRows(session)).toEqual([0, 0, 0])
  })

  it('a sign-in whose copy fails hands out no token', async () => {
    const world = await createWorldWithPasswords()
    const restore = await failing(
      env.SHARD_1,
      `f${uniq()}`,
      'insert on user_sessions',
      `new.user_id = ${world.agent.id}`,
    )
    const res = await signIn(world.agent.email, PASSWORD)
    await restore()
    expect(res.status).toBe(500)
    expect(res.session).toBeUndefined()
    expect(res.headers.get('access-token')).toBeNull()
  })

  it('sign-out fails closed: the shards end the session before the directory', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.agent.email)
    const restore = await failing(
      env.DIRECTORY,
      `f${uniq()}`,
      'delete on user_sessions',
      `old.user_id = ${world.agent.id}`,
    )
    const res = await withCookie('/auth/sign_out', session, { method: 'DELETE' })
    await restore()
    expect(res.status).toBe(500)
    expect(await sessionRows(session)).toEqual([1, 0, 0])
    // Refused on the account's path, whichever shard it is on.
    const onAccount = await withCookie(accountPath(world, '/agents'), session)
    expect(onAccount.status).toBe(401)
    // The retry ends it in the directory too.
    expect((await withCookie('/auth/sign_out', session, { method: 'DELETE' })).status).toBe(200)
    expect(await sessionRows(session)).toEqual([0, 0, 0])
  })

  it('an added agent reaches every shard; a removed one leaves every shard', async () => {
    const world = await createWorld()
    const email = `${uniq('a')}@example.com`
    const added = await api(accountPath(world, '/agents'), {
      token: world.admin.token,
      body: { email, name: 'New', role: 'agent' },
    })
    expect(added.status).toBe(200)
    expect(await membership(world.accountId, added.json.id)).toEqual([1, 1, 1])
    expect(await counts('select count(*) from users where id = ?', added.json.id)).toEqual([
      1, 1, 1,
    ])
    // Password links stay in the directory.
    expect(
      await counts('select count(*) from password_tokens where user_id = ?', added.json.id),
    ).toEqual([1, 0, 0])
    const removed = await api(accountPath(world, `/agents/${added.json.id}`), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(removed.status).toBe(200)
    expect(await membership(world.accountId, added.json.id)).toEqual([0, 0, 0])
  })

  it('a removal that fails in the directory leaves the member refused on the shards, and a retry finishes it', async () => {
    const world = await createWorld()
    const restore = await failing(
      env.DIRECTORY,
      `f${uniq()}`,
      'delete on account_users',
      `old.user_id = ${world.agent.id}`,
    )
    const path = accountPath(world, `/agents/${world.agent.id}`)
    const res = await api(path, { method: 'DELETE', token: world.admin.token })
    await restore()
    expect(res.status).toBe(500)
    expect(await membership(world.accountId, world.agent.id)).toEqual([1, 0, 0])
    // Its token is still a user's, but no member's on the account's shard.
    expect((await api(accountPath(world, '/agents'), { token: world.agent.token })).status).toBe(
      403,
    )
    expect((await api(path, { method: 'DELETE', token: world.admin.token })).status).toBe(200)
    expect(await membership(world.accountId, world.agent.id)).toEqual([0, 0, 0])
  })

  it('a refused removal of the last administrator gives the shards their rows back', async () => {
    const world = await createWorldWithPasswords()
    const session = await sessionOf(world.admin.email)
    const res = await api(accountPath(world, `/agents/${world.admin.id}`), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(422)
    expect(await membership(world.accountId, world.admin.id)).toEqual([1, 1, 1])
    expect(await sessionRows(session)).toEqual([1, 1, 1])
  })

  it('a demotion narrows the shards first; a promotion reaches them after the directory', async () => {
    const world = await createWorld()
    const path = accountPath(world, `/agents/${world.agent.id}`)
    const up = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'administrator' },
    })
    expect(up.status).toBe(200)
    expect(await roleOf(world.accountId, world.agent.id)).toEqual(Array(3).fill('administrator'))
    const restore = await failing(
      env.DIRECTORY,
      `f${uniq()}`,
      'update on account_users',
      `old.user_id = ${world.agent.id}`,
    )
    const down = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'agent' },
    })
    await restore()
    expect(down.status).toBe(500)
    expect(await roleOf(world.accountId, world.agent.id)).toEqual([
      'administrator',
      'agent',
      'agent',
    ])
    const again = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'agent' },
    })
    expect(again.status).toBe(200)
    expect(await roleOf(world.accountId, world.agent.id)).toEqual(Array(3).fill('agent'))
  })

  it('a profile password change ends the sessions on every shard and copies the new one', async () => {
    const world = await createWorldWithPasswords()
    const other = await sessionOf(world.agent.email)
    const mine = await sessionOf(world.agent.email)
    const res = await withCookie('/api/v1/profile', mine, {
      method: 'PATCH',
      body: {
        current_password: PASSWORD,
        password: 'another long password',
        password_confirmation: 'another long password',
      },
    })
    expect(res.status).toBe(200)
    const renewed = /parley_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? ''
    expect(await sessionRows(other)).toEqual([0, 0, 0])
    expect(await sessionRows(mine)).toEqual([0, 0, 0])
    expect(await sessionRows(renewed)).toEqual([1, 1, 1])
  })

  it('availability from the profile reaches the shards', async () => {
    const world = await createWorld()
    const res = await api('/api/v1/profile/availability', {
      token: world.agent.token,
      body: { account_id: world.accountId, availability: 'busy' },
    })
    expect(res.status).toBe(200)
    expect(
      await counts(
        "select count(*) from account_users where account_id = ? and user_id = ? and availability = 'busy'",
        world.accountId,
        world.agent.id,
      ),
    ).toEqual([1, 1, 1])
  })
})
