import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { EVENT_KINDS, type EventKind } from '../../worker/events/kinds'
import { WEBHOOK_EXAMPLES } from '../../worker/schemas/webhook-examples'
import { WEBHOOK_PAYLOAD_SCHEMAS } from '../../worker/schemas/webhook-payloads'
import { api, createWorld, pngBytes, sendForm, uniq } from './helpers'
import { scriptReceiver } from './receiver'
import { type Payload, ReceiverLog } from './webhooks/events-helpers'

/**
 * Parses a body with its kind's schema and requires the result to equal the body: a missing or
 * mistyped field fails the parse, and a field the schema does not know (stripped by the parse)
 * fails the equality.
 */
function expectExactly(kind: EventKind, body: unknown) {
  const parsed = (WEBHOOK_PAYLOAD_SCHEMAS[kind] as z.ZodType).safeParse(body)
  expect(parsed.success, `${kind}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
  expect(parsed.data, `${kind}: fields the schema lacks`).toEqual(body)
}

describe('/openapi.json webhooks', () => {
  it('documents all eight event kinds, each with its headers, payload schema and example', async () => {
    const res = await api('/openapi.json')
    expect(res.status).toBe(200)
    const webhooks = res.json.webhooks as Record<string, Payload>
    expect(Object.keys(webhooks).sort()).toEqual([...EVENT_KINDS].sort())
    for (const kind of EVENT_KINDS) {
      const post = webhooks[kind]?.post
      expect(post, kind).toBeDefined()
      const headers = (post.parameters as Payload[])
        .filter((p) => p.in === 'header' && p.required)
        .map((p) => p.name)
      expect(headers.sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp'])
      const body = post.requestBody.content['application/json']
      expect(body.schema.$ref ?? body.schema.allOf, kind).toBeDefined()
      expect(body.example).toEqual(WEBHOOK_EXAMPLES[kind])
      expect(body.example.event).toBe(kind)
      expect(Object.keys(post.responses)).toContain('200')
    }
    const schemas = res.json.components.schemas as Record<string, Payload>
    expect(schemas.ConversationWebhookData?.required).toEqual(
      expect.arrayContaining(['contact_inbox', 'messages', 'meta', 'status', 'timestamp']),
    )
  })

  it('has examples that validate against their schemas', () => {
    for (const kind of EVENT_KINDS) expectExactly(kind, WEBHOOK_EXAMPLES[kind])
  })

  it('refuses a body with a field missing or mistyped', () => {
    for (const kind of EVENT_KINDS) {
      const schema = WEBHOOK_PAYLOAD_SCHEMAS[kind] as z.ZodType
      const { event: _, ...withoutEvent } = WEBHOOK_EXAMPLES[kind]
      expect(schema.safeParse(withoutEvent).success, `${kind} without event`).toBe(false)
      const mistyped = { ...WEBHOOK_EXAMPLES[kind], id: String(WEBHOOK_EXAMPLES[kind].id) }
      expect(schema.safeParse(mistyped).success, `${kind} with a string id`).toBe(false)
    }
    const conversation = structuredClone(WEBHOOK_EXAMPLES.message_created)
    delete (conversation.conversation as Partial<typeof conversation.conversation>).meta
    expect(WEBHOOK_PAYLOAD_SCHEMAS.message_created.safeParse(conversation).success).toBe(false)
  })
})

/**
 * Drives every kind through the real API and public API (with user, contact and attachment
 * senders, an assignee and labels); the queues fan out and deliver to a loopback receiver.
 * Returns what it received, by kind.
 */
async function deliverEveryKind() {
  const delivered = new Map<EventKind, Payload[]>()
  const world = await createWorld()
  const path = (rest: string) => `/api/v1/accounts/${world.accountId}${rest}`
  const as = async (method: string, rest: string, body?: Record<string, unknown>) => {
    const res = await api(path(rest), { method, token: world.admin.token, body })
    expect(res.status, `${method} ${rest}: ${res.text}`).toBe(200)
    return res.json
  }
  const receiver = uniq('schemas-')
  const webhook = await as('POST', '/webhooks', {
    url: await scriptReceiver(receiver),
    subscriptions: [...EVENT_KINDS],
  })
  const log = new ReceiverLog(receiver, webhook.payload.webhook.secret)
  const inbox = await as('POST', '/inboxes', { name: 'Schemas', channel: { type: 'api' } })
  const created = await as('POST', '/contacts', {
    name: 'Ada Lovelace',
    email: `${uniq('ada')}@example.com`,
    inbox_id: inbox.id,
  })
  const contactId = created.payload.contact.id
  const sourceId = created.payload.contact_inbox.source_id
  await as('PUT', `/contacts/${contactId}`, {
    name: 'Ada King',
    additional_attributes: { city: 'London' },
  })
  const conversation = await as('POST', '/conversations', {
    inbox_id: inbox.id,
    contact_id: contactId,
    message: { content: 'Hello from support' },
  })
  const conv = (rest: string) => `/conversations/${conversation.id}${rest}`
  await as('POST', conv('/messages'), { content: 'From the visitor', message_type: 'incoming' })
  await as('POST', conv('/messages'), { content: 'A note', private: true })
  const form = new FormData()
  form.append('content', 'A picture')
  form.append('attachments[]', new File([pngBytes(64)], 'photo.png', { type: 'image/png' }))
  const upload = await sendForm(path(conv('/messages')), world.admin.token, form)
  expect(upload.status).toBe(200)
  await as('PATCH', conv(`/messages/${upload.json.id}`), { status: 'delivered' })
  await as('POST', conv('/assignments'), { assignee_id: world.admin.id })
  await as('POST', conv('/labels'), { labels: ['vip'] })
  await as('POST', conv('/toggle_status'), { status: 'resolved' })
  const widget = await api(
    `/public/api/v1/inboxes/${inbox.inbox_identifier}/contacts/${sourceId}/events`,
    { body: { name: 'webwidget.triggered', event_info: { widget_language: 'en' } } },
  )
  expect([200, 204]).toContain(widget.status)
  for (const { payload } of await log.rest(world.accountId)) {
    const kind = payload.event as EventKind
    delivered.set(kind, [...(delivered.get(kind) ?? []), payload])
  }
  return delivered
}

describe('webhook payload schemas against delivered payloads', () => {
  it('every body the pipeline delivers, of every kind and sender, is exactly its schema', async () => {
    const delivered = await deliverEveryKind()
    expect([...delivered.keys()].sort()).toEqual([...EVENT_KINDS].sort())
    for (const [kind, bodies] of delivered) {
      for (const body of bodies) expectExactly(kind, body)
    }
    const messages = delivered.get('message_created') ?? []
    expect(messages.map((m) => m.sender?.type)).toEqual(expect.arrayContaining(['contact', 'user']))
    expect(messages.some((m) => m.attachments?.length === 1)).toBe(true)
    expect(messages.some((m) => m.private === true)).toBe(true)
    const updates = delivered.get('conversation_updated') ?? []
    expect(updates.some((u) => u.meta.assignee?.type === 'user')).toBe(true)
  }, 60_000)
})
