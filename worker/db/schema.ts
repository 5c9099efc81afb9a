import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

// Every timestamp is integer unix seconds, the unit Chatwoot's JSON speaks. JSON columns hold
// objects or arrays as text. Every table that belongs to an account carries account_id, and
// every query filters by it.
const now = sql`(unixepoch())`
const createdAt = () => integer().notNull().default(now)
const updatedAt = () => integer().notNull().default(now)
type Json = Record<string, unknown>

export const accounts = sqliteTable('accounts', {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  locale: text().notNull().default('en'),
  domain: text(),
  supportEmail: text(),
  status: text({ enum: ['active', 'suspended'] })
    .notNull()
    .default('active'),
  features: text({ mode: 'json' }).$type<Record<string, boolean>>().notNull().default({}),
  limits: text({ mode: 'json' }).$type<Json>().notNull().default({}),
  customAttributes: text({ mode: 'json' }).$type<Json>().notNull().default({}),
  settings: text({ mode: 'json' }).$type<Json>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    displayName: text(),
    email: text().notNull(),
    messageSignature: text(),
    uiSettings: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    customAttributes: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    pubsubToken: text().notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; null until a password is set. */
    passwordHash: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
)

/** A dashboard sign-in: the cookie's token is never stored, only its SHA-256 hash. */
export const userSessions = sqliteTable(
  'user_sessions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    /** Unix seconds; a session past it is refused and swept. */
    expiresAt: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_sessions_hash_unique').on(t.tokenHash),
    index('user_sessions_user_idx').on(t.userId),
  ],
)

export const accountUsers = sqliteTable(
  'account_users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['administrator', 'agent'] }).notNull(),
    inviterId: integer(),
    /** What the member chose (Chatwoot's default: online); what others see is the effective
     * status (worker/lib/presence.ts): offline while auto_offline and no dashboard is open. */
    availability: text({ enum: ['online', 'offline', 'busy'] })
      .notNull()
      .default('online'),
    autoOffline: integer({ mode: 'boolean' }).notNull().default(true),
    /**
     * Whether the member has a dashboard open on this account: set by the account feed when its
     * first socket authenticates, cleared by the feed's alarm a grace period after the last one.
     */
    connected: integer({ mode: 'boolean' }).notNull().default(false),
    activeAt: integer(),
    /** The member's capacity (Chatwoot's Assignment v2); null means no limit. */
    agentCapacityPolicyId: integer().references(() => agentCapacityPolicies.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('account_users_account_user_unique').on(t.accountId, t.userId),
    index('account_users_user_idx').on(t.userId),
  ],
)

/**
 * Chatwoot's Assignment v2 capacity policy: how many open conversations its agents may hold per
 * inbox (inbox_capacity_limits) and, our extension, in the whole account.
 */
export const agentCapacityPolicies = sqliteTable(
  'agent_capacity_policies',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    exclusionRules: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    /** Parley's extension: open conversations an agent may hold across the account; null: none. */
    overallConversationLimit: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agent_capacity_policies_account_idx').on(t.accountId)],
)

export const inboxCapacityLimits = sqliteTable(
  'inbox_capacity_limits',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    agentCapacityPolicyId: integer()
      .notNull()
      .references(() => agentCapacityPolicies.id, { onDelete: 'cascade' }),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    conversationLimit: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inbox_capacity_limits_policy_inbox_unique').on(t.agentCapacityPolicyId, t.inboxId),
    index('inbox_capacity_limits_inbox_idx').on(t.inboxId),
  ],
)

export const platformApps = sqliteTable('platform_apps', {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  createdAt: createdAt(),
})

export const platformAppPermissibles = sqliteTable(
  'platform_app_permissibles',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    platformAppId: integer()
      .notNull()
      .references(() => platformApps.id, { onDelete: 'cascade' }),
    permissibleType: text({ enum: ['account', 'user', 'agent_bot'] }).notNull(),
    permissibleId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('platform_app_permissibles_unique').on(
      t.platformAppId,
      t.permissibleType,
      t.permissibleId,
    ),
  ],
)

