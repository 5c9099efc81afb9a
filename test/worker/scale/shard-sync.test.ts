import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { shardBinding } from '../../../worker/db/shards'
import { api, createWorld, expectError, PLATFORM_TOKEN } from '../helpers'

const usersOn = async (shard: number, id: number) =>
  (
    await shardBinding(env, shard)
      .prepare('select count(*) as n from users where id = ?')
      .bind(id)
      .first<{ n: number }>()
  )?.n

describe('copying the global rows to a shard', () => {
  it('gives a shard that lost its copies (as a new one has none) every global row again', async () => {
    const world = await createWorld()
    // A shard without the copies: as a shard just added to wrangler.toml starts.
    const shard = shardBinding(env, 1)
    await shard.batch([
      shard
        .prepare('delete from access_tokens where owner_type = ? and owner_id = ?')
        .bind('user', world.admin.id),
    ])
    expect(
      (
        await shard
          .prepare('select count(*) as n from access_tokens where owner_id = ?')
          .bind(world.admin.id)
          .first<{ n: number }>()
      )?.n,
    ).toBe(0)
    const res = await api('/platform/api/v1/shards/1/sync', {
      token: PLATFORM_TOKEN,
      method: 'POST',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.copied.users).toBeGreaterThanOrEqual(2)
    expect(res.json.copied.access_tokens).toBeGreaterThanOrEqual(2)
    expect(await usersOn(1, world.admin.id)).toBe(1)
    // The admin's token works again on the account, whichever shard holds it.
    const profile = await api(`/api/v1/accounts/${world.accountId}/agents`, {
      token: world.admin.token,
    })
    expect(profile.status).toBe(200)
  })

  it('is the root platform app’s, and names only shards that exist', async () => {
    const world = await createWorld()
    expectError(
      await api('/platform/api/v1/shards/1/sync', { token: world.admin.token, method: 'POST' }),
      401,
    )
    expectError(
      await api('/platform/api/v1/shards/9/sync', { token: PLATFORM_TOKEN, method: 'POST' }),
      404,
    )
  })
})
