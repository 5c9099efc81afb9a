import { describe, expect, it } from 'vitest'
import { greeting } from '../../../worker/automation/greeting'
import { nowSeconds } from '../../../worker/lib/time'
import { api, uniq } from '../helpers'
import {
  agentPost,
  createVisitor,
  eventRows,
  publicScene,
  startConversation,
} from '../public-helpers'
import { receivedBy, scriptReceiver } from '../receiver'
import {
  automaticMessageSent,
  automaticMessages,
  eventIdsOf,
  messagesOf,
  rerunAutomations,
  runWithMessageTime,
} from './automation-helpers'

const GREETING = 'Hi! We usually answer within minutes.'

const greetingScene = (settings: Record<string, unknown>) => publicScene('web_widget', { settings })

describe('the greeting', () => {
  it('is the first outgoing message of a new conversation, raises message_created and reaches webhooks', async () => {
    const { world, inbox } = await greetingScene({
      greeting_enabled: true,
      greeting_message: GREETING,
    })
    const hook = uniq('greeting-hook')
    const url = await scriptReceiver(hook)
    const created = await api(`/api/v1/accounts/${world.accountId}/webhooks`, {
      token: world.admin.token,
      body: { url, subscriptions: ['message_created'] },
    })
    expect(created.status, created.text).toBe(200)
    const visitor = await createVisitor(inbox)
    const conversation = await startConversation(inbox, visitor)

    const sent = await automaticMessageSent(world.accountId, conversation.id, 'greeting')
    expect(sent).toMatchObject({ message_type: 3, content: GREETING, private: 0 })
    const messages = await messagesOf(world.accountId, conversation.id)
    expect(messages.filter((m) => m.message_type === 1 || m.message_type === 3)[0]?.id).toBe(
      sent.id,
    )
    const events = await eventRows(world.accountId, 'message_created')
    expect(events.some((e) => e.message_id === sent.id)).toBe(true)

    await expect
      .poll(
        async () =>
          (await receivedBy(hook))
            .map((r) => JSON.parse(r.body))
            .filter((b) => b.event === 'message_created' && b.content === GREETING).length,
        { timeout: 15_000 },
      )
      .toBe(1)
    const payload = (await receivedBy(hook))
      .map((r) => JSON.parse(r.body))
      .find((b) => b.content === GREETING)
    expect(payload).toMatchObject({ message_type: 'template', id: sent.id })
  })

  it('is sent once, even when the follow-up runs again on the same events after a crash', async () => {
    const { world, inbox } = await greetingScene({
      greeting_enabled: true,
      greeting_message: GREETING,
    })
    const conversation = await startConversation(inbox, await createVisitor(inbox))
    await automaticMessageSent(world.accountId, conversation.id, 'greeting')
    const eventIds = await eventIdsOf(world.accountId, conversation.id, 'conversation_created')
    expect(await rerunAutomations(world.accountId, eventIds, nowSeconds())).toEqual([])
    expect(await rerunAutomations(world.accountId, eventIds, nowSeconds())).toEqual([])
    expect(await automaticMessages(world.accountId, conversation.id, 'greeting')).toHaveLength(1)
  })

  it('is not sent when switched off or when the message is blank', async () => {
    for (const settings of [
      { greeting_enabled: false, greeting_message: GREETING },
      { greeting_enabled: true, greeting_message: '   ' },
    ]) {
      const { world, inbox } = await greetingScene(settings)
      const conversation = await startConversation(inbox, await createVisitor(inbox))
      const eventIds = await eventIdsOf(world.accountId, conversation.id, 'conversation_created')
      expect(await runWithMessageTime(greeting, world.accountId, eventIds, nowSeconds())).toEqual(
        [],
      )
      expect(await automaticMessages(world.accountId, conversation.id, 'greeting')).toEqual([])
    }
  })

  it('is not sent in a conversation an agent has already answered', async () => {
    const { world, inbox } = await greetingScene({ greeting_enabled: false })
    const conversation = await startConversation(inbox, await createVisitor(inbox))
    await agentPost(world, conversation.displayId, { content: 'We started this one' })
    // The owner switches the greeting on; a re-run of the creation must not greet afterwards.
    const res = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inbox.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { greeting_enabled: true, greeting_message: GREETING },
    })
    expect(res.status, res.text).toBe(200)
    const eventIds = await eventIdsOf(world.accountId, conversation.id, 'conversation_created')
    expect(await runWithMessageTime(greeting, world.accountId, eventIds, nowSeconds())).toEqual([])
    expect(await automaticMessages(world.accountId, conversation.id, 'greeting')).toEqual([])
  })
})
