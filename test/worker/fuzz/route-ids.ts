import type { IdKind, KeyKind, Side } from './world'

export type Kind = IdKind | KeyKind | 'label_title'
export type Entry = Record<string, Kind> | { skip: string }

/**
 * How to build the ids of every route that takes one, for test/worker/isolation.test.ts. A
 * route that appears in /openapi.json without an entry fails that file's first test, which
 * names it: add its path here with the kind of each path parameter (or `{ skip: 'why' }` when
 * the route holds no account's data), and, if its body has required fields, a valid body to
 * BODIES below.
 */
export const ROUTE_IDS: Record<string, Entry> = {
  '/platform/api/v1/accounts/{id}': { id: 'account' },
  '/platform/api/v1/accounts/{account_id}/account_users': { account_id: 'account' },
  '/platform/api/v1/users/{id}': { id: 'user' },
  '/platform/api/v1/users/{id}/token': { id: 'user' },
  '/platform/api/v1/agent_bots/{id}': { id: 'agent_bot' },
  // The operator's (the root platform app's alone): another app is refused.
  '/platform/api/v1/accounts/{id}/move': { id: 'account' },
  '/platform/api/v1/accounts/{id}/move/finish': { id: 'account' },
  '/platform/api/v1/shards/{shard}/sync': { skip: "a shard's index, no account's data" },
  '/api/v1/accounts/{account_id}': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/inboxes': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/inboxes/{id}': { account_id: 'account', id: 'inbox' },
  '/api/v1/accounts/{account_id}/channels/twilio_channel': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/inboxes/{id}/agent_bot': { account_id: 'account', id: 'inbox' },
  '/api/v1/accounts/{account_id}/inboxes/{id}/set_agent_bot': {
    account_id: 'account',
    id: 'inbox',
  },
  '/api/v1/accounts/{account_id}/agent_bots': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/contacts': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/contacts/search': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/contacts/{id}': { account_id: 'account', id: 'contact' },
  '/api/v1/accounts/{account_id}/contacts/{id}/labels': { account_id: 'account', id: 'contact' },
  '/api/v1/accounts/{account_id}/contacts/{id}/duplicates': {
    account_id: 'account',
    id: 'contact',
  },
  '/api/v1/accounts/{account_id}/contacts/{id}/destroy_custom_attributes': {
    account_id: 'account',
    id: 'contact',
  },
  '/api/v1/accounts/{account_id}/contacts/{id}/contactable_inboxes': {
    account_id: 'account',
    id: 'contact',
  },
  '/api/v1/accounts/{account_id}/contacts/{id}/contact_inboxes': {
    account_id: 'account',
    id: 'contact',
  },
  '/api/v1/accounts/{account_id}/contacts/{contact_id}/conversations': {
    account_id: 'account',
    contact_id: 'contact',
  },
  '/api/v1/accounts/{account_id}/actions/contact_merge': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/contacts/{id}/notes': { account_id: 'account', id: 'contact' },
  '/api/v1/accounts/{account_id}/contacts/{id}/notes/{note_id}': {
    account_id: 'account',
    id: 'contact',
    note_id: 'contact_note',
  },
  '/api/v1/accounts/{account_id}/conversations': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/conversations/meta': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/conversations/{conversation_id}': {
    account_id: 'account',
    conversation_id: 'conversation',
  },
  ...Object.fromEntries(
    [
      'toggle_status',
      'toggle_priority',
      'custom_attributes',
      'update_last_seen',
      'mute',
      'unmute',
      'assignments',
      'labels',
      'messages',
      'products',
      'funnel_stage',
      'funnel_stages',
      'stage_history',
      'checklist',
      'stopwatch',
      'stopwatch/start',
      'stopwatch/stop',
      'stopwatch/reset',
      'live',
    ].map((action): [string, Entry] => [
      `/api/v1/accounts/{account_id}/conversations/{conversation_id}/${action}`,
      { account_id: 'account', conversation_id: 'conversation' },
    ]),
  ),
  '/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{message_id}': {
    account_id: 'account',
    conversation_id: 'conversation',
    message_id: 'message',
  },
  '/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{message_id}/retry': {
    account_id: 'account',
    conversation_id: 'conversation',
    message_id: 'message',
  },
  '/api/v1/accounts/{account_id}/conversations/{conversation_id}/products/{id}': {
    account_id: 'account',
    conversation_id: 'conversation',
    id: 'product',
  },
  '/api/v1/accounts/{account_id}/conversations/{conversation_id}/checklist/{item_id}': {
    account_id: 'account',
    conversation_id: 'conversation',
    item_id: 'checklist_item',
  },
  '/api/v1/accounts/{account_id}/inbox_members': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/inbox_members/{inbox_id}': {
    account_id: 'account',
    inbox_id: 'inbox',
  },
  '/api/v1/accounts/{account_id}/agents': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/agents/{id}': { account_id: 'account', id: 'user' },
  '/api/v1/accounts/{account_id}/agents/{id}/capacity': { account_id: 'account', id: 'user' },
  '/api/v1/accounts/{account_id}/teams': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/teams/{id}': { account_id: 'account', id: 'team' },
  '/api/v1/accounts/{account_id}/teams/{id}/team_members': { account_id: 'account', id: 'team' },
  '/api/v1/accounts/{account_id}/agent_capacity_policies': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/agent_capacity_policies/{id}': {
    account_id: 'account',
    id: 'capacity_policy',
  },
  '/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/users': {
    account_id: 'account',
    id: 'capacity_policy',
  },
  '/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/users/{user_id}': {
    account_id: 'account',
    id: 'capacity_policy',
    user_id: 'user',
  },
  '/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/inbox_limits': {
    account_id: 'account',
    id: 'capacity_policy',
  },
  '/api/v1/accounts/{account_id}/agent_capacity_policies/{id}/inbox_limits/{limit_id}': {
    account_id: 'account',
    id: 'capacity_policy',
    limit_id: 'inbox_capacity_limit',
  },
  '/api/v1/accounts/{account_id}/custom_attribute_definitions': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/custom_attribute_definitions/{id}': {
    account_id: 'account',
    id: 'custom_attribute_definition',
  },
  '/api/v1/accounts/{account_id}/labels': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/labels/{id}': { account_id: 'account', id: 'label' },
  '/api/v1/accounts/{account_id}/notifications': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/notifications/unread_count': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/notifications/read_all': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/notifications/{id}': { account_id: 'account', id: 'notification' },
  '/api/v1/accounts/{account_id}/notification_settings': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/canned_responses': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/canned_responses/{id}': {
    account_id: 'account',
    id: 'canned_response',
  },
  '/api/v1/accounts/{account_id}/funnels': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/funnels/{id}': { account_id: 'account', id: 'funnel' },
  '/api/v1/accounts/{account_id}/funnels/{id}/board': { account_id: 'account', id: 'funnel' },
  '/api/v2/accounts/{account_id}/reports/summary': { account_id: 'account' },
  '/api/v2/accounts/{account_id}/reports': { account_id: 'account' },
  '/api/v2/accounts/{account_id}/summary_reports/agent': { account_id: 'account' },
  '/api/v2/accounts/{account_id}/summary_reports/inbox': { account_id: 'account' },
  '/api/v2/accounts/{account_id}/summary_reports/team': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/csat_survey_responses': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/csat_survey_responses/metrics': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages': {
    account_id: 'account',
    funnel_id: 'funnel',
  },
  '/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages/reorder': {
    account_id: 'account',
    funnel_id: 'funnel',
  },
  '/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages/{id}': {
    account_id: 'account',
    funnel_id: 'funnel',
    id: 'stage',
  },
  '/api/v1/accounts/{account_id}/funnels/{funnel_id}/stages/{id}/conversations': {
    account_id: 'account',
    funnel_id: 'funnel',
    id: 'stage',
  },
  '/api/v1/accounts/{account_id}/webhooks': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/webhooks/{id}': { account_id: 'account', id: 'webhook' },
  '/api/v1/accounts/{account_id}/webhooks/{id}/rotate_secret': {
    account_id: 'account',
    id: 'webhook',
  },
  '/api/v1/accounts/{account_id}/webhooks/{id}/test': { account_id: 'account', id: 'webhook' },
  '/api/v1/accounts/{account_id}/webhooks/{webhook_id}/deliveries': {
    account_id: 'account',
    webhook_id: 'webhook',
  },
  '/api/v1/accounts/{account_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver': {
    account_id: 'account',
    webhook_id: 'webhook',
    delivery_id: 'delivery',
  },
  '/api/v1/accounts/{account_id}/live': { account_id: 'account' },
  '/public/api/v1/inboxes/{inbox_identifier}': {
    skip: 'names only the inbox capability: there is no other account to ask for',
  },
  '/public/api/v1/inboxes/{inbox_identifier}/launcher.css': {
    skip: "the inbox's public colours, named only by the inbox capability: no other account's id",
  },
  '/public/api/v1/csat_survey/{conversation_uuid}': {
    skip: "named only by the conversation's uuid (the survey link's capability): no account id",
  },
  '/public/api/v1/inboxes/{inbox_identifier}/contacts': {
    skip: 'creates a visitor in the named inbox: no id of another account in it',
  },
  ...Object.fromEntries(
    [
      '',
      '/conversations',
      '/labels',
      '/labels/{label}',
      '/events',
      '/conversations/{conversation_id}',
      '/conversations/{conversation_id}/toggle_status',
      '/conversations/{conversation_id}/toggle_typing',
      '/conversations/{conversation_id}/update_last_seen',
      '/conversations/{conversation_id}/labels',
      '/conversations/{conversation_id}/labels/{label}',
      '/conversations/{conversation_id}/messages',
      '/conversations/{conversation_id}/messages/{message_id}',
      '/conversations/{conversation_id}/live',
    ].map((rest): [string, Entry] => {
      const entry: Record<string, Kind> = {
        inbox_identifier: 'inbox_identifier',
        source_id: 'contact_identifier',
      }
      if (rest.includes('{conversation_id}')) entry.conversation_id = 'conversation'
      if (rest.includes('{message_id}')) entry.message_id = 'message'
      if (rest.includes('{label}')) entry.label = 'label_title'
      return [`/public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}${rest}`, entry]
    }),
  ),
  '/api/v1/accounts/{account_id}/contacts/import': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/contacts/imports/{import_id}': {
    account_id: 'account',
    import_id: 'contact_import',
  },
  '/api/v1/accounts/{account_id}/contacts/imports/{import_id}/failed_rows': {
    account_id: 'account',
    import_id: 'contact_import',
  },
  '/api/v1/accounts/{account_id}/contacts/export': { account_id: 'account' },
  '/api/v1/accounts/{account_id}/contacts/exports/{export_id}': {
    account_id: 'account',
    export_id: 'contact_export',
  },
  '/downloads/contact_exports/{export_id}': {
    skip: 'a signed link: the HMAC over the export, its account and the expiry is the credential',
  },
  '/api/v1/accounts/{account_id}/agents/{id}/invitation': { account_id: 'account', id: 'user' },
  '/api/v1/accounts/{account_id}/agents/{id}/password_reset': { account_id: 'account', id: 'user' },
  '/files/{kind}/{uuid}/{name}': {
    skip: 'a capability URL: the unguessable uuid is the credential, no account id is in it',
  },
}