export const agentBots = sqliteTable('agent_bots', {
  id: integer().primaryKey({ autoIncrement: true }),
  accountId: integer().references(() => accounts.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  description: text(),
  outgoingUrl: text(),
  avatarUrl: text(),
  /** Signs the bot's outgoing_url deliveries (Standard Webhooks `whsec_…`), as a webhook's secret. */
  secret: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** A credential. Only the SHA-256 hash of the token is stored. */
export const accessTokens = sqliteTable(
  'access_tokens',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ownerType: text({ enum: ['user', 'agent_bot', 'platform_app'] }).notNull(),
    ownerId: integer().notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_unique').on(t.tokenHash),
    index('access_tokens_owner_idx').on(t.ownerType, t.ownerId),
  ],
)

export const inboxes = sqliteTable(
  'inboxes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    channelType: text({ enum: ['web_widget', 'api', 'email', 'phone'] }).notNull(),
    identifier: text(),
    hmacToken: text(),
    hmacMandatory: integer({ mode: 'boolean' }).notNull().default(false),
    webhookUrl: text(),
    /** Signs the API inbox's webhook_url deliveries (Standard Webhooks `whsec_…`). */
    webhookSecret: text(),
    email: text(),
    phoneNumber: text(),
    settings: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inboxes_identifier_unique').on(t.identifier),
    index('inboxes_account_idx').on(t.accountId),
  ],
)

export const inboxMembers = sqliteTable(
  'inbox_members',
  {
    accountId: integer().notNull(),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.inboxId, t.userId] }),
    index('inbox_members_user_idx').on(t.accountId, t.userId),
  ],
)

export const teams = sqliteTable(
  'teams',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    allowAutoAssign: integer({ mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('teams_account_name_unique').on(t.accountId, t.name)],
)

/** Saved replies an agent inserts by typing `/short_code` in the composer (Chatwoot's). */
export const cannedResponses = sqliteTable(
  'canned_responses',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shortCode: text().notNull(),
    content: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('canned_responses_account_code_unique').on(t.accountId, t.shortCode)],
)

export const teamMembers = sqliteTable(
  'team_members',
  {
    accountId: integer().notNull(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
)

export const contacts = sqliteTable(
  'contacts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull().default(''),
    // Stored lower-cased: Chatwoot treats emails case-insensitively.
    email: text(),
    phoneNumber: text(),
    identifier: text(),
    blocked: integer({ mode: 'boolean' }).notNull().default(false),
    avatarKey: text(),
    additionalAttributes: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    customAttributes: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    lastActivityAt: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_account_email_unique').on(t.accountId, t.email),
    uniqueIndex('contacts_account_phone_unique').on(t.accountId, t.phoneNumber),
    uniqueIndex('contacts_account_identifier_unique').on(t.accountId, t.identifier),
    index('contacts_account_name_idx').on(t.accountId, t.name),
    // Contact search's prefix answer for terms under three characters (ASCII case folded, as LIKE).
    index('contacts_account_name_lower_idx').on(t.accountId, sql`lower(${t.name})`),
    index('contacts_account_activity_idx').on(t.accountId, t.lastActivityAt),
    index('contacts_account_created_idx').on(t.accountId, t.createdAt),
  ],
)

export const contactInboxes = sqliteTable(
  'contact_inboxes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    sourceId: text().notNull(),
    pubsubToken: text().notNull(),
    hmacVerified: integer({ mode: 'boolean' }).notNull().default(false),
    /** When the contact texted STOP (or a sibling) to a phone inbox; START clears it. */
    optedOutAt: integer(),
    /** The contact's last inbound phone message: WhatsApp's 24-hour window runs from it. */
    lastInboundAt: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contact_inboxes_inbox_source_unique').on(t.inboxId, t.sourceId),
    uniqueIndex('contact_inboxes_pubsub_unique').on(t.pubsubToken),
    index('contact_inboxes_contact_idx').on(t.contactId),
  ],
)

