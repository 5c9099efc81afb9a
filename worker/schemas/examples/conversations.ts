/** Examples of the conversations schemas, in Chatwoot's shapes, for /openapi.json. */

export const ConversationExample = {
  meta: {
    sender: {
      additional_attributes: {},
      availability_status: 'online',
      email: 'jane@example.com',
      id: 1,
      name: 'Jane Doe',
      phone_number: '+14155550123',
      blocked: false,
      identifier: 'customer-4821',
      thumbnail: '',
      custom_attributes: {
        plan: 'pro',
      },
      last_activity_at: 1763892900,
      created_at: 1763892900,
      contact_inboxes: [
        {
          source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
          inbox: {
            id: 1,
            avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
            channel_id: 1,
            name: 'Jane Doe',
            channel_type: 'Channel::WebWidget',
            provider: 'email',
          },
        },
      ],
    },
    channel: 'channel',
    assignee: {
      id: 1,
      account_id: 1,
      availability_status: 'online',
      auto_offline: false,
      confirmed: true,
      email: 'jane@example.com',
      provider: 'email',
      available_name: 'Jane Doe',
      custom_attributes: {
        plan: 'pro',
      },
      name: 'Jane Doe',
      role: 'administrator',
      thumbnail: '',
    },
    assignee_type: 'User',
    team: {
      id: 1,
      name: 'Jane Doe',
      description: 'Handles billing questions',
      allow_auto_assign: true,
      account_id: 1,
    },
    hmac_verified: false,
  },
  id: 1,
  messages: [
    {
      id: 1,
      content: 'Hello, how can I help you?',
      account_id: 1,
      inbox_id: 1,
      conversation_id: 1,
      message_type: 1,
      created_at: 1763892900,
      updated_at: 1763892900,
      private: false,
      status: 'open',
      source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
      content_type: 'text',
      content_attributes: {},
      sender_type: 'sender type',
      sender_id: 1,
      external_source_ids: {},
      additional_attributes: {},
      processed_message_content: 'processed message content',
      sentiment: {},
      conversation: {
        assignee_id: 1,
        unread_count: 1,
        last_activity_at: 1763892900,
        contact_inbox: {
          source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
        },
      },
      echo_id: 'echo id',
      attachments: [
        {
          id: 1,
          message_id: 1,
          file_type: 'file type',
          account_id: 1,
          extension: 'extension',
          data_url: 'https://www.example.com',
          thumb_url: 'https://www.example.com',
          file_size: 1,
          width: 1,
          height: 1,
        },
      ],
      sender: {
        id: 1,
        name: 'Jane Doe',
        available_name: 'Jane Doe',
        avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
        type: 'user',
        availability_status: 'online',
        thumbnail: '',
      },
    },
  ],
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
  inbox_id: 1,
  labels: ['billing'],
  muted: false,
  snoozed_until: 1,
  status: 'open',
  created_at: 1763892900,
  updated_at: 1763892900,
  timestamp: 1763892900,
  first_reply_created_at: 1763892900,
  unread_count: 1,
  last_non_activity_message: {
    id: 1,
    content: 'Hello, how can I help you?',
    account_id: 1,
    inbox_id: 1,
    conversation_id: 1,
    message_type: 1,
    created_at: 1763892900,
    updated_at: 1763892900,
    private: false,
    status: 'open',
    source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
    content_type: 'text',
    content_attributes: {},
    sender_type: 'sender type',
    sender_id: 1,
    external_source_ids: {},
    additional_attributes: {},
    processed_message_content: 'processed message content',
    sentiment: {},
    conversation: {
      assignee_id: 1,
      unread_count: 1,
      last_activity_at: 1763892900,
      contact_inbox: {
        source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
      },
    },
    echo_id: 'echo id',
    attachments: [
      {
        id: 1,
        message_id: 1,
        file_type: 'file type',
        account_id: 1,
        extension: 'extension',
        data_url: 'https://www.example.com',
        thumb_url: 'https://www.example.com',
        file_size: 1,
        width: 1,
        height: 1,
      },
    ],
    sender: {
      id: 1,
      name: 'Jane Doe',
      available_name: 'Jane Doe',
      avatar_url: 'https://www.gravatar.com/avatar/0?d=404',
      type: 'user',
      availability_status: 'online',
      thumbnail: '',
    },
  },
  last_activity_at: 1763892900,
  priority: 'low',
  waiting_since: 1,
  sla_policy_id: 1,
}

export const ConversationTeamExample = {
  id: 1,
  name: 'Jane Doe',
  description: 'Handles billing questions',
  allow_auto_assign: true,
  account_id: 1,
}

export const ConversationInputExample = {
  source_id: '0b4ae3d5-6f5b-4c1e-9a4e-2f0c8f0b9f11',
  inbox_id: 1,
  contact_id: 1,
  additional_attributes: {},
  custom_attributes: {
    plan: 'pro',
  },
  status: 'open',
  assignee_id: 1,
  team_id: 1,
  snoozed_until: 0,
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
  status: 'open',
  snoozed_until: 0,
}

export const ConversationCustomAttributesInputExample = {
  custom_attributes: {
    plan: 'pro',
  },
}

export const AssignmentInputExample = {
  assignee_id: 1,
  team_id: 1,
}

export const LabelsInputExample = {
  labels: ['billing'],
}
