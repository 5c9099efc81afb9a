import { accountDb } from '../helpers'
import { type EmailScene, messageRow } from './outbound-helpers'

type Row = NonNullable<Awaited<ReturnType<typeof messageRow>>>

/**
 * The message's row once `done` holds for it (the mail queue's consumer runs beside the test),
 * or as it is when `ms` pass: the caller's assertions then fail with what it was.
 */
export async function messageRowWhen(
  scene: EmailScene,
  id: number,
  done: (row: Row) => boolean,
  ms = 15_000,
) {
  const until = Date.now() + ms
  for (;;) {
    const row = await messageRow(scene, id)
    if ((row && done(row)) || Date.now() > until) return row
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Sent: the id the mail service returned is in `source_id`. */
export const isSent = (row: Row) =>
  row.status === 'sent' && row.source_id !== null && !row.source_id.startsWith('sending:')

/** The kinds of the events recorded for a message, oldest first. */
export async function messageEventKinds(scene: EmailScene, messageId: number) {
  const { results } = await (await accountDb(scene.world.accountId))
    .prepare('select kind from events where message_id = ? order by id')
    .bind(messageId)
    .all<{ kind: string }>()
  return results.map((r) => r.kind)
}

/** Moves a message's `updated_at` back by `seconds`, as if it had waited that long. */
export async function ageMessage(scene: EmailScene, id: number, seconds: number) {
  await (await accountDb(scene.world.accountId))
    .prepare(
      'update messages set updated_at = unixepoch() - ?, created_at = unixepoch() - ? where id = ?',
    )
    .bind(seconds, seconds, id)
    .run()
}
