import { silentBotHandoff } from '../conversations/bot-handoff'
import type { Db } from '../db/client'
import { commitEvents, publishCommitted } from '../events/outbox'
import { nowSeconds } from '../lib/time'
import { PUBLISH_FOLLOW_UPS } from './follow-ups'

/**
 * After a delivery is given up: if it was a message to an agent bot whose conversation still
 * waits on it, opens the conversation for humans and publishes that with the inbox automations
 * (auto-assignment reacts to status → open). Safe to run twice (see `silentBotHandoff`).
 */
export async function handOffFromSilentBot(env: Env, db: Db, deliveryId: number) {
  const handoff = await silentBotHandoff(db, deliveryId, nowSeconds())
  if (!handoff) return
  const { statements, events } = handoff.write
  const { eventIds } = await commitEvents(db, statements, events)
  await publishCommitted(env, handoff.accountId, eventIds, undefined, undefined, PUBLISH_FOLLOW_UPS)
}
