import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { deleteAccountStatement } from '../../../worker/db/queries/accounts'
import { deleteContactStatement } from '../../../worker/db/queries/contacts'
import {
  recordAccountFilesStatements,
  recordContactFilesStatements,
} from '../../../worker/db/queries/file-deletions'
import { shardBinding } from '../../../worker/db/shards'
import { perShard } from '../../../worker/events/each-shard'
import { FILE_SWEEP_ROWS } from '../../../worker/files/deletions'
import { runScheduledWork } from '../../../worker/scheduled'
import { contactWithFiles, fileScene, keyOf, served, stored } from '../files-helpers'
import { accountDb, uniq } from '../helpers'

const runSweep = () => runScheduledWork(env, Date.now())

const pendingOn = async (binding: D1Database, prefix = '') =>
  (
    await binding
      .prepare('select count(*) as n from pending_file_deletions where object_key like ?')
      .bind(`${prefix}%`)
      .first<{ n: number }>()
  )?.n ?? 0

describe('files of deleted rows', () => {
  it('are refused at once and removed by the sweep when the deleting request died before removing them', async () => {
    const { world, inboxId } = await fileScene()
    const { contactId, urls } = await contactWithFiles(world, inboxId)
    const binding = await accountDb(world.accountId)
    const db = createDb(binding)
    // The handler's batch, and then the crash: nothing removed from R2.
    await db.batch([
      ...recordContactFilesStatements(db, world.accountId, contactId),
      deleteContactStatement(db, world.accountId, contactId),
    ])
    const keys = [keyOf(urls.avatar), keyOf(urls.attachment)]
    for (const key of keys) expect(await stored(key)).toBe(true)
    // Still in R2, but their rows are gone: the file route answers as for no file.
    expect(await served(urls.avatar)).toBe(404)
    expect(await served(urls.attachment)).toBe(404)

    await runSweep()

    for (const key of keys) expect(await stored(key), key).toBe(false)
    const left = await binding
      .prepare('select count(*) as n from pending_file_deletions where account_id = ?')
      .bind(world.accountId)
      .first<{ n: number }>()
    expect(left?.n).toBe(0)
  })

  it('records every file of a deleted account on its shard, for the sweep', async () => {
    const { world, inboxId } = await fileScene()
    const { urls } = await contactWithFiles(world, inboxId)
    const binding = await accountDb(world.accountId)
    const db = createDb(binding)
    await db.batch([
      ...recordAccountFilesStatements(db, world.accountId),
      deleteAccountStatement(db, world.accountId),
    ])
    const recorded = await binding
      .prepare('select object_key from pending_file_deletions where account_id = ? order by id')
      .bind(world.accountId)
      .all<{ object_key: string }>()
    expect(recorded.results.map((row) => row.object_key)).toEqual([
      keyOf(urls.avatar),
      keyOf(urls.attachment),
    ])
    expect(await served(urls.avatar)).toBe(404)
    expect(await served(urls.attachment)).toBe(404)
    await runSweep()
    expect(await stored(keyOf(urls.avatar))).toBe(false)
    expect(await stored(keyOf(urls.attachment))).toBe(false)
  })

  it('takes at most its share of rows per run, leaves the rest to the next, and minds no missing key', async () => {
    const shard = shardBinding(env, 0)
    const prefix = `attachment/${uniq('sweep')}/`
    const share = perShard(env, FILE_SWEEP_ROWS)
    await env.FILES.put(`${prefix}kept-until-swept.png`, 'x')
    // One object that exists, then more keys than a run takes that R2 does not hold.
    await shard
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
         insert into pending_file_deletions (account_id, object_key)
         select 1, ? union all select 1, ? || i from n`,
      )
      .bind(share, `${prefix}kept-until-swept.png`, `${prefix}missing-`)
      .run()
    expect(await pendingOn(shard, prefix)).toBe(share + 1)

    await runSweep()
    expect(await pendingOn(shard, prefix)).toBe(1)
    expect(await stored(`${prefix}kept-until-swept.png`)).toBe(false)

    await runSweep()
    expect(await pendingOn(shard, prefix)).toBe(0)
  })
})
