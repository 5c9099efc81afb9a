/** Examples of the webhooks schemas, in Chatwoot's shapes, for /openapi.json. */

export const WebhookExample = {
  id: 1,
  name: 'CRM',
  url: 'https://crm.example.com/webhooks/parley',
  account_id: 1,
  subscriptions: ['message_created'],
  inbox: {
    id: 1,
    name: 'CRM',
  },
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
}

export const WebhookInputExample = {
  url: 'https://crm.example.com/webhooks/parley',
  name: 'CRM',
  inbox_id: 3,
  subscriptions: ['message_created'],
}

export const WebhookUpdateExample = {
  url: 'https://crm.example.com/webhooks/parley',
  name: 'CRM',
  inbox_id: 3,
  subscriptions: ['message_created'],
}