/**
 * Bodies that pass validation, for operations whose schema requires fields: validation runs
 * before the handler looks the record up, so an empty body would be refused for the wrong
 * reason. Ids in them are the caller's own (`own`), so only the path's id can be at fault.
 */
export const BODIES: Record<string, (own: Side) => Record<string, unknown>> = {
  'POST /platform/api/v1/accounts/{id}/move': () => ({ shard: 1 }),
  'POST /platform/api/v1/accounts/{id}/move/finish': () => ({ from: 0 }),
  'POST /platform/api/v1/accounts/{account_id}/account_users': (own) => ({
    user_id: own.agent.userId,
    role: 'agent',
  }),
  'DELETE /platform/api/v1/accounts/{account_id}/account_users': (own) => ({
    user_id: own.agent.userId,
  }),
  'POST /api/v1/accounts/{account_id}/contacts/{id}/labels': () => ({ labels: ['isolation'] }),
  'POST /api/v1/accounts/{account_id}/inboxes/{id}/set_agent_bot': () => ({ agent_bot: null }),
  // A sender no other call has: the Twilio stand-in accepts any credentials but `wrong-token`.
  'POST /api/v1/accounts/{account_id}/channels/twilio_channel': () => ({
    name: 'Isolation',
    account_sid: `AC${crypto.randomUUID().replaceAll('-', '')}`,
    auth_token: 'isolation',
    phone_number: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  }),
  'POST /api/v1/accounts/{account_id}/contacts/{id}/destroy_custom_attributes': () => ({
    custom_attributes: ['note'],
  }),
  'POST /api/v1/accounts/{account_id}/contacts/{id}/contact_inboxes': (own) => ({
    inbox_id: own.ids.inbox,
  }),
  'POST /api/v1/accounts/{account_id}/contacts/{id}/notes': () => ({ content: 'Isolation' }),
  'PATCH /api/v1/accounts/{account_id}/contacts/{id}/notes/{note_id}': () => ({
    content: 'Isolation',
  }),
  'PUT /api/v1/accounts/{account_id}/contacts/{id}/notes/{note_id}': () => ({
    content: 'Isolation',
  }),
  'POST /api/v1/accounts/{account_id}/actions/contact_merge': (own) => ({
    base_contact_id: own.ids.contact,
    mergee_contact_id: own.ids.contact,
  }),
  'PATCH /api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{message_id}':
    () => ({
      status: 'read',
    }),
  'DELETE /api/v1/accounts/{account_id}/inbox_members/{inbox_id}': (own) => ({
    user_ids: [own.agent.userId],
  }),
  'POST /api/v1/accounts/{account_id}/agent_capacity_policies': () => ({ name: 'Isolation' }),
  'PATCH /api/v1/accounts/{account_id}/agent_capacity_policies/{id}': () => ({ name: 'Isolation' }),
  'POST /api/v1/accounts/{account_id}/agent_capacity_policies/{id}/users': (own) => ({
    user_id: own.agent.userId,
  }),
  'POST /api/v1/accounts/{account_id}/agent_capacity_policies/{id}/inbox_limits': (own) => ({
    inbox_id: own.ids.inbox,
    conversation_limit: 3,
  }),
  'PATCH /api/v1/accounts/{account_id}/agent_capacity_policies/{id}/inbox_limits/{limit_id}':
    () => ({ conversation_limit: 3 }),
  'POST /api/v1/accounts/{account_id}/teams/{id}/team_members': (own) => ({
    user_ids: [own.agent.userId],
  }),
  'PATCH /api/v1/accounts/{account_id}/teams/{id}/team_members': (own) => ({
    user_ids: [own.agent.userId],
  }),
  'DELETE /api/v1/accounts/{account_id}/teams/{id}/team_members': (own) => ({
    user_ids: [own.agent.userId],
  }),
  'POST /api/v1/accounts/{account_id}/funnels/{funnel_id}/stages/reorder': (own) => ({
    stage_ids: [own.ids.stage],
  }),
  'POST /api/v1/accounts/{account_id}/funnels/{funnel_id}/stages': () => ({ name: 'Isolation' }),
  'POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}/conversations/{conversation_id}/toggle_typing':
    () => ({ typing_status: 'on' }),
  'POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}/conversations/{conversation_id}/labels':
    () => ({ label: 'isolation' }),
  'POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}/labels': () => ({
    label: 'isolation',
  }),
  'PATCH /public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}/conversations/{conversation_id}/messages/{message_id}':
    () => ({ submitted_values: [{ name: 'email', value: 'x@example.com' }] }),
  'POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}/events': () => ({
    name: 'webwidget.triggered',
  }),
}
