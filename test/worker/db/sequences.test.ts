import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { SHARD_ID_SPAN, sequenceFloorSql } from '../../../worker/db/queries/sequences'
import { shardBinding } from '../../../worker/db/shards'

describe('shard id ranges', () => {
  it('starts every AUTOINCREMENT sequence of shard 1 at 2^40, and running it again changes nothing', async () => {
    const one = shardBinding(env, 1)
    await one.batch(sequenceFloorSql(1).map((sql) => one.prepare(sql)))
    const { results } = await one
      .prepare(
        "select name, seq from sqlite_sequence where name in ('messages', 'conversations', 'contacts')",
      )
      .all<{ name: string; seq: number }>()
    expect(results.map((r) => r.name).sort()).toEqual(['contacts', 'conversations', 'messages'])
    for (const row of results) expect(row.seq).toBeGreaterThanOrEqual(SHARD_ID_SPAN)
  })

  it('numbers shard 1 rows from 2^40 and shard 0 rows from 1', async () => {
    const one = shardBinding(env, 1)
    const zero = shardBinding(env, 0)
    const insert = 'insert into platform_apps (name) values (?) returning id'
    const onOne = await one.prepare(insert).bind('one').first<{ id: number }>()
    const onZero = await zero.prepare(insert).bind('zero').first<{ id: number }>()
    expect(onOne?.id).toBeGreaterThan(SHARD_ID_SPAN)
    expect(onOne?.id).toBeLessThan(2 * SHARD_ID_SPAN)
    expect(onZero?.id).toBeLessThan(SHARD_ID_SPAN)
  })
})