export const customAttributeDefinitions = sqliteTable(
  'custom_attribute_definitions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    attributeKey: text().notNull(),
    attributeDisplayName: text().notNull(),
    attributeDisplayType: text({
      enum: ['text', 'number', 'currency', 'percent', 'link', 'date', 'list', 'checkbox'],
    }).notNull(),
    attributeModel: text({ enum: ['contact_attribute', 'conversation_attribute'] }).notNull(),
    attributeDescription: text(),
    attributeValues: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    regexPattern: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('custom_attribute_definitions_unique').on(
      t.accountId,
      t.attributeModel,
      t.attributeKey,
    ),
  ],
)

export const conversations = sqliteTable(
  'conversations',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    displayId: integer().notNull(),
    uuid: text().notNull(),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    contactInboxId: integer().references(() => contactInboxes.id, { onDelete: 'set null' }),
    status: text({ enum: ['open', 'resolved', 'pending', 'snoozed'] })
      .notNull()
      .default('open'),
    priority: text({ enum: ['low', 'medium', 'high', 'urgent'] }),
    assigneeId: integer(),
    assigneeType: text({ enum: ['User', 'AgentBot'] }),
    teamId: integer(),
    snoozedUntil: integer(),
    waitingSince: integer(),
    /**
     * When an agent unassigned it by hand: auto-assignment leaves it alone until it is reopened
     * or the visitor writes again (worker/assignment/).
     */
    autoAssignHeldAt: integer(),
    firstReplyCreatedAt: integer(),
    lastActivityAt: integer().notNull().default(now),
    agentLastSeenAt: integer(),
    assigneeLastSeenAt: integer(),
    contactLastSeenAt: integer(),
    muted: integer({ mode: 'boolean' }).notNull().default(false),
    labels: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    customAttributes: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    additionalAttributes: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_account_display_unique').on(t.accountId, t.displayId),
    uniqueIndex('conversations_uuid_unique').on(t.uuid),
    index('conversations_account_status_activity_idx').on(t.accountId, t.status, t.lastActivityAt),
    index('conversations_inbox_idx').on(t.inboxId, t.status),
    index('conversations_contact_idx').on(t.contactId),
    index('conversations_contact_inbox_idx').on(t.contactInboxId, t.id),
    index('conversations_assignee_idx').on(t.accountId, t.assigneeId),
    index('conversations_team_idx').on(t.accountId, t.teamId),
    index('conversations_snoozed_idx').on(t.status, t.snoozedUntil),
  ],
)

/** One row per label on a conversation, so label filters use an index. */
export const conversationLabels = sqliteTable(
  'conversation_labels',
  {
    accountId: integer().notNull(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    label: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.label] }),
    index('conversation_labels_account_label_idx').on(t.accountId, t.label),
  ],
)

/**
 * How many conversations each (account, status, inbox, assignee) bucket holds, so the list's and
 * meta's counts read one row per bucket instead of one per conversation. Kept by triggers on
 * conversations (migrations/0020), in the writing statement itself: every write, whoever makes
 * it, keeps them exact. An unassigned bucket has assignee type '' and id 0; empty buckets are
 * deleted. Derived data: an account move rebuilds it on the target (db/queries/account-move.ts).
 */
export const conversationCounters = sqliteTable(
  'conversation_counters',
  {
    accountId: integer().notNull(),
    status: text().notNull(),
    inboxId: integer().notNull(),
    assigneeType: text().notNull(),
    assigneeId: integer().notNull(),
    conversationCount: integer().notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.accountId, t.status, t.inboxId, t.assigneeType, t.assigneeId],
    }),
  ],
)

