/** Examples of the canned responses schemas, in Chatwoot's shapes, for /openapi.json. */

export const CannedResponseExample = {
  id: 3,
  account_id: 1,
  short_code: 'refund',
  content: 'Your refund is on its way: it reaches your account within 5 working days.',
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-21T14:05:00.000Z',
}

export const CannedResponseInputExample = {
  short_code: 'refund',
  content: 'Your refund is on its way: it reaches your account within 5 working days.',
}

export const CannedResponseUpdateExample = {
  content: 'Your refund is on its way: it reaches your account within 3 working days.',
}
