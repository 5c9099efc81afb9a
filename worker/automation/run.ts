import type { Db } from '../db/client'
import { type AutomationTrigger, loadAutomationTriggers } from '../db/queries/automation'
import { log } from '../lib/log'

export type { AutomationTrigger }

/**
 * One automation (greeting, out-of-office, CSAT, auto-assignment, …): given the triggers of a
 * publish, it commits what the inbox's settings ask for and returns the ids of the events it
 * committed, for the runner's caller to publish. It runs again whenever the sweep re-publishes
 * the same events after a crash, so each write must be idempotent: an automatic message carries
 * a fixed echo_id (automatic-message.ts), which the unique index keeps to one per conversation.
 */
export type Automation = (
  env: Env,
  db: Db,
  triggers: AutomationTrigger[],
  now: number,
) => Promise<number[]>

/**
 * Runs `automations` on the committed events `eventIds` of `accountId`, each in turn, and returns
 * the ids of the events they committed. One that fails is logged and the others still run; the
 * failure is then thrown, so the events stay unpublished and the sweep runs them all again.
 */
export async function runAutomations(
  env: Env,
  db: Db,
  accountId: number,
  eventIds: number[],
  automations: readonly Automation[],
  now: number,
) {
  if (automations.length === 0 || eventIds.length === 0) return []
  const triggers = await loadAutomationTriggers(db, accountId, eventIds)
  if (triggers.length === 0) return []
  const committed: number[] = []
  let failure: unknown = null
  for (const automation of automations) {
    try {
      committed.push(...(await automation(env, db, triggers, now)))
    } catch (error) {
      log.warn('automation failed', { error, automation: automation.name })
      failure ??= error
    }
  }
  if (failure) throw Object.assign(new Error('an automation failed'), { committed, cause: failure })
  return committed
}