export const labels = sqliteTable(
  'labels',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    color: text().notNull().default('#1f93ff'),
    showOnSidebar: integer({ mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('labels_account_title_unique').on(t.accountId, t.title)],
)

export const contactLabels = sqliteTable(
  'contact_labels',
  {
    accountId: integer().notNull(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    label: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.label] })],
)

/** Chatwoot's contact notes: what agents write down about a contact, kept when it is merged. */
export const contactNotes = sqliteTable(
  'contact_notes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    // The author; a note outlives its author's removal, as Chatwoot's does.
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    content: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_notes_contact_idx').on(t.accountId, t.contactId, t.createdAt)],
)

export const messages = sqliteTable(
  'messages',
  {
    // The global autoincrement id is the replay cursor: it grows within every conversation.
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    inboxId: integer().notNull(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // Chatwoot's enum: 0 incoming, 1 outgoing, 2 activity, 3 template.
    messageType: integer().notNull(),
    contentType: text().notNull().default('text'),
    content: text(),
    contentAttributes: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    additionalAttributes: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    externalSourceIds: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    private: integer({ mode: 'boolean' }).notNull().default(false),
    status: text({ enum: ['sent', 'delivered', 'read', 'failed', 'progress'] })
      .notNull()
      .default('sent'),
    sourceId: text(),
    senderType: text({ enum: ['User', 'Contact', 'AgentBot'] }),
    senderId: integer(),
    echoId: text(),
    deletedAt: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('messages_conversation_echo_unique').on(t.conversationId, t.echoId),
    index('messages_account_idx').on(t.accountId, t.id),
    // A view's unread count walks only the incoming messages after the agent last looked, not
    // every message of a long conversation; partial, so other messages' writes skip it.
    index('messages_unread_idx').on(t.conversationId, t.createdAt).where(sql`message_type = 0`),
    // Threading finds a mail's conversation by the ids it quotes: a customer's Message-ID or the
    // id a send of ours returned, both kept in source_id.
    index('messages_inbox_source_idx').on(t.inboxId, t.sourceId),
    // CSAT metrics count the surveys sent in a range; a partial index keeps that off every
    // other message's write.
    index('messages_account_csat_idx')
      .on(t.accountId, t.createdAt)
      .where(sql`content_type = 'input_csat'`),
  ],
)

/**
 * A visitor's answer to a CSAT survey (Chatwoot's csat_survey_responses): one per survey
 * message, rewritten when the visitor changes it within the 14 days. `assignedAgentId` is the
 * conversation's assignee when the answer came, so the score stays with the agent who was rated.
 */
export const csatSurveyResponses = sqliteTable(
  'csat_survey_responses',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    contactId: integer().notNull(),
    assignedAgentId: integer(),
    rating: integer().notNull(),
    feedbackMessage: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('csat_survey_responses_message_unique').on(t.messageId),
    index('csat_survey_responses_account_time_idx').on(t.accountId, t.createdAt),
    index('csat_survey_responses_agent_idx').on(t.accountId, t.assignedAgentId, t.createdAt),
    index('csat_survey_responses_conversation_idx').on(t.conversationId),
  ],
)

/**
 * The Message-ID of every mail an email inbox took in, once per inbox: the unique key makes the
 * same mail delivered twice (or twice at once) one message. A table of its own rather than a
 * unique index on messages.source_id, which Chatwoot API clients set freely and may repeat.
 */
export const inboundMailIds = sqliteTable(
  'inbound_mail_ids',
  {
    accountId: integer().notNull(),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    // Without angle brackets, as parseInboundMail gives it.
    mailId: text().notNull(),
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.inboxId, t.mailId] }),
    index('inbound_mail_ids_message_idx').on(t.messageId),
  ],
)

/**
 * A phone inbox's Twilio side (Chatwoot's channel_twilio_sms), one row per inbox. The auth token
 * is kept only encrypted (worker/lib/secret-box.ts). Twilio's webhooks name the AccountSid and the
 * To number or Messaging Service, so both pairs are unique: one Twilio sender routes to one inbox.
 */
