import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { AUTOMATIONS } from '../../../worker/automation/automations'
import { type Automation, runAutomations } from '../../../worker/automation/run'
import { createDb } from '../../../worker/db/client'
import { loadAutomationTriggers } from '../../../worker/db/queries/automation'
import { accountDb } from '../helpers'

export type MessageRow = {
  id: number
  message_type: number
  content: string | null
  content_type: string
  echo_id: string | null
  private: number
  created_at: number
}

/** A conversation's messages, oldest first. */
export async function messagesOf(accountId: number, conversationId: number) {
  const { results } = await (await accountDb(accountId))
    .prepare(
      'select id, message_type, content, content_type, echo_id, private, created_at from messages where conversation_id = ? order by id',
    )
    .bind(conversationId)
    .all<MessageRow>()
  return results
}

/** The automatic message of `key` in a conversation (echo_id parley:<key>), if any. */
export const automaticMessages = async (accountId: number, conversationId: number, key: string) =>
  (await messagesOf(accountId, conversationId)).filter((m) => m.echo_id === `parley:${key}`)

/** Waits until the publish follow-ups have sent the automatic message `key`, and returns it. */
export async function automaticMessageSent(accountId: number, conversationId: number, key: string) {
  await expect
    .poll(async () => (await automaticMessages(accountId, conversationId, key)).length, {
      timeout: 10_000,
    })
    .toBe(1)
  return (await automaticMessages(accountId, conversationId, key))[0] as MessageRow
}

/** The ids of the conversation's events of `kind`. */
export async function eventIdsOf(accountId: number, conversationId: number, kind: string) {
  const { results } = await (await accountDb(accountId))
    .prepare('select id from events where conversation_id = ? and kind = ? order by id')
    .bind(conversationId, kind)
    .all<{ id: number }>()
  return results.map((r) => r.id)
}

/** Runs the registered automations again on committed events, as the sweep does after a crash. */
export async function rerunAutomations(accountId: number, eventIds: number[], now: number) {
  const db = createDb(await accountDb(accountId))
  return runAutomations(env, db, accountId, eventIds, AUTOMATIONS, now)
}

/**
 * Runs one automation on the triggers of `eventIds`, with each message's `created_at` replaced by
 * `messageAt` (the clock the automation reads, controlled by the test) and the inbox's settings
 * overlaid with `settings` (so the follow-ups of the real requests, at the real time, stay off).
 */
export async function runWithMessageTime(
  automation: Automation,
  accountId: number,
  eventIds: number[],
  messageAt: number,
  settings: Record<string, unknown> = {},
) {
  const db = createDb(await accountDb(accountId))
  const triggers = (await loadAutomationTriggers(db, accountId, eventIds)).map((t) => ({
    ...t,
    inbox: { ...t.inbox, settings: { ...t.inbox.settings, ...settings } },
    message: t.message ? { ...t.message, createdAt: messageAt } : null,
  }))
  return automation(env, db, triggers, messageAt)
}
