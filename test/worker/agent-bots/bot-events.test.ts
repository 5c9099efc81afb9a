import { env } from 'cloudflare:test'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { fanOutEvent } from '../../../worker/webhooks/fanout'
import { accountPath, connectAgentBot, postMessage } from '../conversation-helpers'
import { accountDb, api, createWorld, uniq } from '../helpers'
import {
  conversationOf,
  createPublicInbox,
  createVisitor,
  type PublicInbox,
  startConversation,
  type Visitor,
} from '../public-helpers'
import { type ReceiverAnswer, receivedBy, scriptReceiver } from '../receiver'
import { pipelineSettled } from '../webhooks/events-helpers'
import { createBot } from './bot-helpers'

/** A website inbox whose bot posts to a scripted receiver, a visitor and their conversation. */
async function botScene(answers: ReceiverAnswer[] = []) {
  const name = uniq('bot')
  const url = await scriptReceiver(name, answers)
  const world = await createWorld()
  const inbox = await createPublicInbox(world, 'web_widget')
  const bot = await createBot(world.accountId, url)
  await connectAgentBot(world, inbox.id, bot.id)
  const visitor = await createVisitor(inbox)
  const conversation = await startConversation(inbox, visitor)
  return { name, world, inbox, bot, visitor, conversation }
}

const visitorSays = (inbox: PublicInbox, visitor: Visitor, displayId: number, content: string) =>
  inbox.call(`${conversationOf(visitor, displayId)}/messages`, { body: { content } })

/**
 * What the bot received, each body verified with the bot's secret (throws on a bad signature),
 * once per webhook-id: a receiver slower than the timeout on a loaded machine gets a retry of
 * the same delivery (at least once), which is not another event.
 */
async function botReceived(name: string, secret: string) {
  const seen = new Set<string>()
  return (await receivedBy(name))
    .filter((r) => r.status >= 200 && r.status < 300)
    .filter(
      (r) => !seen.has(r.headers['webhook-id'] ?? '') && seen.add(r.headers['webhook-id'] ?? ''),
    )
    .map((r) => ({
      headers: r.headers,
      body: new Webhook(secret).verify(r.body, r.headers) as Record<string, unknown>,
    }))
    .sort((a, b) => eventIdOf(a.headers) - eventIdOf(b.headers))
}

/** Deliveries run side by side and retries come later: the event id (in `msg_<event>_b<bot>`) gives the order of the events. */
const eventIdOf = (headers: Record<string, string>) =>
  Number(String(headers['webhook-id']).split('_')[1])

async function botDeliveries(accountId: number, botId: number) {
  const { results } = await (await accountDb(accountId))
    .prepare(
      'select event, status, attempts, last_response_code, message_id, agent_bot_id, webhook_id from webhook_deliveries where account_id = ? and agent_bot_id = ? order by id',
    )
    .bind(accountId, botId)
    .all<Record<string, unknown>>()
  return results
}