export const twilioChannels = sqliteTable(
  'twilio_channels',
  {
    inboxId: integer()
      .primaryKey()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    accountId: integer().notNull(),
    twilioAccountSid: text().notNull(),
    authTokenEncrypted: text().notNull(),
    // E.164 without the whatsapp: prefix; null when sending through a Messaging Service.
    phoneNumber: text(),
    messagingServiceSid: text(),
    medium: text({ enum: ['sms', 'whatsapp'] })
      .notNull()
      .default('sms'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('twilio_channels_sid_number_unique').on(t.twilioAccountSid, t.phoneNumber),
    uniqueIndex('twilio_channels_sid_service_unique').on(t.twilioAccountSid, t.messagingServiceSid),
  ],
)

/**
 * The MessageSid of every message a phone inbox took in: Twilio retries its webhook, and the
 * primary key makes the same MessageSid one message (the inbound_mail_ids pattern; a unique index
 * on messages.source_id would refuse what Chatwoot API clients set freely).
 */
export const inboundPhoneMessageIds = sqliteTable(
  'inbound_phone_message_ids',
  {
    accountId: integer().notNull(),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    messageSid: text().notNull(),
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.inboxId, t.messageSid] }),
    index('inbound_phone_message_ids_message_idx').on(t.messageId),
  ],
)

export const attachments = sqliteTable(
  'attachments',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileType: text().notNull(),
    objectKey: text().notNull(),
    contentType: text().notNull(),
    fileName: text().notNull(),
    extension: text(),
    fileSize: integer().notNull(),
    width: integer(),
    height: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_message_idx').on(t.messageId)],
)

export const conversationProducts = sqliteTable(
  'conversation_products',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    productName: text().notNull(),
    // Exact money: integer units of 1/10^4 (four decimal places), never a float.
    productValueMinor: integer().notNull(),
    quantity: integer().notNull().default(1),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('conversation_products_conversation_idx').on(t.conversationId),
    // Covers the board's exact per-stage totals without reading the rows.
    index('conversation_products_line_idx').on(t.conversationId, t.productValueMinor, t.quantity),
  ],
)

/** The agent bot answering an inbox (Chatwoot's agent_bot_inboxes): at most one per inbox. */
export const agentBotInboxes = sqliteTable(
  'agent_bot_inboxes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: 'cascade' }),
    agentBotId: integer().notNull(),
    status: text({ enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agent_bot_inboxes_inbox_unique').on(t.inboxId),
    index('agent_bot_inboxes_bot_idx').on(t.agentBotId, t.accountId),
  ],
)

export const webhooks = sqliteTable(
  'webhooks',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    inboxId: integer(),
    name: text(),
    url: text().notNull(),
    subscriptions: text({ mode: 'json' }).$type<string[]>().notNull(),
    secret: text().notNull(),
    disabledAt: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhooks_account_idx').on(t.accountId),
    uniqueIndex('webhooks_account_url_unique').on(t.accountId, t.url),
  ],
)

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    webhookId: integer(),
    inboxId: integer(),
    /** Set for a delivery to an agent bot's outgoing_url (its inbox's bot, at the event). */
    agentBotId: integer(),
    eventId: integer().notNull(),
    event: text().notNull(),
    // Standard Webhooks `webhook-id`: stable across retries.
    messageId: text().notNull(),
    url: text().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    lastResponseCode: integer(),
    lastError: text(),
    nextAttemptAt: integer(),
    /**
     * Set while an attempt is being made (until when it may take): a queue message finding it in
     * the future sends nothing, so two copies of a delivery's message never both POST.
     */
    claimedUntil: integer(),
    deliveredAt: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_unique').on(t.messageId),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_agent_bot_idx').on(t.agentBotId, t.id),
    // The sweep's look for deliveries whose attempt is overdue (events/sweep.ts).
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
)

