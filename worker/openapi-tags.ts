/**
 * Operation ids (in each route's createRoute) follow one pattern: a camelCase verb (list, get,
 * create, update, delete, or Chatwoot's own: search, toggle…Status, add…Members, assign…) and the
 * resource, prefixed Platform or Public for those APIs (createPlatformUser, listPublicMessages);
 * a PUT that repeats a PATCH is the PATCH's id with `Put` (updateContact, updateContactPut).
 * test/worker/openapi-operations.test.ts holds every operation to it.
 *
 * The document's sections, in reading order: one tag per operation, named after the sections of
 * Chatwoot's API reference so a reader moving from Chatwoot finds each operation where it was.
 */
export const OPENAPI_TAGS = [
  { name: 'Accounts', description: 'The account itself: its name, locale and settings.' },
  { name: 'Profile', description: 'The signed-in user (the owner of the access token).' },
  { name: 'Agents', description: "The account's agents and administrators." },
  { name: 'Inboxes', description: 'Inboxes (website widget and API channels) of an account.' },
  { name: 'Inbox Members', description: 'Which agents answer in which inbox.' },
  {
    name: 'Agent Bots',
    description: 'Agent bots an account may connect to its inboxes: its own and the global ones.',
  },
  { name: 'Teams', description: 'Teams of agents, and their members.' },
  {
    name: 'Agent capacity policies',
    description:
      "How many open conversations agents may hold, per inbox and (Parley's extension) in the account; auto-assignment keeps to them.",
  },
  { name: 'Contacts', description: 'Contacts: search, labels, custom attributes, inbox links.' },
  {
    name: 'Conversations',
    description: 'Conversations: filters, counts, status, priority, assignments, labels.',
  },
  { name: 'Messages', description: "A conversation's messages and attachments." },
  { name: 'Labels', description: 'Labels that conversations and contacts can carry.' },
  {
    name: 'Notifications',
    description:
      "An agent's notifications (mentions, assignments, messages in their conversations), their settings and Web Push subscriptions.",
  },
  {
    name: 'Canned Responses',
    description: 'Saved replies agents insert by short code (`/` in the composer).',
  },
  {
    name: 'Custom Attributes',
    description: 'Custom attribute definitions for contacts and conversations.',
  },
  { name: 'Products', description: "A conversation's products, with exact money amounts." },
  {
    name: 'Funnels',
    description: 'Funnels and their stages, placements, checklists, stopwatch and board.',
  },
  {
    name: 'Reports',
    description: "Chatwoot's reports (/api/v2): summaries, series over time, per-agent figures.",
  },
  { name: 'Webhooks', description: "The account's webhooks and their delivery log." },
  {
    name: 'Live',
    description: 'WebSocket upgrades: conversation sockets for agents and visitors, account feed.',
  },
  { name: 'Files', description: 'Stored avatars and attachments, at the URLs the API returns.' },
  { name: 'Health', description: 'Liveness of the worker.' },
  { name: 'Platform Accounts', description: 'Platform API: accounts a platform app manages.' },
  { name: 'Platform Users', description: 'Platform API: users and their access tokens.' },
  { name: 'Platform Account Users', description: "Platform API: an account's users and roles." },
  {
    name: 'Platform Agent Bots',
    description: 'Platform API: agent bots a platform app manages.',
  },
  { name: 'Platform Apps', description: 'Platform API: platform apps (root token only).' },
  {
    name: 'Public Inboxes',
    description: 'Public client API: an inbox as the widget or a custom chat UI sees it.',
  },
  { name: 'Public Contacts', description: "Public client API: the visitor's contact." },
  {
    name: 'Public Conversations',
    description: "Public client API: the visitor's conversations, typing, read state, labels.",
  },
  { name: 'Public Messages', description: "Public client API: a visitor's conversation messages." },
  {
    name: 'Twilio',
    description:
      "Twilio's webhooks for phone inboxes (SMS and WhatsApp), at Chatwoot's paths, signed with X-Twilio-Signature.",
  },
]
