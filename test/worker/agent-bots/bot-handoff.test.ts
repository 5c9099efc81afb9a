import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { BOT_ERROR_ACTIVITY } from '../../../worker/conversations/bot-handoff'
import { handleQueue } from '../../../worker/queues/consumer'
import { MAX_DELIVERY_ATTEMPTS } from '../../../worker/webhooks/backoff'
import {
  connectAgentBot,
  conversationRow,
  eventsOf,
  kindsOf,
  messageRows,
} from '../conversation-helpers'
import { accountDb, createWorld, uniq } from '../helpers'
import {
  conversationOf,
  createPublicInbox,
  createVisitor,
  startConversation,
} from '../public-helpers'
import { receivedBy, scriptReceiver } from '../receiver'
import { pipelineSettled } from '../webhooks/events-helpers'
import { createBot } from './bot-helpers'

/** A website inbox whose bot's endpoint fails every attempt, and a visitor who wrote to it. */
async function silentBotScene() {
  const name = uniq('silent-bot')
  const url = await scriptReceiver(
    name,
    Array.from({ length: 40 }, () => ({ status: 500 })),
  )
  const world = await createWorld()
  const inbox = await createPublicInbox(world, 'web_widget')
  const bot = await createBot(world.accountId, url)
  await connectAgentBot(world, inbox.id, bot.id)
  const visitor = await createVisitor(inbox)
  const conversation = await startConversation(inbox, visitor)
  const sent = await inbox.call(`${conversationOf(visitor, conversation.displayId)}/messages`, {
    body: { content: 'is anyone there?' },
  })
  expect(sent.status).toBe(200)
  await pipelineSettled(world.accountId)
  const shard = await accountDb(world.accountId)
  const delivery = await shard
    .prepare(
      "select id from webhook_deliveries where account_id = ? and agent_bot_id = ? and event = 'message_created'",
    )
    .bind(world.accountId, bot.id)
    .first<{ id: number }>()
  const row = await conversationRow(world.accountId, conversation.displayId)
  return { name, world, bot, shard, deliveryId: delivery!.id, conversationId: row!.id as number }
}

/** The deliveries queue hands over `deliveryId` (from the dead-letter queue with `dlq`). */
async function queueHandsOver(accountId: number, deliveryId: number, dlq = false) {
  const message = {
    body: { type: 'delivery', accountId, deliveryId },
    attempts: 1,
    ack() {},
    retry() {},
  }
  const batch = { queue: dlq ? 'parley-deliveries-dlq' : 'parley-deliveries', messages: [message] }
  await handleQueue(batch as unknown as MessageBatch<unknown>, env)
}

describe('a bot that stops answering', () => {
  it('hands a pending conversation to humans when its message is given up, once', async () => {
    const s = await silentBotScene()
    expect((await receivedBy(s.name)).every((r) => r.status === 500)).toBe(true)
    // Every attempt but the last failed; the last is due now and fails too.
    await s.shard
      .prepare(
        "update webhook_deliveries set status = 'failed', attempts = ?, next_attempt_at = unixepoch() where id = ?",
      )
      .bind(MAX_DELIVERY_ATTEMPTS - 1, s.deliveryId)
      .run()
    const before = kindsOf(await eventsOf(s.conversationId))
    await queueHandsOver(s.world.accountId, s.deliveryId)
    const delivery = await s.shard
      .prepare('select status, attempts from webhook_deliveries where id = ?')
      .bind(s.deliveryId)
      .first()
    expect(delivery).toEqual({ status: 'dead', attempts: MAX_DELIVERY_ATTEMPTS })
    const after = await eventsOf(s.conversationId)
    const added = after.slice(before.length)
    const statusChange = added.find((e) => e.kind === 'conversation_status_changed')
    expect(statusChange?.changed_attributes).toEqual([
      { status: { previous_value: 'pending', current_value: 'open' } },
    ])
    const row = await s.shard
      .prepare('select status from conversations where id = ?')
      .bind(s.conversationId)
      .first()
    expect(row).toEqual({ status: 'open' })
    const activities = (await messageRows(s.conversationId)).filter((m) => m.message_type === 2)
    expect(activities.map((m) => m.content)).toEqual([BOT_ERROR_ACTIVITY])

    // A second give-up (the dead-letter queue's copy) changes nothing.
    const eventCount = (await eventsOf(s.conversationId)).length
    const messageCount = (await messageRows(s.conversationId)).length
    await queueHandsOver(s.world.accountId, s.deliveryId, true)
    expect((await eventsOf(s.conversationId)).length).toBe(eventCount)
    expect((await messageRows(s.conversationId)).length).toBe(messageCount)
  })

  it('leaves a conversation a human already took over as it is', async () => {
    const s = await silentBotScene()
    await s.shard
      .prepare("update conversations set status = 'resolved' where id = ?")
      .bind(s.conversationId)
      .run()
    const eventCount = (await eventsOf(s.conversationId)).length
    await queueHandsOver(s.world.accountId, s.deliveryId, true)
    const delivery = await s.shard
      .prepare('select status from webhook_deliveries where id = ?')
      .bind(s.deliveryId)
      .first()
    expect(delivery).toEqual({ status: 'dead' })
    expect((await eventsOf(s.conversationId)).length).toBe(eventCount)
    const row = await s.shard
      .prepare('select status from conversations where id = ?')
      .bind(s.conversationId)
      .first()
    expect(row).toEqual({ status: 'resolved' })
  })
})