/**
 * Transactional outbox: one row per domain event, written in the same batch as the change it
 * describes. The row names its subjects; the Chatwoot payload is rendered from D1 when the event is
 * first published and then frozen in `payload`, so retries and redeliveries send the same body.
 */
export const events = sqliteTable(
  'events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    kind: text().notNull(),
    conversationId: integer(),
    messageId: integer(),
    contactId: integer(),
    inboxId: integer(),
    /** Chatwoot's `changed_attributes`: an array of single-key objects. */
    changedAttributes: text({ mode: 'json' })
      .$type<Record<string, { previous_value: unknown; current_value: unknown }>[]>()
      .notNull()
      .default([]),
    /** Event-specific extras (webwidget_triggered's event_info, the acting user, …). */
    data: text({ mode: 'json' }).$type<Json>().notNull().default({}),
    payload: text({ mode: 'json' }).$type<Json>(),
    publishedAt: integer(),
    /** When its deliveries were made (or it was found to have none): set by the fan-out. */
    fannedOutAt: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_unpublished_idx').on(t.publishedAt, t.id),
    index('events_unfanned_idx').on(t.fannedOutAt, t.publishedAt),
    index('events_conversation_idx').on(t.conversationId, t.id),
  ],
)

export const funnels = sqliteTable(
  'funnels',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('funnels_account_idx').on(t.accountId)],
)

export const funnelStages = sqliteTable(
  'funnel_stages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    funnelId: integer()
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull().default('#1f93ff'),
    position: integer().notNull(),
    timeLimitMinutes: integer(),
    checklistTemplate: text({ mode: 'json' })
      .$type<{ title: string; required: boolean }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('funnel_stages_funnel_idx').on(t.funnelId, t.position)],
)

export const conversationStages = sqliteTable(
  'conversation_stages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    funnelId: integer()
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    stageId: integer()
      .notNull()
      .references(() => funnelStages.id, { onDelete: 'cascade' }),
    enteredAt: integer().notNull(),
    alertedAt: integer(),
  },
  (t) => [
    uniqueIndex('conversation_stages_unique').on(t.conversationId, t.funnelId),
    index('conversation_stages_stage_idx').on(t.stageId, t.enteredAt, t.conversationId),
    index('conversation_stages_funnel_idx').on(t.funnelId),
  ],
)

export const stageTransitions = sqliteTable(
  'stage_transitions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    funnelId: integer().notNull(),
    fromStageId: integer(),
    toStageId: integer(),
    actorType: text(),
    actorId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stage_transitions_conversation_idx').on(t.conversationId, t.id),
    index('stage_transitions_funnel_idx').on(t.funnelId),
  ],
)

export const checklistItems = sqliteTable(
  'checklist_items',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    stageId: integer().notNull(),
    title: text().notNull(),
    required: integer({ mode: 'boolean' }).notNull().default(false),
    position: integer().notNull().default(0),
    checkedAt: integer(),
    checkedById: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('checklist_items_conversation_stage_idx').on(t.conversationId, t.stageId),
    index('checklist_items_stage_idx').on(t.stageId),
  ],
)

export const stopwatches = sqliteTable('stopwatches', {
  conversationId: integer()
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  accountId: integer().notNull(),
  accumulatedSeconds: integer().notNull().default(0),
  runningSince: integer(),
  startedById: integer(),
  updatedById: integer(),
  updatedAt: updatedAt(),
})

/**
 * One-time links that set a user's password: an administrator's invitation or password reset
 * (`/app/auth/password/edit?reset_password_token=…`). Only the token's SHA-256 is stored.
 */
export const passwordTokens = sqliteTable(
  'password_tokens',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['invitation', 'reset'] }).notNull(),
    tokenHash: text().notNull(),
    createdById: integer(),
    /** Unix seconds; a token past it, used or revoked is refused. */
    expiresAt: integer().notNull(),
    usedAt: integer(),
    revokedAt: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_unique').on(t.tokenHash),
    index('password_tokens_account_user_idx').on(t.accountId, t.userId),
  ],
)