describe("an inbox bot's events, through the webhook pipeline", () => {
  it("sends a visitor's message to the bot's outgoing_url, signed with the bot's secret", async () => {
    const s = await botScene()
    const sent = await visitorSays(s.inbox, s.visitor, s.conversation.displayId, 'Hello bot')
    expect(sent.status).toBe(200)
    await pipelineSettled(s.world.accountId)
    const got = await botReceived(s.name, s.bot.secret)
    expect(got).toHaveLength(1)
    expect(got[0]?.body).toMatchObject({
      event: 'message_created',
      content: 'Hello bot',
      message_type: 'incoming',
      private: false,
      conversation: { id: s.conversation.displayId, status: 'pending' },
      inbox: { id: s.inbox.id },
      account: { id: s.world.accountId },
    })
    expect(got[0]?.headers['webhook-id']).toMatch(new RegExp(`^msg_\\d+_b${s.bot.id}$`))
    // A signature made with any other secret does not verify.
    const forged = (await receivedBy(s.name))[0]!
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(forged.body, forged.headers),
    ).toThrow()
  })

  it('does not send the bot its own messages, private notes or activity lines', async () => {
    const s = await botScene()
    const { world, bot } = s
    const displayId = s.conversation.displayId
    await visitorSays(s.inbox, s.visitor, displayId, 'first')
    expect((await postMessage(world, displayId, { content: 'bot reply' }, bot.token)).status).toBe(
      200,
    )
    await postMessage(world, displayId, { content: 'a note', private: true })
    // The handoff writes an activity line; the status change itself is conversation_opened.
    await api(`${accountPath(world)}/conversations/${displayId}/toggle_status`, {
      token: bot.token,
      body: { status: 'open' },
    })
    await postMessage(world, displayId, { content: 'agent reply' })
    await visitorSays(s.inbox, s.visitor, displayId, 'second')
    await pipelineSettled(world.accountId)
    const got = await botReceived(s.name, bot.secret)
    expect(
      got.map((r) => [r.body.event, r.body.content ?? r.body.status] as [unknown, unknown]),
    ).toEqual([
      ['message_created', 'first'],
      ['conversation_opened', 'open'],
      ['message_created', 'agent reply'],
      ['message_created', 'second'],
    ])
  })

  it('sends conversation_resolved and conversation_opened with the conversation and its event', async () => {
    const s = await botScene()
    const path = `${accountPath(s.world)}/conversations/${s.conversation.displayId}/toggle_status`
    for (const status of ['resolved', 'open']) {
      const res = await api(path, { token: s.world.admin.token, body: { status } })
      expect(res.json.payload.current_status).toBe(status)
      // Each body shows the conversation as its event left it (rendered when published).
      await pipelineSettled(s.world.accountId)
    }
    const got = await botReceived(s.name, s.bot.secret)
    expect(got.map((r) => r.body.event)).toEqual(['conversation_resolved', 'conversation_opened'])
    expect(got[0]?.body).toMatchObject({
      id: s.conversation.displayId,
      status: 'resolved',
      inbox_id: s.inbox.id,
      meta: { sender: { id: s.visitor.contactId } },
    })
    expect(got[0]?.body).not.toHaveProperty('changed_attributes')
    expect(got[1]?.body).toMatchObject({ status: 'open', event: 'conversation_opened' })
  })

  it('sends webwidget_triggered when the visitor opens the widget', async () => {
    const s = await botScene()
    const res = await s.inbox.call(`/contacts/${s.visitor.sourceId}/events`, {
      body: { name: 'webwidget.triggered', event_info: { referer: 'https://shop.example.com' } },
    })
    expect(res.status).toBe(200)
    await pipelineSettled(s.world.accountId)
    const got = await botReceived(s.name, s.bot.secret)
    expect(got.map((r) => r.body.event)).toEqual(['webwidget_triggered'])
    expect(got[0]?.body).toMatchObject({
      event_info: { referer: 'https://shop.example.com' },
      source_id: s.visitor.sourceId,
    })
  })

  it('retries a failing bot endpoint with the same webhook-id, and logs each attempt', async () => {
    const s = await botScene([{ status: 500 }, { status: 503, retryAfter: '1' }])
    await visitorSays(s.inbox, s.visitor, s.conversation.displayId, 'anyone there?')
    await pipelineSettled(s.world.accountId)
    const all = await receivedBy(s.name)
    expect(all.map((r) => r.status)).toEqual([500, 503, 200])
    expect(new Set(all.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect((await botReceived(s.name, s.bot.secret))[0]?.body.content).toBe('anyone there?')
    expect(await botDeliveries(s.world.accountId, s.bot.id)).toEqual([
      {
        event: 'message_created',
        status: 'succeeded',
        attempts: 3,
        last_response_code: 200,
        message_id: all[0]?.headers['webhook-id'],
        agent_bot_id: s.bot.id,
        webhook_id: null,
      },
    ])
    // The event again (a duplicate queue message) makes no second delivery.
    const db = createDb(await accountDb(s.world.accountId))
    const eventId = eventIdOf(all[0]?.headers ?? {})
    expect(await fanOutEvent(env, db, eventId)).toEqual([])
  })

  it('sends nothing once the bot is removed from the inbox', async () => {
    const s = await botScene()
    await api(`${accountPath(s.world)}/inboxes/${s.inbox.id}/set_agent_bot`, {
      token: s.world.admin.token,
      body: { agent_bot: null },
    })
    await visitorSays(s.inbox, s.visitor, s.conversation.displayId, 'hello?')
    await pipelineSettled(s.world.accountId)
    expect(await receivedBy(s.name)).toEqual([])
    expect(await botDeliveries(s.world.accountId, s.bot.id)).toEqual([])
  })
})
