import type { Db } from '../db/client'
import {
  interruptedReplies,
  SENDING_PREFIX,
  strandedWaitingReplies,
  touchReplies,
} from '../db/queries/outgoing-mail'
import { logShardFailures, onEachShard, perShard } from '../events/each-shard'
import { log } from '../lib/log'
import { failReply, queueReplies } from './outbound'

/**
 * The cron's sweep of replies on their way out as mail (worker/email/outbound.ts), for what a
 * crash or a lost queue message stranded:
 * - a reply waiting (`status = 'sent'`, no `source_id`) for longer than `stranded`: its queue
 *   message never came (the publish after the commit died, or the queue lost it). It goes on
 *   the queue again and counts as waiting from now; a copy of a message still on its way is
 *   harmless, because the send claims the reply in D1 first.
 * - a reply claimed (`sending:<claim>`) for longer than `interrupted`: the consumer died between
 *   the claim and recording the id, so the mail may or may not have left. It is marked failed
 *   with that reason and never sent again unasked (that could mail it twice); the agent sees the
 *   reason and can retry. `interrupted` is a queue consumer's longest run (15 minutes), so a
 *   send still under way is never taken for a dead one.
 */
export const MAIL_SWEEP_AGES_SECONDS = { stranded: 60, interrupted: 15 * 60 } as const

export type MailSweepAges = { stranded: number; interrupted: number }

/**
 * How long a waiting reply stays the sweep's to re-queue: one older than this (a day of queue
 * outage, or an email inbox's reply written before mail was sent at all) is left alone rather
 * than mailed out of the blue; a retry makes it young again.
 */
const STRANDED_WINDOW_SECONDS = 24 * 3600

export const INTERRUPTED_REASON = 'interrupted: the send may or may not have happened'

/** Replies each part of the sweep takes per run, over all shards; the next minute takes the rest. */
const SWEEP_BATCH = 200

/** Production's ages, unless `SWEEP_AGE_SECONDS` (a test or chaos run) sets both shorter. */
export function mailSweepAges(env: Pick<Env, 'SWEEP_AGE_SECONDS'>): MailSweepAges {
  const override = Number(env.SWEEP_AGE_SECONDS)
  if (env.SWEEP_AGE_SECONDS && Number.isFinite(override) && override >= 0) {
    return { stranded: override, interrupted: override }
  }
  return { ...MAIL_SWEEP_AGES_SECONDS }
}

/**
 * A channel whose replies leave through a queue with a claim in D1 first (mail here, texts in
 * worker/phone/outbound-sweep.ts): how the sweep finds its stranded and interrupted replies, and
 * how it queues one again. Both channels keep the same states (db/queries/outgoing-mail.ts).
 */
export type OutgoingChannel = {
  /** For the logs: "mail sweep failed", "phone sweep failed". */
  name: string
  stranded: (
    db: Db,
    before: number,
    notBefore: number,
    limit: number,
  ) => Promise<{ id: number; accountId: number }[]>
  interrupted: (
    db: Db,
    before: number,
    limit: number,
  ) => Promise<{ id: number; accountId: number; sourceId: string | null }[]>
  queue: (env: Env, accountId: number, messageIds: number[]) => Promise<void>
}

/** One shard's stranded replies queued again (touched first, so the next sweep waits its age). */
async function requeueStranded(
  env: Env,
  db: Db,
  now: number,
  ages: MailSweepAges,
  channel: OutgoingChannel,
) {
  const stranded = await channel.stranded(
    db,
    now - ages.stranded,
    now - STRANDED_WINDOW_SECONDS,
    perShard(env, SWEEP_BATCH),
  )
  const byAccount = new Map<number, number[]>()
  for (const r of stranded)
    byAccount.set(r.accountId, [...(byAccount.get(r.accountId) ?? []), r.id])
  for (const [accountId, ids] of byAccount) {
    for (let i = 0; i < ids.length; i += 90) await touchReplies(db, ids.slice(i, i + 90), now)
    await channel.queue(env, accountId, ids)
  }
  return stranded.length
}

/** One shard's interrupted sends marked failed, each only while still under its own claim. */
async function failInterrupted(
  env: Env,
  db: Db,
  now: number,
  ages: MailSweepAges,
  channel: OutgoingChannel,
) {
  const interrupted = await channel.interrupted(
    db,
    now - ages.interrupted,
    perShard(env, SWEEP_BATCH),
  )
  for (const r of interrupted) {
    const claim = r.sourceId?.slice(SENDING_PREFIX.length) ?? null
    if (!claim) continue
    const target = { accountId: r.accountId, messageId: r.id, claim }
    await failReply(env, db, target, INTERRUPTED_REASON, now)
  }
  return interrupted.length
}

/**
 * Both parts on every shard, side by side; a shard that fails is logged and spares the others
 * (the next minute tries again). Returns how many replies each part took.
 */
export async function sweepOutgoing(
  env: Env,
  now: number,
  channel: OutgoingChannel,
  ages = mailSweepAges(env),
) {
  const run = async (name: string, part: typeof requeueStranded) => {
    const { total, failures } = await onEachShard(env, (db) => part(env, db, now, ages, channel))
    logShardFailures(`${channel.name} sweep failed`, { sweep: name }, failures)
    return total
  }
  const counts = {
    requeued: await run('stranded', requeueStranded),
    failed: await run('interrupted', failInterrupted),
  }
  if (counts.requeued + counts.failed > 0) {
    log.warn(`${channel.name} sweep recovered stranded replies`, counts)
  }
  return counts
}

/** A channel whose replies wait in the outgoing states of `kind`'s inboxes, queued by `queue`. */
export function outgoingChannel(
  name: string,
  kind: 'email' | 'phone',
  queue: OutgoingChannel['queue'],
): OutgoingChannel {
  return {
    name,
    stranded: (db, before, notBefore, limit) =>
      strandedWaitingReplies(db, kind, before, notBefore, limit),
    interrupted: (db, before, limit) => interruptedReplies(db, kind, before, limit),
    queue,
  }
}

const MAIL = outgoingChannel('mail', 'email', queueReplies)

/** The mail's sweep, with production's ages unless given others. */
export function sweepOutgoingMail(env: Env, now: number, ages = mailSweepAges(env)) {
  return sweepOutgoing(env, now, MAIL, ages)
}