/** A contacts CSV import: the file sits in R2, its rows are applied off the request in batches. */
export const contactImports = sqliteTable(
  'contact_imports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    fileKey: text().notNull(),
    totalRecords: integer().notNull().default(0),
    processedRecords: integer().notNull().default(0),
    failedRecords: integer().notNull().default(0),
    /** The data row the next batch starts at (1 = the first row after the header). */
    nextRow: integer().notNull().default(1),
    error: text(),
    createdById: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: integer(),
  },
  (t) => [index('contact_imports_account_idx').on(t.accountId, t.id)],
)

/** A row an import could not apply: its line in the file, why, and the line as it was. */
export const contactImportFailures = sqliteTable(
  'contact_import_failures',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    importId: integer()
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    reason: text().notNull(),
    row: text().notNull(),
  },
  (t) => [uniqueIndex('contact_import_failures_line_unique').on(t.importId, t.line)],
)

/** A contacts CSV export, written to R2 off the request and downloaded through a signed link. */
export const contactExports = sqliteTable(
  'contact_exports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    columnNames: text({ mode: 'json' }).$type<string[]>().notNull(),
    filters: text({ mode: 'json' }).$type<Json>().notNull(),
    fileKey: text(),
    totalRecords: integer().notNull().default(0),
    error: text(),
    createdById: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: integer(),
  },
  (t) => [index('contact_exports_account_idx').on(t.accountId, t.id)],
)

/**
 * R2 objects whose rows are gone (a deleted contact's avatar, the attachments of deleted
 * conversations, a deleted account's exports and imports). Written in the batch that deletes
 * the rows, so no file outlives its row unrecorded; removed from R2, then from here, by
 * worker/files/deletions.ts (at once by the deleting request, else by the cron's sweep). Until
 * then the file route refuses the key. No foreign key: what named the file is gone, and an
 * account's own deletion must leave these.
 */
export const pendingFileDeletions = sqliteTable(
  'pending_file_deletions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer().notNull(),
    objectKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_file_deletions_account_idx').on(t.accountId, t.id),
    // The file route refuses a key waiting here: its row is gone.
    index('pending_file_deletions_key_idx').on(t.objectKey),
  ],
)

/** What reports count (Chatwoot's reporting_events names where it has them). */
export const REPORTING_EVENT_NAMES = [
  'conversation_created',
  'incoming_message',
  'outgoing_message',
  'first_response',
  'reply_time',
  'conversation_resolved',
] as const
export type ReportingEventName = (typeof REPORTING_EVENT_NAMES)[number]

/**
 * One reportable happening, written in the batch of the change that caused it (Chatwoot's
 * reporting_events): `value` is seconds for the timed ones. It keeps no reference to the
 * conversation's row, since a report is a record of what happened and outlives a deletion.
 * Reports read the sums in `reportSums`; these rebuild them.
 */
export const reportingEvents = sqliteTable(
  'reporting_events',
  {
    id: integer().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text({ enum: REPORTING_EVENT_NAMES }).notNull(),
    value: integer(),
    /** The timed value counted in the inbox's working hours only (Chatwoot's column). */
    valueInBusinessHours: integer(),
    conversationId: integer(),
    inboxId: integer().notNull(),
    userId: integer(),
    teamId: integer(),
    createdAt: integer().notNull(),
  },
  (t) => [
    index('reporting_events_account_name_time_idx').on(t.accountId, t.name, t.createdAt),
    index('reporting_events_conversation_idx').on(t.conversationId, t.name),
  ],
)

export const REPORT_DIMENSIONS = ['account', 'agent', 'inbox', 'team'] as const
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number]

const SUM_PARTS = ['count', 'total', 'total_bh'] as const
const sumColumn = () => integer().notNull().default(0)

/**
 * A report sum's value columns, three per event name: `<event>_count`, `<event>_total` (the sum
 * of the values) and `<event>_total_bh` (the sum of the values in business hours, for reports'
 * `business_hours=true`).
 */
