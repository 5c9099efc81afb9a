/** Examples of the webhook-deliveries schemas, in Chatwoot's shapes, for /openapi.json. */

export const WebhookDeliveryExample = {
  id: 1,
  webhook_id: 1,
  event: 'message_created',
  message_id: 'message id',
  url: 'https://crm.example.com/webhooks/parley',
  status: 'pending',
  attempts: 1,
  last_response_code: 1,
  last_error: 'last error',
  next_attempt_at: 1763892900,
  delivered_at: 1763892900,
  created_at: 1763892900,
  updated_at: 1763892900,
}
