/** Examples of the webhooks schemas, in Chatwoot's shapes, for /openapi.json. */

export const WebhookExample = {
  id: 1,
  name: 'Jane Doe',
  url: 'https://crm.example.com/webhooks/parley',
  account_id: 1,
  subscriptions: ['subscription'],
  inbox: {
    id: 1,
    name: 'Jane Doe',
  },
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
}

export const WebhookInputExample = {
  url: 'https://crm.example.com/webhooks/parley',
  name: 'Jane Doe',
  inbox_id: 1,
  subscriptions: ['conversation_created'],
}

export const WebhookUpdateExample = {
  url: 'https://crm.example.com/webhooks/parley',
  name: 'Jane Doe',
  inbox_id: 1,
  subscriptions: ['conversation_created'],
}
