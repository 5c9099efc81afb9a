import ChatwootSdk from '@figuro/chatwoot-sdk'
import type { ContactsApi } from '@figuro/chatwoot-sdk/dist/services/client/Contacts'
import type { ConversationsApi } from '@figuro/chatwoot-sdk/dist/services/client/Conversations'
import type { MessagesApi } from '@figuro/chatwoot-sdk/dist/services/client/Messages'
import { beforeAll, describe, expect, it } from 'vitest'
import { sdk, wire, world } from './world'

const w = world()
const accountId = w.accountId
const stamp = Date.now().toString(36)

// The package is CommonJS with `exports.default`; Node's ESM import hands back module.exports.
const Client = ((ChatwootSdk as unknown as { default?: typeof ChatwootSdk }).default ??
  ChatwootSdk) as typeof ChatwootSdk

/**
 * The SDK's public client API (`client.client`), as published: no token, its own axios transport
 * and headers. Its type declares `client` as `{}`; the services are there at run time.
 */
const visitorClient = new Client({
  config: { basePath: w.base, with_credentials: false, credentials: 'omit' },
}).client as { contacts: ContactsApi; conversations: ConversationsApi; messages: MessagesApi }
const agentClient = sdk(w.admin.token)

/** Chatwoot's message_public: what the visitor may see of a message. */
const publicMessage = (fields: Record<string, unknown>) => ({
  id: expect.any(Number),
  content: expect.anything(),
  message_type: expect.any(Number),
  content_type: expect.any(String),
  content_attributes: expect.any(Object),
  created_at: expect.any(Number),
  conversation_id: expect.any(Number),
  ...fields,
})

describe('the public client API through @figuro/chatwoot-sdk', () => {
  let inboxIdentifier: string
  let sourceId: string
  let contactId: number
  let conversationId: number
  let messageId: number

  beforeAll(async () => {
    const inbox = wire(await agentClient.inboxes.get({ accountId, id: w.inboxId }))
    inboxIdentifier = inbox.inbox_identifier
    await agentClient.customAttributes.create({
      accountId,
      data: {
        attribute_display_name: 'Plan',
        attribute_key: `plan_${stamp}`,
        attribute_display_type: 0,
        attribute_model: 1,
      },
    })
  })

  it('client.contacts.create answers the session: source_id, pubsub_token, id, name, email', async () => {
    const res = wire(
      await visitorClient.contacts.create({
        inboxIdentifier,
        data: {
          name: 'Ada Visitor',
          email: `ada-${stamp}@example.com`,
          phone_number: '+15550100300',
          custom_attributes: { [`plan_${stamp}`]: 'pro' },
        },
      }),
    )
    expect(res).toEqual({
      source_id: expect.any(String),
      pubsub_token: expect.any(String),
      id: expect.any(Number),
      name: 'Ada Visitor',
      email: `ada-${stamp}@example.com`,
      phone_number: '+15550100300',
    })
    sourceId = res.source_id
    contactId = res.id
  })

  it('client.contacts.get answers the same contact by its source_id', async () => {
    const res = wire(
      await visitorClient.contacts.get({ inboxIdentifier, contactIdentifier: sourceId }),
    )
    expect(res).toMatchObject({
      id: contactId,
      source_id: sourceId,
      pubsub_token: expect.any(String),
      name: 'Ada Visitor',
      email: `ada-${stamp}@example.com`,
      phone_number: '+15550100300',
    })
  })

  it('client.contacts.update changes the contact and merges custom attributes', async () => {
    const res = wire(
      await visitorClient.contacts.update({
        inboxIdentifier,
        contactIdentifier: sourceId,
        data: { name: 'Ada Lovelace', identifier: `ada-${stamp}` },
      }),
    )
    expect(res).toMatchObject({
      id: contactId,
      name: 'Ada Lovelace',
      email: `ada-${stamp}@example.com`,
      identifier: `ada-${stamp}`,
      custom_attributes: { [`plan_${stamp}`]: 'pro' },
    })
  })

  it('client.conversations.create, sent without a body, starts a conversation', async () => {
    const res = wire(
      await visitorClient.conversations.create({ inboxIdentifier, contactIdentifier: sourceId }),
    )
    expect(res).toMatchObject({
      id: expect.any(Number),
      uuid: expect.any(String),
      inbox_id: w.inboxId,
      status: 'open',
      contact_last_seen_at: expect.any(Number),
      agent_last_seen_at: expect.any(Number),
      messages: [],
      contact: { id: contactId, name: 'Ada Lovelace' },
    })
    conversationId = res.id
  })

  it('client.messages.create sends an incoming message from the contact', async () => {
    const res = wire(
      await visitorClient.messages.create({
        inboxIdentifier,
        contactIdentifier: sourceId,
        conversationId,
        data: { content: 'Hello from the SDK', echo_id: `echo-${stamp}` },
      }),
    )
    expect(res).toMatchObject(
      publicMessage({
        content: 'Hello from the SDK',
        message_type: 0,
        content_type: 'text',
        conversation_id: conversationId,
        sender: { id: contactId, type: 'contact' },
      }),
    )
    messageId = res.id
    const again = wire(
      await visitorClient.messages.create({
        inboxIdentifier,
        contactIdentifier: sourceId,
        conversationId,
        data: { content: 'Hello from the SDK', echo_id: `echo-${stamp}` },
      }),
    )
    expect(again.id).toBe(messageId)
  })

  it('client.conversations.list answers a bare array with the conversation and its messages', async () => {
    const res = wire(
      await visitorClient.conversations.list({ inboxIdentifier, contactIdentifier: sourceId }),
    )
    expect(res).toEqual([
      expect.objectContaining({
        id: conversationId,
        inbox_id: w.inboxId,
        messages: [expect.objectContaining(publicMessage({ id: messageId }))],
      }),
    ])
  })

  it('client.messages.list answers the messages the visitor may see, never private notes', async () => {
    await agentClient.messages.create({
      accountId,
      conversationId,
      data: { content: 'internal note', private: true },
    })
    await agentClient.messages.create({
      accountId,
      conversationId,
      data: { content: 'Hi Ada', message_type: 'outgoing' },
    })
    const res = wire(
      await visitorClient.messages.list({
        inboxIdentifier,
        contactIdentifier: sourceId,
        conversationId,
      }),
    )
    expect(res).toEqual([
      expect.objectContaining(publicMessage({ id: messageId, message_type: 0 })),
      expect.objectContaining(publicMessage({ content: 'Hi Ada', message_type: 1 })),
    ])
  })

  it('client.messages.update answers an options message with submitted_values', async () => {
    const options = wire(
      await agentClient.messages.create({
        accountId,
        conversationId,
        data: {
          content: 'Which plan?',
          message_type: 'outgoing',
          content_type: 'input_select',
          content_attributes: { items: [{ title: 'Pro', value: 'pro' }] },
        } as never,
      }),
    )
    const res = wire(
      await visitorClient.messages.update({
        inboxIdentifier,
        contactIdentifier: sourceId,
        conversationId,
        messageId: options.id,
        data: { submitted_values: [{ title: 'Pro', value: 'pro' }] },
      }),
    )
    expect(res).toMatchObject(
      publicMessage({
        id: options.id,
        content_type: 'input_select',
        content_attributes: {
          items: [{ title: 'Pro', value: 'pro' }],
          submitted_values: [{ title: 'Pro', value: 'pro' }],
        },
      }),
    )
  })
})
