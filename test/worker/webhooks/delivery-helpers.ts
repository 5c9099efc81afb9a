import { newWebhookSecret } from '../../../worker/webhooks/signature'
import { accountDb, createWorld, shardOfRow } from '../helpers'

/**
 * A webhook pointing at `url` with one event whose payload is already frozen, and the delivery
 * of that event to that webhook, made straight in D1 (on the account's shard) so delivery is
 * tested on its own.
 */
export async function seedDelivery(
  url: string,
  payload: Record<string, unknown> = { event: 'contact_created', id: 7 },
) {
  const world = await createWorld()
  const secret = newWebhookSecret()
  const db = await accountDb(world.accountId)
  const webhook = await db
    .prepare(
      'insert into webhooks (account_id, url, subscriptions, secret) values (?, ?, \'["contact_created"]\', ?) returning id',
    )
    .bind(world.accountId, url, secret)
    .first<{ id: number }>()
  const event = await db
    .prepare(
      "insert into events (account_id, kind, payload, published_at) values (?, 'contact_created', ?, unixepoch()) returning id",
    )
    .bind(world.accountId, JSON.stringify(payload))
    .first<{ id: number }>()
  const messageId = `msg_${event!.id}_w${webhook!.id}`
  const delivery = await db
    .prepare(
      "insert into webhook_deliveries (account_id, webhook_id, event_id, event, message_id, url) values (?, ?, ?, 'contact_created', ?, ?) returning id",
    )
    .bind(world.accountId, webhook!.id, event!.id, messageId, url)
    .first<{ id: number }>()
  return {
    world,
    secret,
    webhookId: webhook!.id,
    eventId: event!.id,
    deliveryId: delivery!.id,
    messageId,
    payload,
  }
}

/** A delivery's row, from the shard its id names (as the helpers below). */
export async function deliveryRow(id: number) {
  return shardOfRow(id).prepare('select * from webhook_deliveries where id = ?').bind(id).first<{
    status: string
    attempts: number
    last_response_code: number | null
    last_error: string | null
    next_attempt_at: number | null
    delivered_at: number | null
  }>()
}

/** Time passes until the delivery's scheduled retry is due (its queue message would arrive now). */
export async function retryComesDue(id: number) {
  await shardOfRow(id)
    .prepare(
      'update webhook_deliveries set next_attempt_at = unixepoch() where id = ? and next_attempt_at is not null',
    )
    .bind(id)
    .run()
}

/** Puts a delivery back to before its first attempt. */
export async function neverAttempted(id: number) {
  await shardOfRow(id)
    .prepare(
      "update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = null, claimed_until = null where id = ?",
    )
    .bind(id)
    .run()
}
