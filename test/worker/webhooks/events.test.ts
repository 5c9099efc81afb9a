import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { EVENT_KINDS } from '../../../worker/events/kinds'
import { runScheduledWork } from '../../../worker/scheduled'
import { api, createWorld, uniq, type World } from '../helpers'
import { scriptReceiver } from '../receiver'
import {
  type Delivery,
  expectChangedAttributes,
  expectContactShape,
  expectConversationShape,
  expectMessageShape,
  kinds,
  only,
  ReceiverLog,
} from './events-helpers'

/**
 * Every event kind driven through the real API (and the cron), delivered by the real pipeline to
 * loopback receivers: an account webhook subscribed to all eight kinds, and an API inbox's
 * webhook_url. Steps run in order and share one conversation.
 */
describe('webhook events end to end', () => {
  let world: World
  let account: ReceiverLog
  let inbox: ReceiverLog
  let inboxId: number
  let inboxIdentifier: string
  let contactId: number
  let sourceId: string
  let displayId: number
  let outgoingId: number
  const path = (rest: string) => `/api/v1/accounts/${world.accountId}${rest}`
  const as = (method: string, rest: string, body?: Record<string, unknown>) =>
    api(path(rest), { method, token: world.admin.token, body })
  const conversation = (rest = '') => `/conversations/${displayId}${rest}`
  const visitor = () =>
    `/public/api/v1/inboxes/${inboxIdentifier}/contacts/${sourceId}/conversations/${displayId}`

  /** Both receivers' deliveries for one step: `forAccount` and `forInbox` new ones each. */
  async function step(forAccount: number, forInbox: number) {
    const [a, i] = await Promise.all([account.next(forAccount), inbox.next(forInbox)])
    return { account: a, inbox: i }
  }

  beforeAll(async () => {
    world = await createWorld()
    const accountName = uniq('events-account-')
    const inboxName = uniq('events-inbox-')
    const webhook = await as('POST', '/webhooks', {
      url: await scriptReceiver(accountName),
      name: 'Everything',
      subscriptions: [...EVENT_KINDS],
    })
    expect(webhook.status).toBe(200)
    expect(webhook.json.payload.webhook.subscriptions).toEqual([...EVENT_KINDS])
    account = new ReceiverLog(accountName, webhook.json.payload.webhook.secret)
    const created = await as('POST', '/inboxes', {
      name: 'API inbox',
      channel: { type: 'api', webhook_url: await scriptReceiver(inboxName) },
    })
    expect(created.status).toBe(200)
    expect(created.json.webhook_secret).toMatch(/^whsec_/)
    inboxId = created.json.id
    inboxIdentifier = created.json.inbox_identifier
    inbox = new ReceiverLog(inboxName, created.json.webhook_secret)
  })

  it('creating a contact sends contact_created to the account webhook only', async () => {
    const res = await as('POST', '/contacts', {
      name: 'Ada Lovelace',
      email: `${uniq('ada')}@example.com`,
      inbox_id: inboxId,
    })
    expect(res.status).toBe(200)
    contactId = res.json.payload.contact.id
    sourceId = res.json.payload.contact_inbox.source_id
    const got = await step(1, 0)
    expect(kinds(got.account)).toEqual(['contact_created'])
    const body = only(got.account, 'contact_created')
    expectContactShape(body, world.accountId)
    expect(body).toMatchObject({ id: contactId, name: 'Ada Lovelace' })
    expect(body).not.toHaveProperty('changed_attributes')
  })

  it('updating a contact sends contact_updated with changed_attributes', async () => {
    const res = await as('PUT', `/contacts/${contactId}`, {
      name: 'Ada King',
      additional_attributes: { city: 'London' },
    })
    expect(res.status).toBe(200)
    const got = await step(1, 0)
    expect(kinds(got.account)).toEqual(['contact_updated'])
    const body = only(got.account, 'contact_updated')
    expectContactShape(body, world.accountId)
    const changes = expectChangedAttributes(body, ['name', 'additional_attributes'])
    expect(changes.name).toEqual({ previous_value: 'Ada Lovelace', current_value: 'Ada King' })
    expect(changes.additional_attributes?.current_value).toEqual({ city: 'London' })
  })

  it('creating a conversation with a message sends conversation_created and message_created', async () => {
    const res = await as('POST', '/conversations', {
      inbox_id: inboxId,
      contact_id: contactId,
      message: { content: 'Hello from support' },
    })
    expect(res.status).toBe(200)
    displayId = res.json.id
    const got = await step(2, 2)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['conversation_created', 'message_created'])
      const created = only(target, 'conversation_created')
      expectConversationShape(created, displayId)
      expect(created).toMatchObject({ status: 'open', inbox_id: inboxId })
      expect(created.meta.sender).toMatchObject({ id: contactId, name: 'Ada King' })
      expect(created.contact_inbox.source_id).toBe(sourceId)
      const message = only(target, 'message_created')
      expectMessageShape(message, world.accountId, displayId)
      expect(message).toMatchObject({
        content: 'Hello from support',
        message_type: 'outgoing',
        private: false,
        sender: { id: world.admin.id, type: 'user' },
      })
    }
  })

  it('an outgoing reply to the unassigned conversation sends conversation_updated (the replier assigned) and message_created to both targets', async () => {
    const res = await as('POST', conversation('/messages'), { content: 'Second reply' })
    expect(res.status).toBe(200)
    outgoingId = res.json.id
    const got = await step(2, 2)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['conversation_updated', 'message_created'])
      const updated = only(target, 'conversation_updated')
      expect(expectChangedAttributes(updated, ['assignee_id']).assignee_id).toEqual({
        previous_value: null,
        current_value: world.admin.id,
      })
      const body = only(target, 'message_created')
      expectMessageShape(body, world.accountId, displayId)
      expect(body).toMatchObject({ id: outgoingId, message_type: 'outgoing', private: false })
      expect(body.conversation.messages[0]).toMatchObject({ id: outgoingId, message_type: 1 })
    }
  })

  it('a private note sends message_created with private: true', async () => {
    const res = await as('POST', conversation('/messages'), { content: 'Internal', private: true })
    expect(res.status).toBe(200)
    const got = await step(1, 1)
    for (const target of [got.account, got.inbox]) {
      const body = only(target, 'message_created')
      expect(kinds(target)).toEqual(['message_created'])
      expect(body).toMatchObject({ id: res.json.id, private: true, message_type: 'outgoing' })
      // The conversation's last chat message is still the public reply.
      expect(body.conversation.messages[0].id).toBe(outgoingId)
    }
  })

  it('an incoming message (API inbox) sends message_created from the contact and conversation_updated', async () => {
    const res = await as('POST', conversation('/messages'), {
      content: 'I need help',
      message_type: 'incoming',
    })
    expect(res.status).toBe(200)
    const got = await step(2, 2)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['conversation_updated', 'message_created'])
      const message = only(target, 'message_created')
      expectMessageShape(message, world.accountId, displayId)
      expect(message).toMatchObject({
        message_type: 'incoming',
        sender: { id: contactId, type: 'contact', account: { id: world.accountId } },
      })
      const updated = only(target, 'conversation_updated')
      const changes = expectChangedAttributes(updated, ['waiting_since'])
      expect(changes.waiting_since?.previous_value).toBeNull()
    }
  })

  it('a message status update sends message_updated', async () => {
    const res = await as('PATCH', conversation(`/messages/${outgoingId}`), { status: 'delivered' })
    expect(res.status).toBe(200)
    const got = await step(1, 1)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['message_updated'])
      const body = only(target, 'message_updated')
      expectMessageShape(body, world.accountId, displayId)
      expect(body).toMatchObject({ id: outgoingId, status: 'delivered' })
    }
  })

  it('deleting a message sends message_updated with the deleted content', async () => {
    const res = await as('DELETE', conversation(`/messages/${outgoingId}`))
    expect(res.status).toBe(200)
    const got = await step(1, 1)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['message_updated'])
      expect(only(target, 'message_updated')).toMatchObject({
        id: outgoingId,
        content: 'This message was deleted',
        content_attributes: { deleted: true },
      })
    }
  })

  it('toggling the status sends conversation_status_changed and conversation_updated', async () => {
    const res = await as('POST', conversation('/toggle_status'), {})
    expect(res.json.payload.current_status).toBe('resolved')
    const got = await step(2, 2)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['conversation_status_changed', 'conversation_updated'])
      const changed = only(target, 'conversation_status_changed')
      expectConversationShape(changed, displayId)
      expect(changed.status).toBe('resolved')
      expect(expectChangedAttributes(changed, ['status']).status).toEqual({
        previous_value: 'open',
        current_value: 'resolved',
      })
      const updated = only(target, 'conversation_updated')
      const changes = expectChangedAttributes(updated, ['status', 'waiting_since', 'updated_at'])
      expect(changes.status?.current_value).toBe('resolved')
    }
  })

  it('assigning an agent sends conversation_updated with assignee_id', async () => {
    const res = await as('POST', conversation('/assignments'), { assignee_id: world.agent.id })
    expect(res.status).toBe(200)
    const got = await step(1, 1)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['conversation_updated'])
      const body = only(target, 'conversation_updated')
      // The admin's reply above made the admin the assignee.
      expect(expectChangedAttributes(body, ['assignee_id']).assignee_id).toEqual({
        previous_value: world.admin.id,
        current_value: world.agent.id,
      })
      expect(body.meta).toMatchObject({
        assignee: { id: world.agent.id, type: 'user' },
        assignee_type: 'User',
      })
    }
  })

  it('setting labels sends conversation_updated with labels', async () => {
    const res = await as('POST', conversation('/labels'), { labels: ['vip', 'billing'] })
    expect(res.status).toBe(200)
    const got = await step(1, 1)
    for (const target of [got.account, got.inbox]) {
      const body = only(target, 'conversation_updated')
      expect(kinds(target)).toEqual(['conversation_updated'])
      expect(expectChangedAttributes(body, ['labels']).labels).toEqual({
        previous_value: [],
        current_value: ['vip', 'billing'],
      })
      expect(body.labels).toEqual(['vip', 'billing'])
    }
  })

  it('setting the priority sends conversation_updated with priority', async () => {
    const res = await as('POST', conversation('/toggle_priority'), { priority: 'high' })
    expect(res.status).toBe(200)
    const got = await step(1, 1)
    for (const target of [got.account, got.inbox]) {
      const body = only(target, 'conversation_updated')
      expect(kinds(target)).toEqual(['conversation_updated'])
      expect(expectChangedAttributes(body, ['priority']).priority).toEqual({
        previous_value: null,
        current_value: 'high',
      })
    }
  })

  it('reopening sends conversation_status_changed and conversation_updated', async () => {
    const res = await as('POST', conversation('/toggle_status'), { status: 'open' })
    expect(res.json.payload.current_status).toBe('open')
    const got = await step(2, 2)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['conversation_status_changed', 'conversation_updated'])
      expect(only(target, 'conversation_status_changed').status).toBe('open')
    }
  })

  it('the cron auto-resolve sends the template message and the status change', async () => {
    const settings = await as('PATCH', '', {
      auto_resolve_after: 60,
      auto_resolve_message: 'Closing this for now',
    })
    expect(settings.status).toBe(200)
    await runScheduledWork(env, (Math.floor(Date.now() / 1000) + 2 * 3600) * 1000)
    const got = await step(3, 3)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual([
        'conversation_status_changed',
        'conversation_updated',
        'message_created',
      ])
      const template = only(target, 'message_created')
      expect(template).toMatchObject({ content: 'Closing this for now', message_type: 'template' })
      const changed = only(target, 'conversation_status_changed')
      expect(changed.status).toBe('resolved')
      expect(expectChangedAttributes(changed, ['status']).status).toEqual({
        previous_value: 'open',
        current_value: 'resolved',
      })
    }
  })

  it('a visitor message (public API) reopens the resolved conversation', async () => {
    const res = await api(`${visitor()}/messages`, { body: { content: 'Still there?' } })
    expect(res.status).toBe(200)
    const got = await step(3, 3)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual([
        'conversation_status_changed',
        'conversation_updated',
        'message_created',
      ])
      expect(only(target, 'message_created')).toMatchObject({
        content: 'Still there?',
        message_type: 'incoming',
        sender: { id: contactId, type: 'contact' },
      })
      const changed = only(target, 'conversation_status_changed')
      expect(changed.status).toBe('open')
      expect(expectChangedAttributes(changed, ['status']).status).toEqual({
        previous_value: 'resolved',
        current_value: 'open',
      })
    }
  })

  it('a visitor resolving (public API) sends conversation_status_changed', async () => {
    const res = await api(`${visitor()}/toggle_status`, { body: {} })
    expect(res.status).toBe(200)
    const got = await step(2, 2)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['conversation_status_changed', 'conversation_updated'])
      expect(only(target, 'conversation_status_changed').status).toBe('resolved')
    }
  })

  it('the widget opening (public API) sends webwidget_triggered to both targets', async () => {
    const res = await api(`/public/api/v1/inboxes/${inboxIdentifier}/contacts/${sourceId}/events`, {
      body: { name: 'webwidget.triggered', event_info: { widget_language: 'en' } },
    })
    expect([200, 204]).toContain(res.status)
    const got = await step(1, 1)
    for (const target of [got.account, got.inbox]) {
      expect(kinds(target)).toEqual(['webwidget_triggered'])
      const body = only(target, 'webwidget_triggered')
      expect(body).toMatchObject({
        id: expect.any(Number),
        inbox: { id: inboxId, name: 'API inbox' },
        account: { id: world.accountId, name: expect.any(String) },
        source_id: sourceId,
        event_info: { widget_language: 'en' },
      })
      expectContactShape(body.contact, world.accountId)
      expect(body.contact.id).toBe(contactId)
      expectConversationShape(body.current_conversation, displayId)
    }
  })

  it('delivered each webhook-id once, no contact events to the inbox, no activity messages', async () => {
    const late = await Promise.all([account.rest(world.accountId), inbox.rest(world.accountId)])
    expect(late.flat()).toEqual([])
    const all: Delivery[] = [...account.all, ...inbox.all]
    const ids = all.map((d) => d.webhookId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(inbox.all.filter((d) => d.payload.event.startsWith('contact_'))).toEqual([])
    expect(all.filter((d) => d.payload.message_type === 'activity')).toEqual([])
    // Every chat message (not the activity lines the steps also wrote) was announced once.
    const messages = await as('GET', conversation('/messages'))
    const chat = messages.json.payload.filter((m: { message_type: number }) => m.message_type !== 2)
    const activity = messages.json.payload.length - chat.length
    expect(activity).toBeGreaterThan(0)
    const announced = account.all.filter((d) => d.payload.event === 'message_created')
    expect(announced.map((d) => d.payload.id).sort()).toEqual(
      chat.map((m: { id: number }) => m.id).sort(),
    )
  })
})