export const REPORT_SUM_COLUMNS = REPORTING_EVENT_NAMES.flatMap((name) =>
  SUM_PARTS.map((part) => `${name}_${part}` as const),
)
type ReportSumColumn = (typeof REPORT_SUM_COLUMNS)[number]
const reportSumColumns = Object.fromEntries(
  REPORT_SUM_COLUMNS.map((column) => [column, sumColumn()]),
) as { [K in ReportSumColumn]: ReturnType<typeof sumColumn> }

/**
 * Reporting events summed per minute, hour and day (UTC) for the account and for each agent,
 * inbox and team they name: `span` is 60, 3600 or 86400 and `bucket` the span's start. Every
 * event name is a column of the same row, so a report reads one row per bucket whatever it
 * asks, and a write's several events land in one row. A report's edges read minutes, so it
 * reads a number of rows bounded by its range, never by the account's volume.
 */
export const reportSums = sqliteTable(
  'report_sums',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dimension: text({ enum: REPORT_DIMENSIONS }).notNull(),
    dimensionId: integer().notNull(),
    span: integer().notNull(),
    bucket: integer().notNull(),
    ...reportSumColumns,
  },
  (t) => [primaryKey({ columns: [t.accountId, t.dimension, t.dimensionId, t.span, t.bucket] })],
)

/*
 * The directory's own tables (docs/scaling.md). Every database has every table (one schema, one
 * set of migrations); these two hold rows only in the directory.
 */

/** Which shard holds an account's data; `readOnly` while the account is being moved. */
export const accountShards = sqliteTable('account_shards', {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  shard: integer().notNull(),
  readOnly: integer({ mode: 'boolean' }).notNull().default(false),
  updatedAt: updatedAt(),
})

/** The public client API names an inbox by its identifier: this maps it to its account. */
export const inboxRoutes = sqliteTable(
  'inbox_routes',
  {
    identifier: text().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('inbox_routes_account_idx').on(t.accountId)],
)

/**
 * An agent's notification (Chatwoot's notifications): what happened (`notificationType`) to which
 * conversation (the primary actor) and, for messages and mentions, which message (the secondary
 * actor). `sourceKey` names the event it came from, so re-publishing that event adds no second row.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationType: text({
      enum: [
        'conversation_creation',
        'conversation_assignment',
        'assigned_conversation_new_message',
        'conversation_mention',
        'participating_conversation_new_message',
      ],
    }).notNull(),
    primaryActorType: text().notNull().default('Conversation'),
    primaryActorId: integer().notNull(),
    secondaryActorType: text(),
    secondaryActorId: integer(),
    sourceKey: text().notNull(),
    readAt: integer(),
    snoozedUntil: integer(),
    lastActivityAt: integer().notNull().default(now),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notifications_source_unique').on(t.userId, t.notificationType, t.sourceKey),
    index('notifications_account_user_idx').on(t.accountId, t.userId, t.id),
  ],
)

/** Which notifications an agent gets by email and by push in an account (Chatwoot's flags). */
export const notificationSettings = sqliteTable(
  'notification_settings',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    selectedEmailFlags: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    selectedPushFlags: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('notification_settings_account_user_unique').on(t.accountId, t.userId)],
)

/** A browser's Web Push subscription for a user (Chatwoot's notification_subscriptions). */
export const notificationSubscriptions = sqliteTable(
  'notification_subscriptions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionType: text({ enum: ['browser_push', 'fcm'] }).notNull(),
    /** `{ endpoint, p256dh, auth }` for browser_push. */
    subscriptionAttributes: text({ mode: 'json' }).$type<Record<string, string>>().notNull(),
    /** The push endpoint: one row per browser. */
    identifier: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notification_subscriptions_identifier_unique').on(t.identifier),
    index('notification_subscriptions_user_idx').on(t.userId),
  ],
)
