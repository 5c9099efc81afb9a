import type { Db } from '../db/client'
import {
  deletePendingFileDeletions,
  newestPendingFileDeletions,
  oldestPendingFileDeletions,
  type PendingFileDeletion,
} from '../db/queries/file-deletions'
import { logShardFailures, onEachShard, perShard } from '../events/each-shard'
import { log } from '../lib/log'

/*
 * Files outlive no deletion. A delete of a contact, an inbox or an account records its R2 keys
 * in `pending_file_deletions` in the same batch that deletes the rows (db/queries/file-deletions),
 * so a crash after it loses nothing, and from that commit the file route refuses those keys
 * (routes/files.ts). The deleting request then removes what it recorded from R2 at once, up to
 * one R2 call; whatever it leaves (a crash, an R2 failure, more files than one call takes) the
 * cron's sweep removes. Each step is idempotent: R2 deletes a missing key without complaint, and
 * a row is dropped only after its object is gone.
 */

/** Keys one R2 `delete` takes. */
export const R2_DELETE_MAX_KEYS = 1000

/** Pending deletions the sweep takes per run, over all shards; the next minute takes the rest. */
export const FILE_SWEEP_ROWS = 5000

/** Removes the objects from R2, then their pending rows. */
async function removeObjects(env: Env, db: Db, rows: PendingFileDeletion[]) {
  if (rows.length === 0) return
  await env.FILES.delete(rows.map((row) => row.objectKey))
  await deletePendingFileDeletions(
    db,
    rows.map((row) => row.id),
  )
}

/**
 * On the deleting request, after its batch: the account's newest pending deletions (what the
 * batch just recorded), up to one R2 call. A failure is logged, not thrown: the rows are gone
 * and the delete has happened; the sweep finishes the files.
 */
export async function removeRecordedFiles(env: Env, db: Db, accountId: number) {
  try {
    await removeObjects(
      env,
      db,
      await newestPendingFileDeletions(db, accountId, R2_DELETE_MAX_KEYS),
    )
  } catch (error) {
    log.error('file deletion left to the sweep', { accountId, error })
  }
}

/**
 * The cron's part: on every shard, the oldest pending deletions up to the shard's share of
 * `FILE_SWEEP_ROWS`, one R2 call per `R2_DELETE_MAX_KEYS`. Returns how many it removed.
 */
export async function sweepFileDeletions(env: Env): Promise<number> {
  const { total, failures } = await onEachShard(env, async (db) => {
    const budget = perShard(env, FILE_SWEEP_ROWS)
    let removed = 0
    while (removed < budget) {
      const size = Math.min(R2_DELETE_MAX_KEYS, budget - removed)
      const rows = await oldestPendingFileDeletions(db, size)
      await removeObjects(env, db, rows)
      removed += rows.length
      if (rows.length < size) break
    }
    return removed
  })
  logShardFailures('scheduled task failed', { cron: 'file_deletions' }, failures)
  return total
}
