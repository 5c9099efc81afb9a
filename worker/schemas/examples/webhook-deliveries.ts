/** Examples of the webhook-deliveries schemas, in Chatwoot's shapes, for /openapi.json. */

export const WebhookDeliveryExample = {
  id: 118,
  webhook_id: 1,
  event: 'message_created',
  message_id: 'msg_2Yx7qK9mT3vL8pN4rS6u',
  url: 'https://crm.example.com/webhooks/parley',
  status: 'pending',
  attempts: 1,
  last_response_code: 1,
  last_error: 'HTTP 503 from the receiver',
  next_attempt_at: 1763892900,
  delivered_at: 1763892900,
  created_at: 1763892900,
  updated_at: 1763892900,
}
