/** Examples of the conversations schemas, in Chatwoot's shapes, for /openapi.json. */
import { AgentExample } from './agents'
import { ContactExample } from './contacts'
import { MessagePushDataExample } from './messages'
import { ConversationTeamExample } from './teams'

export { ConversationTeamExample }

export const ConversationExample = {
  meta: {
    sender: ContactExample,
    channel: 'Channel::WebWidget',
    assignee: AgentExample,
    assignee_type: 'User',
    team: ConversationTeamExample,
    hmac_verified: false,
    reply_refusal: null,
  },
  id: 42,
  messages: [MessagePushDataExample],
  account_id: 1,
  uuid: '5f0c2c8e-3a1b-4f6e-9d2a-7b8c9d0e1f2a',
  additional_attributes: {},
  agent_last_seen_at: 1763892900,
  assignee_last_seen_at: 1763892900,
  can_reply: false,
  contact_last_seen_at: 1763892900,
  custom_attributes: {
    plan: 'pro',
  },
  inbox_id: 3,
  labels: ['billing'],
  muted: false,
  snoozed_until: null,
  status: 'open',
  created_at: 1763892900,
  updated_at: 1763892900,
  timestamp: 1763892900,
  first_reply_created_at: 1763892900,
  unread_count: 1,
  last_non_activity_message: MessagePushDataExample,
  last_activity_at: 1763892900,
  priority: 'low',
  waiting_since: 1,
  sla_policy_id: null,
}

export const ConversationInputExample = {
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  inbox_id: 3,
  contact_id: 12,
  additional_attributes: {},
  custom_attributes: {
    plan: 'pro',
  },
  status: 'open',
  assignee_id: 1,
  team_id: 2,
  snoozed_until: null,
  hmac_verified: false,
  message: {
    content: 'Hello, how can I help you?',
    template_params: {},
  },
}

export const PriorityInputExample = {
  priority: 'low',
}

export const ToggleStatusInputExample = {
  status: 'resolved',
  snoozed_until: null,
}

export const ConversationCustomAttributesInputExample = {
  custom_attributes: {
    plan: 'pro',
  },
}

export const AssignmentInputExample = {
  assignee_id: 1,
  team_id: 2,
}

export const LabelsInputExample = {
  labels: ['billing'],
}

export const ConversationCountsExample = {
  mine_count: 3,
  assigned_count: 5,
  unassigned_count: 2,
  all_count: 7,
}

export const ToggleStatusResponseExample = {
  meta: {},
  payload: { success: true, conversation_id: 42, current_status: 'resolved', snoozed_until: null },
}
