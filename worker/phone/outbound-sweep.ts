import type { Db } from '../db/client'
import { SENDING_PREFIX, touchReplies } from '../db/queries/outgoing-mail'
import { interruptedPhoneReplies, strandedPhoneReplies } from '../db/queries/phone-outbound'
import { failReply } from '../email/outbound'
import { INTERRUPTED_REASON, type MailSweepAges, mailSweepAges } from '../email/outbound-sweep'
import { logShardFailures, onEachShard, perShard } from '../events/each-shard'
import { log } from '../lib/log'
import { queuePhoneReplies } from './outbound'

/**
 * The cron's sweep of texts on their way out of phone inboxes (worker/phone/outbound.ts), with
 * the mail sweep's rules and ages (worker/email/outbound-sweep.ts): a text waiting longer than
 * `stranded` lost its queue message and is queued again (the send's claim makes a copy
 * harmless); a text claimed longer than `interrupted` may or may not have left, so it is marked
 * failed with that reason and never sent again unasked (a customer would get it twice).
 */

/** A text waiting longer than this (a day of queue outage) is left alone, not sent out of the blue. */
const STRANDED_WINDOW_SECONDS = 24 * 3600

/** Texts each part of the sweep takes per run, over all shards; the next minute takes the rest. */
const PHONE_SWEEP_BATCH = 200

async function requeueStranded(env: Env, db: Db, now: number, ages: MailSweepAges) {
  const stranded = await strandedPhoneReplies(
    db,
    now - ages.stranded,
    now - STRANDED_WINDOW_SECONDS,
    perShard(env, PHONE_SWEEP_BATCH),
  )
  const byAccount = new Map<number, number[]>()
  for (const r of stranded)
    byAccount.set(r.accountId, [...(byAccount.get(r.accountId) ?? []), r.id])
  for (const [accountId, ids] of byAccount) {
    for (let i = 0; i < ids.length; i += 90) await touchReplies(db, ids.slice(i, i + 90), now)
    await queuePhoneReplies(env, accountId, ids)
  }
  return stranded.length
}

async function failInterrupted(env: Env, db: Db, now: number, ages: MailSweepAges) {
  const interrupted = await interruptedPhoneReplies(
    db,
    now - ages.interrupted,
    perShard(env, PHONE_SWEEP_BATCH),
  )
  for (const r of interrupted) {
    const claim = r.sourceId?.slice(SENDING_PREFIX.length) ?? null
    if (!claim) continue
    await failReply(
      env,
      db,
      { accountId: r.accountId, messageId: r.id, claim },
      INTERRUPTED_REASON,
      now,
    )
  }
  return interrupted.length
}

/** Both parts on every shard; a shard that fails is logged and spares the others. */
export async function sweepOutgoingTexts(env: Env, now: number, ages = mailSweepAges(env)) {
  const run = async (name: string, part: typeof requeueStranded) => {
    const { total, failures } = await onEachShard(env, (db) => part(env, db, now, ages))
    logShardFailures('phone sweep failed', { sweep: name }, failures)
    return total
  }
  const counts = {
    requeued: await run('stranded', requeueStranded),
    failed: await run('interrupted', failInterrupted),
  }
  if (counts.requeued + counts.failed > 0) log.warn('phone sweep recovered stranded texts', counts)
  return counts
}
