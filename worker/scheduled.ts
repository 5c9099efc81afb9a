import { inArray } from 'drizzle-orm'
import { autoResolveSettings, autoResolveWrite } from './conversations/auto-resolve'
import type { Write } from './conversations/changes'
import { wakeSnoozedWrite } from './conversations/snooze'
import { createDb, type Db } from './db/client'
import {
  accountsWithAutoResolve,
  type ConversationRow,
  dueSnoozedConversations,
  idleOpenConversations,
} from './db/queries/conversations'
import { accountShards } from './db/schema'
import { sweepOutgoingMail } from './email/outbound-sweep'
import { logShardFailures, onEachShard, perShard } from './events/each-shard'
import { commitEvents, publishCommitted } from './events/outbox'
import { sweepOutbox } from './events/sweep'
import { sweepFileDeletions } from './files/deletions'
import { log } from './lib/log'
import { sweepOutgoingTexts } from './phone/outbound-sweep'
import { PUBLISH_FOLLOW_UPS } from './queues/follow-ups'

/** One piece of time-based work; `now` is the cron's scheduled time in unix seconds. */
export type ScheduledTask = (env: Env, now: number) => Promise<void>

/** Chatwoot resolves at most this many conversations per account per run. */
const AUTO_RESOLVE_BATCH = 100
const SNOOZE_BATCH = 500
/** Conversations per D1 batch: each adds about ten statements. */
const WRITES_PER_BATCH = 10

/**
 * Commits one account's writes in batches on its shard (`db`) and hands their events to the
 * queue (the sweep retries failures).
 */
async function commitWrites(env: Env, db: Db, accountId: number, writes: Write[]) {
  for (let i = 0; i < writes.length; i += WRITES_PER_BATCH) {
    const chunk = writes.slice(i, i + WRITES_PER_BATCH)
    const { eventIds } = await commitEvents(
      db,
      chunk.flatMap((w) => w.statements),
      chunk.flatMap((w) => w.events),
    )
    await publishCommitted(env, accountId, eventIds, undefined, undefined, PUBLISH_FOLLOW_UPS)
  }
}

/**
 * Runs one account's part of a task; a failure (such as an account being moved, whose writes
 * its shard refuses) is logged and spares the accounts after it.
 */
async function forAccount(cron: string, accountId: number, work: () => Promise<unknown>) {
  try {
    await work()
  } catch (error) {
    log.error('scheduled work failed for an account', { cron, accountId, error })
  }
}

/**
 * The shard of each account, from the directory's map, in one read per 90 accounts. An account
 * being moved (read-only) is left out: its writes would be refused, and the first run after the
 * move does them on its new shard. An account with no entry has no data anywhere.
 */
async function accountsByShard(env: Env, accountIds: number[]) {
  const byShard = new Map<number, Set<number>>()
  const directory = createDb(env.DIRECTORY)
  for (let i = 0; i < accountIds.length; i += 90) {
    const rows = await directory
      .select({
        accountId: accountShards.accountId,
        shard: accountShards.shard,
        readOnly: accountShards.readOnly,
      })
      .from(accountShards)
      .where(inArray(accountShards.accountId, accountIds.slice(i, i + 90)))
    for (const row of rows) {
      if (row.readOnly) continue
      byShard.set(row.shard, (byShard.get(row.shard) ?? new Set()).add(row.accountId))
    }
  }
  return byShard
}

/**
 * Resolves open conversations idle longer than their account's `auto_resolve_after` minutes.
 * Settings are read from the directory (the truth for accounts); each account's conversations on
 * its shard, every shard side by side. A shard that fails is logged and spares the others.
 */
export const autoResolveConversations: ScheduledTask = async (env, now) => {
  const accounts = await accountsWithAutoResolve(createDb(env.DIRECTORY))
  const byShard = await accountsByShard(
    env,
    accounts.map((a) => a.id),
  )
  const { failures } = await onEachShard(env, async (db, shard) => {
    const here = byShard.get(shard)
    for (const account of accounts) {
      if (!here?.has(account.id)) continue
      const settings = autoResolveSettings(account.settings)
      if (!settings) continue
      const cutoff = now - settings.minutes * 60
      await forAccount('auto_resolve', account.id, async () => {
        const idle = await idleOpenConversations(
          db,
          account.id,
          cutoff,
          settings.ignoreWaiting,
          AUTO_RESOLVE_BATCH,
        )
        await commitWrites(
          env,
          db,
          account.id,
          idle.map((c) => autoResolveWrite(db, c, settings, now)),
        )
      })
    }
    return 0
  })
  logShardFailures('scheduled task failed', { cron: 'auto_resolve' }, failures)
}

/**
 * Reopens snoozed conversations whose `snoozed_until` has come, on every shard (the batch shared
 * among them, as the cron's one invocation does them all), each account's committed and
 * published on its own.
 */
export const wakeSnoozedConversations: ScheduledTask = async (env, now) => {
  const { failures } = await onEachShard(env, async (db) => {
    const due = await dueSnoozedConversations(db, now, perShard(env, SNOOZE_BATCH))
    const byAccount = new Map<number, ConversationRow[]>()
    for (const c of due) byAccount.set(c.accountId, [...(byAccount.get(c.accountId) ?? []), c])
    for (const [accountId, list] of byAccount) {
      await forAccount('snooze_wake_up', accountId, () =>
        commitWrites(
          env,
          db,
          accountId,
          list.map((c) => wakeSnoozedWrite(db, c, now)),
        ),
      )
    }
    return due.length
  })
  logShardFailures('scheduled task failed', { cron: 'snooze_wake_up' }, failures)
}

/**
 * The every-minute cron's work, in order. Each task is idempotent (it only touches rows still in
 * the state it acts on), so a repeated or overlapping run does no harm. The outbox sweep joins
 * this list as the last task.
 */
export const SCHEDULED_TASKS: [name: string, task: ScheduledTask][] = [
  ['auto_resolve', autoResolveConversations],
  ['snooze_wake_up', wakeSnoozedConversations],
  // What a deleting request recorded and did not remove from R2 itself (a crash, an R2 error,
  // more files than one call takes).
  ['file_deletions', (env) => sweepFileDeletions(env).then(() => undefined)],
  // Replies on email conversations whose queue message was lost go on the queue again; a send
  // a crash interrupted is marked failed for the agent to retry (never sent again unasked).
  ['mail_sweep', (env, now) => sweepOutgoingMail(env, now).then(() => undefined)],
  // The same for texts on phone inboxes (worker/phone/outbound-sweep.ts).
  ['phone_sweep', (env, now) => sweepOutgoingTexts(env, now).then(() => undefined)],
  // Last, so it also publishes what the tasks above just wrote if their own publish failed.
  ['outbox_sweep', (env, now) => sweepOutbox(env, now, PUBLISH_FOLLOW_UPS).then(() => undefined)],
]

/** Runs every task at the scheduled time; one task failing does not stop the others. */
export async function runScheduledWork(env: Env, scheduledTimeMs: number): Promise<void> {
  const now = Math.floor(scheduledTimeMs / 1000)
  for (const [name, task] of SCHEDULED_TASKS) {
    try {
      await task(env, now)
    } catch (error) {
      log.error('scheduled work failed', { cron: name, error })
    }
  }
}
